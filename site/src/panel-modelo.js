// The page's «Modelo real» panel: turns ModeloReal on for this page's cells and holds the key.
// The key stays in this module's memory; «recordar» keeps it in localStorage under RECORDAR only,
// outside the course's prefix, so that no progress, export or submission ever reads it (almacen.js).
import { t } from "./textos.js";

export const RECORDAR = "modelo-real:clave";
const guardada = () => { try { return localStorage.getItem(RECORDAR); } catch { return null; } };
const estado = { activo: guardada() !== null, clave: guardada() ?? "" };
let panel = null;

export const ajustes = () => ({ ...estado });

function casilla(texto, marcada, cambiar) {
  const etiqueta = document.createElement("label");
  const caja = Object.assign(document.createElement("input"), { type: "checkbox", checked: marcada });
  caja.addEventListener("change", () => cambiar(caja.checked));
  etiqueta.append(caja, " ", texto);
  return [etiqueta, caja];
}

function recordar(si) {
  try {
    if (si && estado.clave) localStorage.setItem(RECORDAR, estado.clave);
    else localStorage.removeItem(RECORDAR);
  } catch { /* no storage (private mode): the key lives in memory only */ }
}

function construir() {
  const raiz = Object.assign(document.createElement("form"), { className: "modelo-real" });
  raiz.setAttribute("aria-label", t("api_panel"));
  const titulo = Object.assign(document.createElement("p"), { className: "titulo", textContent: t("api_panel") });
  const [activar] = casilla(t("api_activar"), estado.activo, (si) => (estado.activo = si));
  const [guardar, caja] = casilla(t("api_recordar"), guardada() !== null, recordar);
  const etiqueta = Object.assign(document.createElement("label"), { textContent: t("api_clave") });
  const campo = Object.assign(document.createElement("input"), { type: "password", autocomplete: "off", spellcheck: false, value: estado.clave });
  campo.addEventListener("input", () => {
    estado.clave = campo.value.trim();
    if (caja.checked) recordar(true);
  });
  etiqueta.append(campo);
  const olvidar = Object.assign(document.createElement("button"), { type: "button", textContent: t("api_olvidar") });
  olvidar.addEventListener("click", () => {
    [estado.clave, campo.value, caja.checked] = ["", "", false];
    recordar(false);
  });
  const nota = Object.assign(document.createElement("p"), { className: "nota", textContent: t("api_nota") });
  raiz.addEventListener("submit", (e) => e.preventDefault());
  raiz.append(titulo, activar, etiqueta, guardar, olvidar, nota);
  return raiz;
}

/** Shows the panel (one per page) under the cell's output, the first time a cell calls a model;
 *  enfocar moves the focus to its first field. */
export function mostrarPanel(seccion, enfocar) {
  panel ??= construir();
  if (!panel.isConnected) seccion.querySelector(".salida").after(panel);
  if (enfocar) panel.querySelector("input").focus();
}
