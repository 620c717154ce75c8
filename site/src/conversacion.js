// A conversation, message by message, in the page: the same markup as construir/conversacion.py
// writes at build time, drawn from py/vista.py's data, every string inserted as text. activar()
// marks a call and its result together while either is hovered or focused, and brings the other
// one's line into view when the focus arrives (a keyboard has no pointer to go and look).
import { t } from "./textos.js";

const PLEGAR = 400; // characters of a tool_result past which its content is folded (as at build time)
const LARGA = 50; // messages past which a conversation is "larga" (conversacion.css; as at build time)
const ROLES = new Set(["sistema", "usuario", "asistente"]); // class names; any other role draws as rol-otro

function el(etiqueta, clase, texto) {
  const e = document.createElement(etiqueta);
  if (clase) e.className = clase;
  if (texto !== undefined) e.textContent = texto;
  return e;
}

const miles = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "."); // 2.000, as at build time

function numero(letra) {
  return [...letra].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

function bloque(b) {
  if (b.tipo !== "tool_use" && b.tipo !== "tool_result") {
    const texto = b.tipo === "text";
    const li = el("li", texto ? "texto" : "otro");
    li.append(el(texto ? "p" : "pre", "", b.texto));
    return li;
  }
  const llamada = b.tipo === "tool_use";
  const li = el("li", llamada ? "llamada" : "resultado");
  const cabeza = el("p", "cabeza");
  if (b.par) {
    li.classList.add(`par-${numero(b.par) % 6}`);
    li.dataset.par = b.par;
    const marca = el("button", "par", b.par);
    marca.type = "button";
    marca.setAttribute("aria-label", t(llamada ? "conversacion_par_llamada" : "conversacion_par_resultado", { par: b.par, id: b.id }));
    cabeza.append(marca, " ");
  }
  if (b.error) li.classList.add("error");
  cabeza.append(el("span", "tipo", b.tipo), " ", el("code", "id", b.id));
  li.append(cabeza);
  if (llamada) {
    cabeza.append(" ", el("span", "nombre", b.nombre));
    li.append(el("pre", "argumentos", b.entrada));
  } else {
    if (b.error) cabeza.append(" ", el("span", "marca-error", "is_error"));
    const contenido = el("pre", "contenido", b.contenido);
    const largo = [...b.contenido].length + (b.omitidos ?? 0); // code points, as Python's len() at build time
    if (largo > PLEGAR) {
      const plegado = el("details");
      plegado.append(el("summary", "", t("conversacion_plegado", { n: miles(largo) })), contenido);
      li.append(plegado);
    } else li.append(contenido);
  }
  if (b.omitidos) (li.querySelector("details") ?? li).append(el("p", "omitidos", t("conversacion_omitidos", { n: miles(b.omitidos) }))); // dibujo.py cut it
  if (b.problema) li.append(el("p", "problema", b.problema));
  return li;
}

function mensaje(m) {
  const li = el("li", `mensaje rol-${ROLES.has(m.rol) ? m.rol : "otro"}`);
  const quien = el("p", "quien");
  quien.append(el("span", "numero", String(m.n)), " ", el("span", "rol", m.rol));
  if (m.autor) quien.append(" ", el("span", "autor", t("conversacion_autor", { autor: m.autor })));
  const bloques = el("ul", "bloques");
  bloques.append(...m.bloques.map(bloque));
  li.append(quien, bloques);
  return li;
}

/** The conversation's element: datos is py/vista.py's, notas {k: [narration before message k]}. */
export function dibujar(datos, notas = {}) {
  const raiz = el("div", datos.mensajes.length > LARGA ? "conversacion larga" : "conversacion");
  let lista = null;
  datos.mensajes.forEach((m, k) => {
    if (notas[k]) {
      notas[k].forEach((n) => raiz.append(el("p", "narracion", n)));
      lista = null;
    }
    if (!lista) {
      lista = el("ol", "mensajes");
      lista.start = m.n;
      raiz.append(lista);
    }
    lista.append(mensaje(m));
  });
  (notas[datos.mensajes.length] || []).forEach((n) => raiz.append(el("p", "narracion", n)));
  return raiz;
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
