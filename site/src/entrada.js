// The field under a cell where the learner answers its input(): the worker waits
// (protocolo.js, ENTRADA) until Enter, or until Stop.
import { t } from "./textos.js";

export function pedirEntrada(seccion, prompt, responder) {
  const formulario = document.createElement("form");
  formulario.className = "entrada";
  const etiqueta = document.createElement("label");
  etiqueta.textContent = prompt.trim() || t("entrada_etiqueta");
  const campo = document.createElement("input");
  campo.type = "text";
  campo.autocomplete = "off";
  campo.spellcheck = false;
  const boton = document.createElement("button");
  boton.type = "submit";
  boton.textContent = t("entrada_enviar");
  etiqueta.append(campo);
  formulario.append(etiqueta, boton);
  formulario.addEventListener("submit", (e) => {
    e.preventDefault();
    formulario.remove();
    responder(campo.value);
  });
  seccion.querySelector(".salida").after(formulario);
  campo.focus();
  return () => formulario.remove(); // for a run that ends without an answer (Stop)
}
