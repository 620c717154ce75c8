// Each question kind's pieces in the page, as construir/preguntas.py's TIPOS has them in the
// build: how the learner's answer is read from the form's controls (null or empty: none yet),
// put back from a saved one, checked, and which control holds the right answer (`esCorrecta`)
// or what is written beside the field (`escrita`). `falta` (a multiple choice missing a right
// option) and `pista` (a gap's hint for this wrong answer, or -1) exist where a kind has them. A kind missing here is named by preguntas.js, never guessed.
const sinEspacios = (s) => s.replace(/\s+/g, "");
const marcadas = (campos) => campos.filter((c) => c.checked).map((c) => c.value);
const primera = (campos, como) => { const m = marcadas(campos); return m.length ? como(m[0]) : null; };
// A saved answer back on radios and checkboxes: option indices, a line number, or true/false.
const marcar = (campos, r) => {
  for (const c of campos) c.checked = Array.isArray(r) ? r.includes(Number(c.value)) : String(r) === c.value || (r === true && c.value === "verdadero") || (r === false && c.value === "falso");
};

const conOpciones = {
  respuesta: (campos) => marcadas(campos).map(Number),
  poner: marcar,
  acierta: (d, r) => r.length === d.correctas.length && r.every((x) => d.correctas.includes(x)),
  esCorrecta: (d, valor) => d.correctas.includes(Number(valor)),
};

export const TIPOS = {
  unica: conOpciones,
  prediccion: conOpciones,
  multiple: { ...conOpciones, falta: (d, elegidas) => elegidas.length > 0 && elegidas.every((k) => d.correctas.includes(k)) },
  vf: {
    respuesta: (campos) => primera(campos, (v) => v === "verdadero"),
    poner: marcar,
    acierta: (d, r) => r === d.respuesta,
    esCorrecta: (d, valor) => (valor === "verdadero") === d.respuesta,
  },
  linea: {
    respuesta: (campos) => primera(campos, Number),
    poner: marcar,
    acierta: (d, r) => r === d.respuesta,
    esCorrecta: (d, valor) => Number(valor) === d.respuesta,
  },
  hueco: { // one text field; the right answer is written beside it, not marked on a control
    respuesta: (campos) => campos[0].value.trim(),
    poner: (campos, r) => { campos[0].value = r; },
    acierta: (d, r) => d.respuesta.some((x) => sinEspacios(x) === sinEspacios(r)),
    escrita: (d) => d.respuesta[0],
    pista: (d, r) => (d.pistas ?? []).findIndex((xs) => xs.some((x) => sinEspacios(x) === sinEspacios(r))),
  },
};
