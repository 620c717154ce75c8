// Two versions of a cell's or a challenge's code compared, read-only: the lesson's on one side
// and the learner's on the other (@codemirror/merge's MergeView), or, on a phone's width, the
// learner's in one column with the lesson's lines that differ shown in place (unifiedMergeView).
// Loaded by version.js only when the learner opens a comparison: a chunk of its own.
import { MergeView, unifiedMergeView } from "@codemirror/merge";
import { EditorView, lineNumbers } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { python } from "@codemirror/lang-python";
import { syntaxHighlighting } from "@codemirror/language";
import { resaltado } from "./editor.js";

const ESTRECHA = "(max-width: 600px)"; // as the stylesheet's phones

function soloLectura(etiqueta) {
  return [
    lineNumbers(),
    python(),
    syntaxHighlighting(resaltado),
    EditorState.readOnly.of(true),
    EditorView.lineWrapping, // half a cell's width: a long line wraps rather than hides (sides stay aligned)
    // Focusable and labelled, as the editors are (editor.js): a reader can walk the text.
    EditorView.contentAttributes.of({ "aria-label": etiqueta, tabindex: "0" }),
  ];
}

function cabecera(lados) {
  const fila = document.createElement("div");
  fila.className = "comparacion-lados";
  for (const lado of lados) {
    const nombre = document.createElement("span");
    nombre.textContent = lado;
    fila.append(nombre);
  }
  return fila;
}

/** Draws the comparison in `padre`; lados: the names of [the lesson's side, the learner's side];
 *  leyenda: what the colours of the one-column form mean. Returns {actualizar(tuyo), destruir()}. */
export function comparar(padre, { original, tuyo, lados: [suyo, mio], leyenda }) {
  const reemplazo = (vista, texto) => vista.dispatch({ changes: { from: 0, to: vista.state.doc.length, insert: texto } });
  if (matchMedia(ESTRECHA).matches) {
    padre.append(cabecera([leyenda]));
    const vista = new EditorView({
      parent: padre,
      state: EditorState.create({
        doc: tuyo,
        extensions: [...soloLectura(mio), unifiedMergeView({ original, mergeControls: false })],
      }),
    });
    return { actualizar: (texto) => reemplazo(vista, texto), destruir: () => vista.destroy() };
  }
  padre.append(cabecera([suyo, mio]));
  const vista = new MergeView({
    a: { doc: original, extensions: soloLectura(suyo) },
    b: { doc: tuyo, extensions: soloLectura(mio) },
    parent: padre,
  });
  return { actualizar: (texto) => reemplazo(vista.b, texto), destruir: () => vista.destroy() };
}
