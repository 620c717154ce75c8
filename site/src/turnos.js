// What a cell shows of a conversation: one conversation, or a ModeloGuionizado's run turn by turn
// with buttons to go from one turn to another. Each turn comes drawn as py/vista.py's tree
// ({turno, arbol}: its stop_reason and token counts, a refusal's marks and what the script
// expected, in py/vista.py's arbol_turno), built here by conversacion.js. Loaded when a cell
// first shows one, never before.
import { dibujar, activar } from "./conversacion.js";
import { t } from "./textos.js";

activar();

function el(etiqueta, clase, texto) {
  const e = document.createElement(etiqueta);
  if (clase) e.className = clase;
  if (texto !== undefined) e.textContent = texto;
  return e;
}

/** The element for turnos ([{turno, arbol}]): with previous/next controls when there are
 *  several. It opens on the last turn, the whole run so far. */
export function dibujarTurnos(turnos) {
  if (turnos.length === 1) return dibujar(turnos[0].arbol);
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
    caja.lastChild.replaceWith(dibujar(turnos[k].arbol));
  };
  antes.addEventListener("click", () => ir(Number(caja.dataset.turno) - 1));
  despues.addEventListener("click", () => ir(Number(caja.dataset.turno) + 1));
  ir(turnos.length - 1);
  return caja;
}
