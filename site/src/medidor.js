// The token and cost meter of a run's real-model calls, under the cell's output: what the API's
// usage said, summed, priced with site/precios-modelos.json (dated, with its source).
import { t } from "./textos.js";
import PRECIOS from "../precios-modelos.json";

// "2026-12-05" as a learner reads a date: «5 de diciembre de 2026».
const FECHA = new Date(PRECIOS.fecha).toLocaleDateString("es", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
let medida = null; // this run's: {nodo, llamadas, entrada, salida}; a new one once Celda.limpiar() removes its node

const local = (origen) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|$)/.test(origen);
const numero = (n, decimales = 0) => n.toLocaleString("es", { maximumFractionDigits: decimales });

function coste(modelo, origen, entrada, salida) {
  if (local(origen)) return t("medidor_local");
  const p = PRECIOS.modelos[modelo];
  if (!p) return t("medidor_sin_precio", { modelo });
  const usd = (entrada * p.entrada + salida * p.salida) / 1e6;
  return t("medidor_coste", { usd: numero(usd, 4), fecha: FECHA });
}

/** Adds one reply's usage ({input_tokens, output_tokens} or {prompt_tokens, completion_tokens}) to the run's meter. */
export function medir(seccion, modelo, origen, uso) {
  if (!medida?.nodo.isConnected) {
    medida = { llamadas: 0, entrada: 0, salida: 0, nodo: Object.assign(document.createElement("p"), { className: "medidor" }) };
    medida.nodo.setAttribute("role", "status");
    seccion.querySelector(".salida").after(medida.nodo);
  }
  medida.llamadas += 1;
  medida.entrada += Number(uso?.input_tokens ?? uso?.prompt_tokens ?? 0);
  medida.salida += Number(uso?.output_tokens ?? uso?.completion_tokens ?? 0);
  const { llamadas, entrada, salida } = medida;
  medida.nodo.textContent = t(llamadas === 1 ? "medidor_uno" : "medidor", { llamadas, entrada: numero(entrada), salida: numero(salida),
    coste: coste(modelo, origen, entrada, salida) });
}
