// An editor whose text is kept in localStorage under its key, a moment after each change,
// and comes back on the next visit: what a cell and a challenge share. The saved edit knows
// which original it started from (almacen.js); version.js says how it stands to today's.
import { crearEditor } from "./editor.js";
import { leerEdicion, guardarEdicion } from "./almacen.js";
import { montarVersion } from "./version.js";

const GUARDAR_MS = 300; // after the last change: a burst of typing is one write

/** Mounts the editor in `contenedor` (replacing its static, highlighted copy), with the line
 *  that says whether it is modified or based on an older original (`tipo`: "celda" or "reto").
 *  Returns the editor (texto, poner, marcarLinea) with guardarYa() and restaurar(), which puts
 *  `original` back, and quedarme(), which takes the learner's edit as based on today's original. */
export function editorGuardado({ contenedor, clave, original, huella, tipo, etiqueta, alEjecutar }) {
  let temporizador = null;
  const guardada = leerEdicion(clave, huella);
  // The fingerprint of the original the learner's text started from: until they choose, an
  // edit of an older original keeps its own, and so its notice, across reloads.
  let base = guardada && guardada.texto !== original ? guardada.huella : huella;
  contenedor.textContent = "";
  const editor = crearEditor({
    padre: contenedor,
    codigo: guardada?.texto ?? original,
    etiqueta,
    alEjecutar,
    alCambiar: () => {
      clearTimeout(temporizador);
      temporizador = setTimeout(guardarYa, GUARDAR_MS);
    },
  });
  function guardarYa() {
    clearTimeout(temporizador);
    const texto = editor.texto();
    if (texto === original) base = huella;
    guardarEdicion(clave, texto, base, original);
    version.actualizar();
  }
  const guardado = {
    ...editor,
    original,
    guardarYa,
    restaurar() {
      editor.poner(original);
      guardarYa();
    },
    quedarme() {
      base = huella;
      guardarYa();
    },
    /** "" (the original), "modificada", or "desfasada" (an edit of an older original). */
    estado() {
      if (editor.texto() === original) return "";
      return base === huella ? "modificada" : "desfasada";
    },
  };
  const version = montarVersion(contenedor, guardado, tipo);
  return guardado;
}
