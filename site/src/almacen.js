// Keeps the learner's work in localStorage, one key per thing, each "curso-agentes:" and then:
//   <curso>/<slug>:<cell id>, <curso>/<slug>:reto-<name>   an edit of a cell or a challenge:
//       JSON {"texto", "huella"}, the code and the fingerprint of the lesson's original it started
//       from (construir/huellas.py), so that a page of a newer build can tell (version.js); a
//       plain string, saved before fingerprints, reads as based on today's original. The
//       original itself is never saved: no key.
//   <curso>/<slug>:reto-<name>:resultado, :superado        the last report, and "1" once passed
//   <curso>/<slug>:pregunta-<id>                           {"respuesta", "acierto", "huella"}
//   <curso>/<slug>:celdas-ejecutadas                       [cell ids]  (progreso.js)
//   <curso>/:ultimo-sitio                                  {"slug", "ancla"}
// A progress export (indice.js) is every such key with its value, as it is. Storage may be
// unavailable (private mode, quota): then edits live only in the editor.
const PREFIJO = "curso-agentes";

export function clave(curso, slug, celda) {
  return `${PREFIJO}:${curso}/${slug}:${celda}`;
}

export function leer(k) {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
}

export function guardar(k, texto, original) {
  try {
    if (texto === original) localStorage.removeItem(k);
    else localStorage.setItem(k, texto);
    return true;
  } catch {
    return false;
  }
}

export function olvidar(k) {
  try {
    localStorage.removeItem(k);
  } catch {
    // no storage: nothing saved
  }
}

/** A saved edit, {texto, huella}, or null. A plain string (saved before fingerprints) counts
 *  as based on the current original, `huella`: such an edit is never taken as outdated. */
export function leerEdicion(k, huella) {
  const v = leer(k);
  if (v === null) return null;
  try {
    const e = JSON.parse(v);
    if (typeof e?.texto === "string" && typeof e.huella === "string" && Object.keys(e).length === 2) return e;
  } catch {
    // not JSON: a plain string
  }
  return { texto: v, huella };
}

/** Saves an edit made on the original whose fingerprint is `huella`; the original itself, nothing.
 *  A page with no fingerprints saves a plain string, which leerEdicion reads back as it was. */
export function guardarEdicion(k, texto, huella, original) {
  const valor = texto === original || typeof huella !== "string" ? texto : JSON.stringify({ texto, huella });
  return guardar(k, valor, original);
}

/** Every saved key of the course, {key: value}: what an export writes. */
export function todas() {
  const datos = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(`${PREFIJO}:`)) datos[k] = localStorage.getItem(k);
    }
  } catch {
    // no storage: nothing saved
  }
  return datos;
}

/** Writes back what todas() gave; only the course's keys, only strings. */
export function reponer(datos) {
  for (const [k, v] of Object.entries(datos)) {
    if (k.startsWith(`${PREFIJO}:`) && typeof v === "string") localStorage.setItem(k, v);
  }
}

/** Forgets every key of one lesson: its edits, answers and challenge state. */
export function olvidarLeccion(curso, slug) {
  Object.keys(todas()).filter((k) => k.startsWith(clave(curso, slug, ""))).forEach((k) => localStorage.removeItem(k));
}
