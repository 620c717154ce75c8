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
