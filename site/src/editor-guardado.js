// An editor whose text is kept in localStorage under its key, a moment after each change,
// and comes back on the next visit: what a cell and a challenge share.
import { crearEditor } from "./editor.js";
import { leer, guardar } from "./almacen.js";

const GUARDAR_MS = 300; // after the last change: a burst of typing is one write

/** Mounts the editor in `contenedor` (replacing its static, highlighted copy). Returns the
 *  editor (texto, poner, marcarLinea) with guardarYa() and restaurar(), which puts `original` back. */
export function editorGuardado({ contenedor, clave, original, etiqueta, alEjecutar }) {
  let temporizador = null;
  contenedor.textContent = "";
  const editor = crearEditor({
    padre: contenedor,
    codigo: leer(clave) ?? original,
    etiqueta,
    alEjecutar,
    alCambiar: () => {
      clearTimeout(temporizador);
      temporizador = setTimeout(guardarYa, GUARDAR_MS);
    },
  });
  function guardarYa() {
    clearTimeout(temporizador);
    guardar(clave, editor.texto(), original);
  }
  function restaurar() {
    editor.poner(original);
    guardarYa();
  }
  return { ...editor, guardarYa, restaurar };
}
