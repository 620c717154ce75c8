// Keeps the learner's work in localStorage, one key per thing, each "curso-agentes:" and then:
//   <curso>/<slug>:<cell id>, <curso>/<slug>:reto-<name>   an edit of a cell or a challenge:
//       JSON {"texto", "huella"}, the code and the fingerprint of the original it started from
//       (construir/huellas.py), so that a newer build can tell (version.js); a plain string,
//       saved before fingerprints, reads as based on today's original. No key for the original.
//   <curso>/<slug>:reto-<name>:resultado, :superado, :pistas, :fallos, :historial   the last report, "1" once
//       passed, hints seen and failed checks before passing, and those with their times (pistas.js)
//   <curso>/<slug>:pregunta-<id>                           {"respuesta", "acierto", "huella", "intentos"}
//   <curso>/<slug>:celdas-ejecutadas, :leccion:empezada, :leccion:terminada   [cell ids], times (progreso.js)
//   <curso>/:ultimo-sitio                                  {"slug", "ancla"}
// site/formas.json says what each value holds (leerDato reads through formas.js); an export (indice.js)
// is such keys with their values. Without storage (private mode, quota) edits live in the editor.
import { PREFIJO, formaDe, revisarGuardado } from "./formas.js";

const ignorados = new Map(); // key -> what is wrong with its value, said once by the page
const oyentes = [];
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

/** The value of k, parsed if its form is JSON; null if there is none, or if it is not what
 *  formas.js says: then it is ignored, not deleted, and alIgnorado's listeners hear of it. */
export function leerDato(k) {
  const v = leer(k);
  if (v === null) return null;
  const [problema] = revisarGuardado(k, v);
  if (!problema) return formaDe(k)?.json ? JSON.parse(v) : v;
  if (!ignorados.has(k)) {
    ignorados.set(k, problema);
    avisar();
  }
  return null;
}

/** f hears, now and on every change, the list of what leerDato ignored (one sentence each). */
export function alIgnorado(f) {
  oyentes.push(f);
  if (ignorados.size) f([...ignorados.values()]);
}
const avisar = () => oyentes.forEach((f) => f([...ignorados.values()]));

export function guardar(k, texto, original) {
  try {
    if (texto === original) localStorage.removeItem(k);
    else localStorage.setItem(k, texto);
    if (ignorados.delete(k)) avisar(); // what was ignored is replaced
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

/** Writes back what todas() gave, checked already (formas.js): all of it, or, if storage
 *  refuses one (quota), none (what was written is put back as it was), and throws. */
export function reponer(datos) {
  const antes = Object.keys(datos).map((k) => [k, localStorage.getItem(k)]);
  try {
    for (const [k, v] of Object.entries(datos)) localStorage.setItem(k, v);
  } catch (e) {
    antes.forEach(([k, v]) => (v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)));
    throw e;
  }
  if (Object.keys(datos).filter((k) => ignorados.delete(k)).length) avisar(); // replaced by good values
}

/** Forgets every key of one lesson: its edits, answers and challenge state. */
export function olvidarLeccion(curso, slug) {
  Object.keys(todas()).filter((k) => k.startsWith(clave(curso, slug, ""))).forEach((k) => localStorage.removeItem(k));
}
