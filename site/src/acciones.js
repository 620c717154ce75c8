// The lesson's own buttons: run every cell in order, and reset the page (the
// learner's edits, answers and challenge state for this lesson, after asking).
// A reset reloads the page; the focus comes back to the reset button, where the
// learner left it, not to the top of the document.
import { olvidarLeccion } from "./almacen.js";
import { t } from "./textos.js";

const REINICIADA = "curso-agentes:reiniciada"; // sessionStorage: the path of the page just reset

export function montarAcciones(datos, controlador) {
  const barra = document.querySelector(".pagina-acciones");
  if (!barra || !datos.celdas.length) return;
  const reiniciar = barra.querySelector(".reiniciar-pagina");
  barra.querySelector(".ejecutar-todas").addEventListener("click", () => controlador.ejecutarTodas());
  reiniciar.addEventListener("click", () => {
    if (!confirm(t("reiniciar_confirmar"))) return;
    controlador.olvidar();
    olvidarLeccion(datos.curso, datos.slug);
    intentar(() => sessionStorage.setItem(REINICIADA, location.pathname));
    location.reload();
  });
  barra.hidden = false;
  if (intentar(() => sessionStorage.getItem(REINICIADA)) === location.pathname) {
    intentar(() => sessionStorage.removeItem(REINICIADA));
    reiniciar.focus();
  }
}

/** f(), or null where storage is unavailable (some private windows): then focus is not kept. */
function intentar(f) {
  try {
    return f();
  } catch {
    return null;
  }
}
