// Where a failure's expected and got first differ, marked (<mark>) in both, so that the learner
// sees it at once (the difference can be the first character of a long text). It reads the two
// shapes py/redaccion.py and py/guionizado.py word every comparison in, and marks nothing in
// any other text: "Se esperaba…:\n A\ny llegó|devolvió:\n B" and "… esperado 'a', recibido 'b'".
const BLOQUES = /Se esperaba[^\n]*:\n([^]*?)\ny (?:llegó|devolvió):\n([^]*)$/;
const CITA = String.raw`…?(?:'(?:[^'\\\n]|\\.)*(?:'|…)|"(?:[^"\\\n]|\\.)*(?:"|…))`; // a repr, maybe cut
const EN_LINEA = new RegExp(String.raw`esperad[oa] (${CITA}), recibid[oa] (${CITA})`);

const primera = (a, b) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};
// [from, to] of a's part that differs from b's, past their common start c and common end.
const distinto = (a, b, c) => {
  let s = 0;
  while (s < Math.min(a.length, b.length) - c && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return [c, a.length - s];
};

/** [[from, to], [from, to]]: the marked spans of texto's expected and got, or null. */
export function tramos(texto) {
  const b = BLOQUES.exec(texto);
  if (b) {
    const [inicioA, inicioB] = [b.index + b[0].indexOf(b[1]), b.index + b[0].length - b[2].length];
    const [la, lb] = [b[1].split("\n"), b[2].split("\n")];
    const k = primera(la, lb);
    if (k >= la.length && k >= lb.length) return null;
    const desde = (lineas, inicio) => inicio + lineas.slice(0, k).reduce((n, l) => n + l.length + 1, 0);
    const c = primera(la[k] ?? "", lb[k] ?? "");
    const tramo = (lineas, otras, inicio) => {
      if (k >= lineas.length) return null;
      const d = desde(lineas, inicio);
      const [x, y] = distinto(lineas[k], otras[k] ?? "", c);
      return [d + x, d + y];
    };
    return [tramo(la, lb, inicioA), tramo(lb, la, inicioB)];
  }
  const m = EN_LINEA.exec(texto);
  if (!m) return null;
  const [a, r] = [m[1], m[2]];
  const c = primera(a, r);
  if (c >= a.length && c >= r.length) return null;
  const inicioA = m.index + m[0].indexOf(a);
  const inicioR = m.index + m[0].length - r.length;
  const [[a0, a1], [r0, r1]] = [distinto(a, r, c), distinto(r, a, c)];
  return [[inicioA + a0, inicioA + a1], [inicioR + r0, inicioR + r1]];
}

/** The nodes of texto with its difference marked: text nodes and <mark>s, nothing as HTML. */
export function marcada(texto) {
  const t = (tramos(texto) || []).filter((x) => x && x[1] > x[0]).sort((x, y) => x[0] - y[0]);
  const nodos = [];
  let desde = 0;
  for (const [a, b] of t) {
    nodos.push(document.createTextNode(texto.slice(desde, a)));
    const marca = document.createElement("mark");
    marca.textContent = texto.slice(a, b);
    nodos.push(marca);
    desde = b;
  }
  nodos.push(document.createTextNode(texto.slice(desde)));
  return nodos;
}
