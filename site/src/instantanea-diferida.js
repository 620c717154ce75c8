// A page whose interpreter booted without a memory snapshot (a first visit, or one whose
// snapshot could not be restored) has a worker of its own take one once the page is idle:
// booting for a snapshot in the page's own worker delayed a cold visit's first output
// (docs/cifras.md, "Issue 35"). Idle: the first output has shown (or nothing ran for
// ESPERA_MS after the boot), no cell is running, and the main thread has a moment. That
// worker boots a second Pyodide, stores the snapshot and closes (arranque.js, tomarInstantanea).
import { aTrabajador } from "./protocolo.js";

const ESPERA_MS = 3000;
const CADA_MS = 500;
const INTENTOS = 120; // a cell that runs a minute does not put it off any longer
const enReposo = self.requestIdleCallback ?? ((f) => setTimeout(f, 0));
let programada = false; // once per page, restarts included

/** ocupado(): whether a cell is running in the page's interpreter now. */
export function programarInstantanea(config, ocupado) {
  if (programada || !config.instantanea || !self.caches) return;
  programada = true;
  const desde = performance.now();
  const intentar = (n) => {
    const salida = performance.getEntriesByName("primera-salida").length > 0;
    const quieta = (salida || performance.now() - desde >= ESPERA_MS) && !ocupado();
    if (!quieta && n < INTENTOS) return setTimeout(() => intentar(n + 1), CADA_MS);
    const empezar = () => new Worker(config.trabajador, { type: "module" }).postMessage(aTrabajador.instantanea(config));
    enReposo(empezar, { timeout: 2000 });
  };
  intentar(0);
}
