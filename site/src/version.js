// The line above an editor that says how the learner's code stands to the lesson's original:
// nothing while it is the original; «modificada», with its differences on demand; or, when the
// lesson has changed the original since the learner edited it, a notice that stays (across
// reloads) until they choose the new version or their own. Nothing is lost before then.
import { t } from "./textos.js";

function nodo(etiqueta, clase, texto = "") {
  const e = document.createElement(etiqueta);
  e.className = clase;
  e.textContent = texto;
  return e;
}

/** `editor` is editor-guardado.js's (estado, texto, original, restaurar, quedarme). */
export function montarVersion(contenedor, editor, tipo) {
  const caja = nodo("div", "edicion");
  const texto = nodo("p", "edicion-texto");
  const ver = nodo("button", "edicion-ver");
  const nueva = nodo("button", "edicion-nueva", t("edicion_usar_nueva"));
  const mia = nodo("button", "edicion-mia", t("edicion_quedarme"));
  for (const b of [ver, nueva, mia]) b.type = "button";
  const botones = nodo("div", "edicion-botones");
  botones.append(ver, nueva, mia);
  const panel = nodo("div", "comparacion");
  const hecho = nodo("p", "edicion-hecho"); // what a choice did, said once
  hecho.setAttribute("role", "status");
  hecho.tabIndex = -1;
  caja.append(texto, botones, panel, hecho);
  // Under the bar of buttons: the keyboard hint (celda.html) stays right above its editor.
  const barra = contenedor.parentElement.querySelector(":scope > .celda-barra");
  if (barra) barra.after(caja);
  else contenedor.before(caja);

  let estado = null;
  let comparacion = null; // comparar.js's view, while open
  let abriendo = 0; // the open being loaded: a later click wins

  function actualizar(dicho = "") {
    const ahora = editor.estado();
    const cambia = ahora !== estado;
    estado = ahora;
    if (cambia) cerrar(); // a comparison's headings belong to the state it was opened in
    hecho.textContent = dicho;
    caja.hidden = !ahora && !dicho;
    caja.dataset.estado = ahora;
    texto.hidden = botones.hidden = !ahora;
    if (ahora) texto.textContent = t(`edicion_${ahora}_${tipo}`);
    nueva.hidden = mia.hidden = ahora !== "desfasada";
    comparacion?.actualizar(editor.texto());
  }

  function cerrar() {
    abriendo++;
    comparacion?.destruir();
    comparacion = null;
    panel.replaceChildren();
    panel.hidden = true;
    ver.setAttribute("aria-expanded", "false");
    ver.textContent = t(estado === "desfasada" ? "edicion_ver_ambas" : "edicion_ver_cambios");
  }

  async function abrir() {
    const esta = ++abriendo;
    panel.hidden = false;
    ver.setAttribute("aria-expanded", "true");
    ver.textContent = t("edicion_ocultar");
    panel.replaceChildren(nodo("p", "comparacion-nota", t("comparar_cargando")));
    const suyo = estado === "desfasada" ? "nueva" : "original";
    const lados = [t(`comparar_${suyo}_${tipo}`), t(`comparar_tuya_${tipo}`)];
    try {
      const { comparar } = await import("./comparar.js"); // its own chunk: only once asked for
      if (esta !== abriendo) return;
      panel.replaceChildren();
      comparacion = comparar(panel, { original: editor.original, tuyo: editor.texto(), lados,
                                          leyenda: t(`comparar_leyenda_${suyo}_${tipo}`) });
    } catch (e) {
      console.error(e);
      if (esta === abriendo) panel.replaceChildren(nodo("p", "comparacion-nota aviso", t("comparar_error")));
    }
  }

  function elegir(accion, dicho) {
    accion();
    actualizar(t(dicho));
    hecho.focus(); // the button pressed has gone: say what happened where focus lands
  }

  ver.addEventListener("click", () => (comparacion || !panel.hidden ? cerrar() : abrir()));
  nueva.addEventListener("click", () => elegir(() => editor.restaurar(), `edicion_nueva_puesta_${tipo}`));
  mia.addEventListener("click", () => elegir(() => editor.quedarme(), "edicion_mia_guardada"));
  actualizar();
  return { actualizar: () => actualizar() };
}
