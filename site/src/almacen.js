// Keeps the learner's edits per lesson and cell in localStorage. Storage may be
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
