// The page's handle on the worker, and the only reader of its messages (protocolo.js): boots it,
// runs one thing at a time, stops a run through the SharedArrayBuffer interrupt byte, cuts a challenge
// call that outlives its plazo, and restarts the worker when it dies or cannot be interrupted.
// Restarts lose the namespace; callers hear about them through alReiniciar.
import { t } from "./textos.js";
import { aTrabajador, SIGINT, nuevaEntrada, escribirEntrada } from "./protocolo.js";

const ESPERA_INTERRUPCION_MS = 1000;

export class Interprete {
  constructor(config, { alProgreso, alListo, alErrorCarga, alReiniciar }, diferido = false) {
    this.config = config;
    this.avisos = { alProgreso, alListo, alErrorCarga, alReiniciar };
    const aislada = self.crossOriginIsolated; // SharedArrayBuffer exists only then
    [this.buffer, this.bufferReloj, this.bufferEntrada] = aislada ? [new SharedArrayBuffer(1), new SharedArrayBuffer(4), nuevaEntrada()] : [];
    [this.senal, this.reloj] = aislada ? [new Uint8Array(this.buffer), new Int32Array(this.bufferReloj)] : [false, false];
    this.actual = null; // { id, oyentes, resolver }
    if (!diferido) this.arrancar();
  }

  /** Starts the worker if it was deferred (a phone's first visit); resolves when it is ready. */
  encender() {
    if (!this.worker) this.arrancar();
    return this.listo;
  }

  arrancar() {
    this.listo = new Promise((r) => (this.marcarListo = r));
    this.arrancado = new Promise((r) => (this.marcarArrancado = r)); // the worker runs its script
    this.estaListo = false;
    const w = new Worker(this.config.trabajador, { type: "module" });
    w.onmessage = ({ data }) => this.recibir(w, data);
    w.onerror = (e) => { // a worker that never booted would fail again: report it, don't loop
      e.preventDefault();
      const motivo = e.message || "error";
      if (w === this.worker) this.estaListo ? this.reiniciar(t("trabajador_muerto", { motivo })) : this.avisos.alErrorCarga(motivo);
    };
    this.worker = w;
    const mensajes = { input: t("input_no_disponible"), paquete: t("paquete_error"), api: t("api_sin_aislar") };
    w.postMessage(aTrabajador.iniciar(this.config, mensajes, this.buffer, this.bufferReloj, this.bufferEntrada));
  }

  recibir(w, m) {
    if (w !== this.worker) return; // a message from a worker we already replaced
    this.marcarArrancado();
    const ejecucion = this.actual?.id === m.id ? this.actual : null, oyentes = ejecucion?.oyentes ?? {}; // new at each run
    switch (m.tipo) {
      case "progreso": return this.avisos.alProgreso(m.cargados, m.total);
      case "listo": this.estaListo = true; this.avisos.alListo(m.ms, m.origen); return this.marcarListo();
      case "error-carga": return this.avisos.alErrorCarga(m.motivo);
      case "salida": return m.trozos.forEach(([flujo, texto]) => oyentes.alSalida?.(flujo, texto));
      case "recortada": return oyentes.alRecortada?.(m.lineas, m.bytes);
      case "reloj": return this.vigilar(m.seq, m.plazo, () => oyentes.alPrueba?.(m.prueba));
      case "entrada": this.esperaEntrada = true; return oyentes.alEntrada?.(m.prompt);
      case "api": this.esperaEntrada = true; // modelo-real.js loads only when a cell uses ModeloReal
        return import("./modelo-real.js").then((mr) => mr.llamarApi(ejecucion, m.peticion, oyentes.alApi, () => this.actual === ejecucion))
          .then((r) => ejecucion && this.actual === ejecucion && this.responder(r)); // after Stop, its run is over
      case "conversacion": return oyentes.alConversacion?.(m.turnos);
      case "fin": return this.terminar(m.resultado);
      case "muerto": return this.reiniciar(t("trabajador_muerto", { motivo: m.motivo }));
    }
  }

  /** A challenge call started: cut it after plazo ms, as Stop would, unless it ends first. */
  vigilar(seq, plazo, avisar) {
    this.seq = seq;
    clearTimeout(this.temporizador);
    avisar();
    this.temporizador = setTimeout(() => {
      if (!this.reloj) return this.reiniciar(t("reto_reinicio"));
      if (Atomics.compareExchange(this.reloj, 0, seq, -seq) !== seq) return;
      Atomics.store(this.senal, 0, SIGINT);
      this.temporizador = setTimeout(() => this.actual && this.reiniciar(t("reto_reinicio")), ESPERA_INTERRUPCION_MS);
    }, plazo);
  }

  terminar(resultado) {
    const actual = this.actual;
    this.actual = null;
    clearTimeout(this.temporizador);
    if (actual) actual.resolver(resultado);
  }

  /** Runs a cell in the shared namespace; resolves with a Resultado (protocolo.js). */
  ejecutar = (id, codigo, nombre, oyentes, anteriores = []) => this.pedir(id, oyentes, aTrabajador.ejecutar(id, codigo, nombre, anteriores));

  /** Grades a challenge's code against build.py's data; resolves with {ok, informe} or a failure. */
  comprobar = (id, codigo, esperado, fuentes, oyentes) => this.pedir(id, oyentes, aTrabajador.comprobar(id, codigo, esperado, fuentes));

  async pedir(id, oyentes, mensaje) {
    await this.encender();
    return new Promise((resolver) => {
      this.actual = { id, oyentes, resolver };
      this.worker.postMessage(mensaje);
    });
  }

  /** Answers the input() or API call the run waits on; null stops the run instead (protocolo.js, ENTRADA). */
  responder(texto) {
    if (this.esperaEntrada) escribirEntrada(this.bufferEntrada, texto), (this.esperaEntrada = false);
  }

  detener() {
    if (!this.actual) return;
    if (this.esperaEntrada) return this.responder(null); // blocked in Atomics.wait: no bytecode runs
    if (!this.buffer) return this.reiniciar(t("detenida_reinicio"));
    Atomics.compareExchange(this.reloj, 0, this.seq, -this.seq); // a challenge call: cut as its clock does
    this.senal[0] = SIGINT;
    clearTimeout(this.temporizador); // code blocked outside Python bytecode never sees the buffer: fall back
    this.temporizador = setTimeout(() => this.actual && this.reiniciar(t("detenida_forzada")), ESPERA_INTERRUPCION_MS);
  }

  reiniciar(motivo) {
    this.esperaEntrada = false;
    this.worker.terminate();
    this.terminar({ ok: false, reinicio: motivo });
    this.arrancar();
    this.avisos.alReiniciar(motivo);
  }
}
