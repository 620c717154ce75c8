// Registers the service worker once the interpreter is up, so that its
// precache reuses what the page just downloaded (from the HTTP cache) instead
// of competing with it for the network.
import { t } from "./textos.js";

export async function registrarServiceWorker(carga, base = "/") {
  if (!("serviceWorker" in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register(`${base}sw.js`, { scope: base });
    const nuevo = reg.installing || reg.waiting;
    if (reg.waiting && navigator.serviceWorker.controller) carga.aviso(t("nueva_version"));
    if (!nuevo) return;
    nuevo.addEventListener("statechange", () => {
      if (nuevo.state === "activated") carga.aviso(t("sin_conexion_listo"));
      else if (nuevo.state === "installed" && navigator.serviceWorker.controller) carga.aviso(t("nueva_version"));
    });
  } catch (e) {
    console.warn("No se registró el service worker.", e);
    carga.sinServiceWorker();
  }
}
