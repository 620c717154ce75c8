// What a cell shows of a conversation (py/vista.py's turns): one conversation, or a
// ModeloGuionizado's run turn by turn with buttons to go from one turn to another. A reply says
// its stop_reason and token counts; a refused turn marks the message and block its error names,
// in words as well as colour, and shows what the script expected there; a turn where the API
// failed (an HTTP error of the script) says so. Loaded when a cell first shows one, never before.
import { dibujar, activar } from "./conversacion.js";
import { t } from "./textos.js";

activar();

function el(etiqueta, clase, texto) {
  const e = document.createElement(etiqueta);
  if (clase) e.className = clase;
  if (texto !== undefined) e.textContent = texto;
  return e;
}

function senalar(raiz, { mensaje, bloque }) {
  const m = raiz.querySelectorAll("li.mensaje")[mensaje - 1];
  const b = bloque ? m?.querySelectorAll(".bloques > li")[bloque - 1] : null;
  const sitio = b || m;
  if (!sitio) return;
  sitio.classList.add("resaltado-error");
  sitio.append(el("p", "senal", t(b ? "turno_aqui_bloque" : "turno_aqui_mensaje", { mensaje, bloque })));
}

/** One turn's element; conError: say the refusal in words (a cell's traceback already does). */
function turno(tu, conError) {
  const notas = {};
  if (tu.recibidos !== null && !tu.error) notas[tu.recibidos] = [t("turno_contesta")];
  const raiz = dibujar(tu.datos, notas);
  if (tu.recibidos !== null) raiz.prepend(el("p", "narracion", t(tu.recibidos === 1 ? "turno_recibe_uno" : "turno_recibe", { n: tu.recibidos })));
  raiz.setAttribute("aria-live", "off"); // a drawn view is read when visited, not announced
  if (tu.marca) senalar(raiz, tu.marca);
  if (tu.motivo) raiz.append(el("p", "narracion motivo", t(tu.uso.api ? "turno_motivo_api" : "turno_motivo", { motivo: tu.motivo, entrada: tu.uso.input_tokens, salida: tu.uso.output_tokens })));
  if (tu.http) raiz.append(el("p", "rechazo fallo-http", t("turno_fallo_http", { error: tu.error })));
  else if (tu.error && conError) raiz.append(el("p", "rechazo", t("turno_rechaza", { error: tu.error })));
  if (tu.esperado) {
    raiz.append(el("p", "narracion", t("turno_esperado", { n: tu.esperado.n })));
    const lista = dibujar({ mensajes: [tu.esperado] }).firstChild;
    lista.classList.add("esperado");
    raiz.append(lista);
  }
  return raiz;
}

/** The element for turnos: with previous/next controls when there are several. It opens on
 *  the last turn, the whole run so far; conError as in turno(). */
export function dibujarTurnos(turnos, conError = true) {
  if (turnos.length === 1) return turno(turnos[0], conError);
  const caja = el("div", "turnos");
  const barra = el("div", "turnos-barra");
  const [antes, rotulo, despues] = [el("button", "anterior", t("turno_anterior")), el("span", "", ""), el("button", "siguiente", t("turno_siguiente"))];
  rotulo.setAttribute("aria-live", "polite");
  antes.type = despues.type = "button";
  barra.append(antes, rotulo, despues);
  caja.append(barra, el("div"));
  const numero = (k) => turnos[k].turno ?? k + 1; // the run's own numbers: it may keep only its last turns
  const ir = (k) => {
    caja.dataset.turno = k;
    rotulo.textContent = t("turno_n", { k: numero(k), n: numero(turnos.length - 1) });
    const foco = document.activeElement;
    antes.disabled = k === 0;
    despues.disabled = k === turnos.length - 1;
    if (foco?.disabled) (foco === antes ? despues : antes).focus(); // focus never falls to the page
    caja.lastChild.replaceWith(turno(turnos[k], conError));
  };
  antes.addEventListener("click", () => ir(Number(caja.dataset.turno) - 1));
  despues.addEventListener("click", () => ir(Number(caja.dataset.turno) + 1));
  ir(turnos.length - 1);
  return caja;
}
