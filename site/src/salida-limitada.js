// Collects a cell's stdout/stderr in the worker and posts it to the page in
// batches, so a flood of output cannot drown the page. Past the limit the text
// is only counted, and the page gets a note with what was left out.
import { aPagina } from "./protocolo.js";

export const LIMITE_BYTES = 256 * 1024;
export const LIMITE_LINEAS = 5000;
const INTERVALO_MS = 40;
const TROZO_MAX = 16 * 1024;

export class SalidaLimitada {
  constructor(enviar) {
    this.enviar = enviar;
    this.decodificadores = { stdout: new TextDecoder(), stderr: new TextDecoder() };
    this.empezar(null);
  }

  empezar(id) {
    this.id = id;
    this.trozos = [];
    this.pendiente = 0;
    this.bytes = 0;
    this.lineas = 0;
    this.omitidas = { lineas: 0, bytes: 0 };
    this.ultimoEnvio = 0;
  }

  escribir(flujo, bytes) {
    const n = bytes.length;
    const texto = this.decodificadores[flujo].decode(bytes, { stream: true });
    if (this.bytes >= LIMITE_BYTES || this.lineas >= LIMITE_LINEAS) {
      this.omitidas.bytes += n;
      this.omitidas.lineas += contarLineas(texto);
      return n;
    }
    this.bytes += n;
    this.lineas += contarLineas(texto);
    this.trozos.push([flujo, texto]);
    this.pendiente += texto.length;
    const ahora = performance.now();
    if (this.pendiente > TROZO_MAX || ahora - this.ultimoEnvio > INTERVALO_MS) this.vaciar(ahora);
    return n;
  }

  vaciar(ahora = performance.now()) {
    this.ultimoEnvio = ahora;
    if (!this.trozos.length) return;
    this.enviar(aPagina.salida(this.id, this.trozos));
    this.trozos = [];
    this.pendiente = 0;
  }

  terminar() {
    this.vaciar();
    if (this.omitidas.bytes) this.enviar(aPagina.recortada(this.id, this.omitidas.lineas, this.omitidas.bytes));
    this.empezar(null);
  }
}

function contarLineas(texto) {
  let n = 0;
  for (let i = texto.indexOf("\n"); i !== -1; i = texto.indexOf("\n", i + 1)) n++;
  return n;
}
