// The status bar at the top of a lesson: download progress the first time,
// then a short "ready" line, and any page-level notice.
import { t, megas } from "./textos.js";

export class Carga {
  constructor(raiz, total) {
    this.raiz = raiz;
    this.titulo = raiz.querySelector(".estado-texto");
    this.barra = raiz.querySelector("progress");
    this.detalle = raiz.querySelector(".estado-detalle");
    this.nota = raiz.querySelector(".estado-nota");
    this.total = total;
    this.titulo.textContent = t("carga_titulo");
    // First visit (no service worker yet): say what is being downloaded and why.
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) {
      this.nota.textContent = t("carga_nota", { total: megas(total) });
      this.nota.hidden = false;
    }
    this.raiz.hidden = false;
  }

  /** A phone's first visit: nothing downloads until the first Run, and the bar says so. */
  diferida() {
    this.titulo.textContent = t("carga_diferida", { total: megas(this.total) });
    this.nota.hidden = true;
  }

  progreso(cargados, total) {
    if (this.raiz.classList.contains("listo")) return; // a late count must not bring the bar back
    this.titulo.textContent = t("carga_titulo");
    this.barra.hidden = false;
    this.barra.max = total;
    this.barra.value = Math.min(cargados, total);
    this.detalle.textContent = t("carga_bytes", { cargado: megas(Math.min(cargados, total)), total: megas(total) });
    // While the worker compiles and starts Python it can post nothing (measured: 3.5 s at
    // "9 de 12,3 MB", the rest downloading meanwhile): after a silence, say so, with no number.
    clearTimeout(this.silencio);
    this.silencio = setTimeout(() => {
      if (this.raiz.classList.contains("listo")) return;
      this.barra.removeAttribute("value");
      this.detalle.textContent = t("carga_preparando");
    }, 400);
  }

  listo(ms) {
    this.raiz.classList.add("listo");
    this.barra.hidden = true;
    this.detalle.textContent = "";
    // A host without COOP/COEP: the service worker adds them from the next load on
    // (site/sw.js); this first one is not isolated, and the page says what that costs.
    // Where no service worker can exist, reloading would not help: say so instead.
    const sinAislar = !self.crossOriginIsolated && !navigator.serviceWorker?.controller;
    this.nota.textContent = sinAislar ? t(navigator.serviceWorker ? "primera_carga_sin_aislar" : "primera_carga_sin_sw") : "";
    this.nota.hidden = !sinAislar;
    this.titulo.textContent = t("carga_lista", { segundos: (ms / 1000).toLocaleString("es", { maximumFractionDigits: 1 }) });
  }

  /** The service worker could not be registered (a browser that blocks them). */
  sinServiceWorker() {
    if (self.crossOriginIsolated) return;
    this.nota.textContent = t("primera_carga_sin_sw");
    this.nota.hidden = false;
  }

  error(motivo) {
    this.raiz.classList.add("error");
    this.barra.hidden = true;
    this.titulo.textContent = t("carga_error", { motivo });
  }

  aviso(texto) {
    this.detalle.textContent = texto;
  }
}
