// ModeloReal's calls (py/guionizado.py), made by the page so that the key never enters the worker
// (protocolo.js, "api"): off until the learner turns it on in the panel (panel-modelo.js), at most
// TOPE_LLAMADAS per run, and each reply's tokens added to the run's meter (medidor.js).
import { t } from "./textos.js";
import { TOPE_ENTRADA } from "./protocolo.js";
import { ajustes, mostrarPanel } from "./panel-modelo.js";
import { medir } from "./medidor.js";

export const TOPE_LLAMADAS = 20; // a loop without a cap would spend the learner's money until Stop
let [run, llamadas] = [null, 0];

const fallo = (clave, valores) => JSON.stringify({ fallo: t(clave, valores) });

// Anthropic lets a page call the API only with the last header ("CORS" in its docs); an
// OpenAI-compatible server without a key (a local Ollama) gets no Authorization at all.
function cabeceras(api, clave) {
  const h = { "content-type": "application/json" };
  if (api === "anthropic") {
    Object.assign(h, { "x-api-key": clave, "anthropic-version": "2023-06-01", "anthropic-dangerous-direct-browser-access": "true" });
  } else if (clave) h.authorization = `Bearer ${clave}`;
  return h;
}

/** The answer to a run's ModeloReal call, as JSON text for ENTRADA; ejecucion is the run (a new
 *  object at each run), seccion() the cell's section, absent when a challenge is being checked
 *  (Comprobar keeps the scripted model); vigente() says whether that run still goes on. */
export async function llamarApi(ejecucion, { api, url, cuerpo }, seccion, vigente) {
  if (!seccion) return fallo("api_solo_celdas");
  if (run !== ejecucion) [run, llamadas] = [ejecucion, 0]; // the meter starts again with the run's output (celda.js)
  const { activo, clave } = ajustes();
  // The panel shows under the cell on every call, so that a remembered key can be forgotten;
  // it takes the focus only when the learner has something to do in it.
  mostrarPanel(seccion(), !activo || (api === "anthropic" && !clave));
  if (!activo) return fallo("api_desactivada");
  if (api === "anthropic" && !clave) return fallo("api_sin_clave");
  if (!navigator.onLine) return fallo("api_sin_conexion");
  if (++llamadas > TOPE_LLAMADAS) return fallo("api_tope_llamadas", { tope: TOPE_LLAMADAS });
  const origen = new URL(url).origin;
  let respuesta, texto;
  try {
    respuesta = await fetch(url, { method: "POST", headers: cabeceras(api, clave), body: JSON.stringify(cuerpo) });
    texto = await respuesta.text();
  } catch {
    return fallo("api_sin_respuesta", { origen }); // offline, refused, or not in the page's connect-src
  }
  if (respuesta.status === 401 && !clave) return fallo("api_sin_clave");
  if (clave) texto = texto.replaceAll(clave, "«tu clave»"); // a provider that echoes it back: not to the cell
  let leido;
  try {
    leido = JSON.parse(texto);
  } catch {
    leido = texto.slice(0, 2000);
  }
  const tras = respuesta.headers.get("retry-after");
  const contestacion = JSON.stringify({ status: respuesta.status, cuerpo: leido, reintentar_tras: tras === null ? null : Number(tras) });
  if (new TextEncoder().encode(contestacion).length > TOPE_ENTRADA) return fallo("api_respuesta_larga", { kb: TOPE_ENTRADA / 1024 });
  // A reply after Stop belongs to no run: a later one's meter must not count it.
  if (vigente()) medir(seccion(), cuerpo.model, origen, respuesta.ok ? leido.usage : null);
  return contestacion;
}
