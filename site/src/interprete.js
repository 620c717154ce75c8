// The page's handle on the worker: boots it, runs one cell at a time, stops a
// run through the SharedArrayBuffer interrupt buffer, and restarts the worker
// when it dies or cannot be interrupted. Restarts lose the namespace; callers
// hear about them through alReiniciar.
import { t } from "./textos.js";

const SIGINT = 2;
const ESPERA_INTERRUPCION_MS = 1000;

export class Interprete {
  constructor(config, { alProgreso, alListo, alErrorCarga, alReiniciar }) {
    this.config = config;
    this.avisos = { alProgreso, alListo, alErrorCarga, alReiniciar };
    this.buffer = self.crossOriginIsolated ? new SharedArrayBuffer(1) : null;
    this.senal = this.buffer && new Uint8Array(this.buffer);
    this.actual = null; // { id, alSalida, resolver }
    this.arrancar();
  }

  arrancar() {
    let marcarListo, marcarArrancado;
    this.listo = new Promise((r) => (marcarListo = r));
    this.arrancado = new Promise((r) => (marcarArrancado = r)); // the worker runs its script
    this.marcarListo = marcarListo;
    this.marcarArrancado = marcarArrancado;
    this.estaListo = false;
    const w = new Worker(this.config.trabajador, { type: "module" });
    w.onmessage = ({ data }) => this.recibir(w, data);
    w.onerror = (e) => {
      e.preventDefault();
      if (w !== this.worker) return;
      const motivo = e.message || "error";
      // A worker that never booted would fail again: report it instead of looping.
      if (this.estaListo) this.reiniciar(t("trabajador_muerto", { motivo }));
      else this.avisos.alErrorCarga(motivo);
    };
    this.worker = w;
    w.postMessage({
      tipo: "iniciar",
      config: this.config,
      mensajes: { input: t("input_no_disponible"), paquete: t("paquete_error") },
      buffer: this.buffer,
    });
  }

  recibir(w, m) {
    if (w !== this.worker) return; // a message from a worker we already replaced
    this.marcarArrancado();
    if (m.tipo === "progreso") this.avisos.alProgreso(m);
    else if (m.tipo === "listo") {
      this.estaListo = true;
      this.avisos.alListo(m);
      this.marcarListo();
    } else if (m.tipo === "error-carga") this.avisos.alErrorCarga(m.motivo);
    else if (m.tipo === "salida" || m.tipo === "recortada") {
      if (this.actual && this.actual.id === m.id) this.actual.alSalida(m);
    } else if (m.tipo === "fin") this.terminar(m);
    else if (m.tipo === "muerto") this.reiniciar(t("trabajador_muerto", { motivo: m.motivo }));
  }

  terminar(resultado) {
    const actual = this.actual;
    this.actual = null;
    clearTimeout(this.temporizador);
    if (actual) actual.resolver(resultado);
  }

  /** Runs code in the shared namespace; resolves with {ok, traza?, linea?, detenida?, reinicio?}. */
  async ejecutar(id, codigo, nombre, alSalida) {
    await this.listo;
    return new Promise((resolver) => {
      this.actual = { id, alSalida, resolver };
      this.worker.postMessage({ tipo: "ejecutar", id, codigo, nombre });
    });
  }

  ocupado() {
    return this.actual !== null;
  }

  detener() {
    if (!this.actual) return;
    if (!this.buffer) {
      this.reiniciar(t("detenida_reinicio"));
      return;
    }
    this.senal[0] = SIGINT;
    clearTimeout(this.temporizador);
    // Code blocked outside Python bytecode never sees the buffer: fall back.
    this.temporizador = setTimeout(() => {
      if (this.actual) this.reiniciar(t("detenida_forzada"));
    }, ESPERA_INTERRUPCION_MS);
  }

  reiniciar(motivo) {
    this.worker.terminate();
    this.terminar({ ok: false, reinicio: motivo });
    this.arrancar();
    this.avisos.alReiniciar(motivo);
  }
}
