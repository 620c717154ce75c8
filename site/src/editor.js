// A CodeMirror 6 editor for one cell: Python highlighting, line numbers,
// Shift+Enter / Ctrl+Enter to run, and a mark on the line an error points at. Tab indents, so
// every editor says how to leave it (Esc, then Tab): as its description, and in view when it
// gets focus from the keyboard or when Tab indents in it (the moment a learner who clicked in
// finds out that Tab does not leave). On a narrow screen long lines wrap, as the static copy does, under
// their own indentation (sangria.js).
import { EditorView, keymap, lineNumbers, drawSelection, highlightActiveLine, Decoration } from "@codemirror/view";
import { EditorState, StateField, StateEffect, Prec, Compartment } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching, indentUnit } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";
import { t as texto } from "./textos.js";
import { sangriaColgante } from "./sangria.js";

const ESTRECHA = matchMedia("(max-width: 600px)"); // as estilo.css wraps .editor > pre
let porTeclado = false; // whether the last input was a key: focus then came from Tab, not a click
addEventListener("keydown", () => (porTeclado = true), true);
addEventListener("pointerdown", () => (porTeclado = false), true);
let ayudas = 0;

// Colours come from CSS variables, so dark mode is a stylesheet matter (comparar.js shares it).
export const resaltado = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword, t.operatorKeyword], color: "var(--cm-clave)" },
  { tag: [t.string, t.special(t.string)], color: "var(--cm-cadena)" },
  { tag: [t.number, t.bool, t.null], color: "var(--cm-numero)" },
  { tag: [t.comment, t.lineComment], color: "var(--cm-comentario)", fontStyle: "italic" },
  { tag: [t.function(t.variableName), t.function(t.definition(t.variableName)), t.definition(t.className)], color: "var(--cm-funcion)" },
  { tag: [t.self, t.standard(t.variableName)], color: "var(--cm-especial)" },
]);

const marcar = StateEffect.define();
const lineaErronea = StateField.define({
  create: () => Decoration.none,
  update(marcas, tr) {
    for (const e of tr.effects) {
      if (e.is(marcar)) {
        if (e.value == null || e.value > tr.state.doc.lines) return Decoration.none;
        const linea = tr.state.doc.line(e.value);
        return Decoration.set([Decoration.line({ class: "cm-linea-error" }).range(linea.from)]);
      }
    }
    return tr.docChanged ? Decoration.none : marcas;
  },
  provide: (f) => EditorView.decorations.from(f),
});

export function crearEditor({ padre, codigo, etiqueta, alEjecutar, alCambiar }) {
  const ejecutar = () => {
    alEjecutar();
    return true;
  };
  const ajuste = new Compartment();
  const ayuda = Object.assign(document.createElement("p"), { className: "editor-ayuda", id: `editor-ayuda-${++ayudas}`,
                                                             textContent: texto("ayuda_teclado"), hidden: true });
  // The page's first editor has the same words right above it (celda.html), in view already.
  const yaDicho = () => padre.closest("section")?.querySelector(".ayuda-teclado")?.checkVisibility();
  const decir = () => {
    ayuda.hidden = Boolean(yaDicho());
    return false; // as Tab's binding: it still indents (indentWithTab, below)
  };
  const vista = new EditorView({
    parent: padre,
    state: EditorState.create({
      doc: codigo,
      extensions: [
        Prec.highest(keymap.of([
          { key: "Shift-Enter", run: ejecutar },
          { key: "Mod-Enter", run: ejecutar },
          { key: "Tab", shift: decir, run: decir },
        ])),
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        indentOnInput(),
        bracketMatching(),
        indentUnit.of("    "),
        python(),
        syntaxHighlighting(resaltado),
        lineaErronea,
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        // tabindex: axe counts a contenteditable as unfocusable, so a wide line's scroller failed
        // scrollable-region-focusable; it adds no Tab stop (codemirror/dev#960).
        EditorView.contentAttributes.of({ "aria-label": etiqueta, tabindex: "0", "aria-describedby": ayuda.id }),
        ajuste.of(ESTRECHA.matches ? [EditorView.lineWrapping, sangriaColgante] : []),
        EditorView.domEventHandlers({
          focus: () => void (porTeclado ? decir() : (ayuda.hidden = true)),
          blur: () => void (ayuda.hidden = true),
        }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) alCambiar(u.state.doc.toString());
        }),
      ],
    }),
  });
  padre.append(ayuda);
  ESTRECHA.addEventListener("change", () => vista.dispatch({ effects: ajuste.reconfigure(ESTRECHA.matches ? [EditorView.lineWrapping, sangriaColgante] : []) }));
  return {
    vista,
    texto: () => vista.state.doc.toString(),
    poner(texto) {
      vista.dispatch({ changes: { from: 0, to: vista.state.doc.length, insert: texto } });
    },
    marcarLinea(n) {
      vista.dispatch({ effects: marcar.of(n) });
    },
  };
}
