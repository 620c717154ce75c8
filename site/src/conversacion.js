// A conversation in the page: dibujar() builds py/vista.py's tree (drawn in the worker, where the
// learner's code runs) as elements, every string inserted as text, and refuses any tag or
// attribute site/arbol.json does not allow; the build writes the same tree as HTML
// (construir/arbol.py). activar() marks a call and its result together while either is hovered
// or focused, and brings the other one's line into view when the focus arrives (a keyboard has
// no pointer to go and look).
import { t } from "./textos.js";
import permitido from "../arbol.json";

const ETIQUETAS = new Set(permitido.etiquetas);
const ATRIBUTOS = new Set(permitido.atributos);

function texto(x) {
  if (typeof x === "string") return x;
  if (typeof x === "number") return String(x);
  if (x?.constructor === Object && typeof x.t === "string" && x.v?.constructor === Object) return t(x.t, x.v);
  throw new Error(`ni texto ni nodo en el árbol de una conversación: ${JSON.stringify(x)}`);
}

/** The element of a tree: [tag, {attribute: value}, child, ...], a child a tree, a text, or
 *  {t: a key of site/textos.es.json, v: its values}, as an attribute's value may be too. */
export function dibujar(nodo) {
  if (!Array.isArray(nodo)) return document.createTextNode(texto(nodo));
  const [etiqueta, atributos, ...hijos] = nodo;
  if (!ETIQUETAS.has(etiqueta)) throw new Error(`etiqueta no permitida en el árbol de una conversación: ${etiqueta}`);
  const e = document.createElement(etiqueta);
  if (atributos?.constructor !== Object) throw new Error(`atributos que no son un objeto: ${JSON.stringify(atributos)}`);
  for (const nombre in atributos) {
    if (!ATRIBUTOS.has(nombre)) throw new Error(`atributo no permitido en el árbol de una conversación: ${nombre}`);
    e.setAttribute(nombre, texto(atributos[nombre]));
  }
  for (const h of hijos) e.append(typeof h === "string" ? h : dibujar(h));
  return e;
}

const activadas = new WeakSet();
const suave = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

/** Marks a call and its result together while either is hovered or focused, in every
 *  conversation under raiz, drawn now or later. Once per raiz, however often it is called. */
export function activar(raiz = document) {
  if (activadas.has(raiz)) return;
  activadas.add(raiz);
  const pareja = (e) => e.target.closest?.(".conversacion [data-par]");
  const marcar = (e, si) => {
    const b = pareja(e);
    if (!b) return;
    const par = b.closest(".conversacion").querySelectorAll(`[data-par="${CSS.escape(b.dataset.par)}"]`);
    par.forEach((x) => x.classList.toggle("emparejado", si));
    // "nearest" scrolls only when that line is off-screen, and no further than needed.
    const otro = e.type === "focusin" && [...par].find((x) => x !== b);
    if (otro) otro.querySelector(".cabeza").scrollIntoView({ block: "nearest", behavior: suave() });
  };
  for (const [tipo, si] of [["pointerover", true], ["pointerout", false], ["focusin", true], ["focusout", false]]) {
    raiz.addEventListener(tipo, (e) => marcar(e, si));
  }
}
