// Counts the bytes the interpreter download brings in, for the progress bar, as
// bytes sent: `descargas` gives each file's size and its size with brotli, and
// a file's bytes read count in that proportion (the stdlib, 12.5 MB unpacked,
// travels as 2.4 MB: counting unpacked bytes would tell a phone 22 MB).
// It wraps fetch while Pyodide boots and reads a clone of each body: the
// response Pyodide gets is the browser's own, so WebAssembly streaming
// compilation and its code cache work as without the wrapper (a rebuilt
// Response cost about 0.5 s on every warm boot). A clone is read only as fast
// as the wasm compiles (the bar sat at 6.9 of 12.3 MB for 4 s), so a file's
// Resource Timing entry, when its download ends, counts it whole. The count is
// monotonic and stops for good when the boot ends.
import { aPagina } from "./protocolo.js";

export const totalEnviado = (descargas) => Object.values(descargas).reduce((a, [, enviado]) => a + enviado, 0);

export function contarDescargas(descargas, enviar) {
  const total = totalEnviado(descargas);
  const razon = (url) => {
    const [tamano, enviado] = descargas[url.split("/").pop()] || [1, 1];
    return enviado / tamano;
  };
  const original = self.fetch;
  const leidos = new Map(); // url -> bytes read from its clone, or its whole size once downloaded
  let ultimo = 0;
  let enviado = 0;
  let abierto = true;
  const avisar = (forzar) => {
    const ahora = performance.now();
    const cargados = Math.min(total, [...leidos.values()].reduce((a, b) => a + b, 0));
    if (!abierto || cargados <= enviado || (!forzar && ahora - ultimo < 100)) return;
    [ultimo, enviado] = [ahora, cargados];
    enviar(aPagina.progreso(cargados, total));
  };
  const sumar = (url, n, entero = false) => {
    n *= razon(url);
    leidos.set(url, entero ? Math.max(n, leidos.get(url) || 0) : (leidos.get(url) || 0) + n);
    avisar(entero);
  };
  const contar = async (url, cuerpo) => {
    const lector = cuerpo.getReader();
    for (let r = await lector.read(); !r.done; r = await lector.read()) sumar(url, r.value.byteLength);
  };
  const terminados = new PerformanceObserver((lista) => {
    for (const e of lista.getEntries()) if (leidos.has(e.name)) sumar(e.name, e.decodedBodySize, true);
  });
  terminados.observe({ type: "resource" });
  self.fetch = async (...args) => {
    const r = await original(...args);
    if (r.body && abierto) {
      leidos.set(r.url, leidos.get(r.url) || 0);
      contar(r.url, r.clone().body).catch(() => {});
    }
    return r;
  };
  return () => {
    self.fetch = original;
    avisar(true);
    abierto = false;
    terminados.disconnect();
  };
}
