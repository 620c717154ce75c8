// The lesson's own buttons: run every cell in order, and reset the page (the
// learner's edits, answers and challenge state for this lesson, after asking).
import { olvidarLeccion } from "./almacen.js";
import { t } from "./textos.js";

export function montarAcciones(datos, controlador) {
  const barra = document.querySelector(".pagina-acciones");
  if (!barra || !datos.celdas.length) return;
  barra.querySelector(".ejecutar-todas").addEventListener("click", () => controlador.ejecutarTodas());
  barra.querySelector(".reiniciar-pagina").addEventListener("click", () => {
    if (!confirm(t("reiniciar_confirmar"))) return;
    controlador.olvidar();
    olvidarLeccion(datos.curso, datos.slug);
    location.reload();
  });
  barra.hidden = false;
}
