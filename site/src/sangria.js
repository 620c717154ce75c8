// On a phone long lines wrap (editor.js); a wrapped line would restart at the left margin and a
// Python body would seem to leave its block. Each indented line gets a hanging indent at its own
// indentation: padding-left of N columns and text-indent of -N, so its first row stays where it
// was and the rows it wraps into start under its first character (CodeMirror's forum recipe for
// lineWrapping; the base theme's .cm-line padding is 6px on the left). The indentation itself is
// one span that never wraps (estilo.css): wrapping after it left a row of blanks above a line whose
// first word did not fit (llamar-herramientas' template at 390 px: «10» beside an empty row).
import { ViewPlugin, Decoration } from "@codemirror/view";
import { RangeSetBuilder } from "@codemirror/state";

function marcas(vista) {
  const b = new RangeSetBuilder();
  const sangria = Decoration.mark({ class: "sangria" });
  let ultima = -1;
  for (const { from, to } of vista.visibleRanges) {
    for (let pos = from; pos <= to; ) {
      const linea = vista.state.doc.lineAt(pos);
      const n = /^ */.exec(linea.text)[0].length;
      if (n && linea.number > ultima) {
        b.add(linea.from, linea.from, Decoration.line({ attributes: { style: `padding-left: calc(6px + ${n}ch); text-indent: -${n}ch` } }));
        b.add(linea.from, linea.from + n, sangria);
      }
      ultima = linea.number;
      pos = linea.to + 1;
    }
  }
  return b.finish();
}

export const sangriaColgante = ViewPlugin.fromClass(class {
  constructor(vista) { this.decorations = marcas(vista); }
  update(u) { if (u.docChanged || u.viewportChanged) this.decorations = marcas(u.view); }
}, { decorations: (p) => p.decorations });
