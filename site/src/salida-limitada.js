// Collects a cell's stdout/stderr in the worker and posts it to the page in
// batches, so a flood of output cannot drown the page. A write that crosses the
// limit is cut there (one print of 20 MB sends 256 KB); past it the bytes are
// only counted, and the page gets a note with what was left out.
import { aPagina } from "./protocolo.js";

export const LIMITE_BYTES = 256 * 1024;
export const LIMITE_LINEAS = 5000;
const INTERVALO_MS = 40;
const TROZO_MAX = 16 * 1024;
const SALTO = 10; // "\n": never a byte of a longer UTF-8 character, so lines are counted on bytes

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
    const corte = this.cabe(bytes);
    if (corte < n) {
      const resto = bytes.subarray(corte);
      this.omitidas.bytes += resto.length;
      this.omitidas.lineas += contarLineas(resto);
    }
    if (corte === 0) return n;
    const tomado = bytes.subarray(0, corte);
    const texto = this.decodificadores[flujo].decode(tomado, { stream: corte === n });
    this.bytes += corte;
    this.lineas += contarLineas(tomado);
    this.trozos.push([flujo, texto]);
    this.pendiente += texto.length;
    const ahora = performance.now();
    if (this.pendiente > TROZO_MAX || ahora - this.ultimoEnvio > INTERVALO_MS) this.vaciar(ahora);
    return n;
  }

  /** How many of bytes fit under both limits: up to the limit's line end or byte, and never
   *  in the middle of a character. */
  cabe(bytes) {
    const corte = Math.min(bytes.length, Math.max(0, LIMITE_BYTES - this.bytes));
    const faltan = LIMITE_LINEAS - this.lineas; // lines still allowed
    if (faltan <= 0) return 0;
    let i = -1;
    for (let k = 0; k < faltan; k++) {
      i = bytes.indexOf(SALTO, i + 1);
      if (i === -1 || i >= corte) return cortarEnCaracter(bytes, corte);
    }
    return i + 1; // the end of the last line that fits: that line goes whole
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

function cortarEnCaracter(bytes, corte) {
  while (corte > 0 && corte < bytes.length && (bytes[corte] & 0xc0) === 0x80) corte--; // a continuation byte
  return corte;
}

function contarLineas(bytes) {
  let n = 0;
  for (let i = bytes.indexOf(SALTO); i !== -1; i = bytes.indexOf(SALTO, i + 1)) n++;
  return n;
}
