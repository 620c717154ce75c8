// Counts the bytes the interpreter download brings in, for the progress bar.
// It wraps fetch while Pyodide boots and reads a clone of each body: the
// response Pyodide gets is the browser's own, so WebAssembly streaming
// compilation and its code cache work as without the wrapper (a rebuilt
// Response cost about 0.5 s on every warm boot).
import { aPagina } from "./protocolo.js";

export function contarDescargas(total, enviar) {
  const original = self.fetch;
  let cargados = 0;
  let ultimo = 0;
  const avisar = (forzar) => {
    const ahora = performance.now();
    if (forzar || ahora - ultimo > 100) {
      ultimo = ahora;
      enviar(aPagina.progreso(cargados, total));
    }
  };
  const contar = async (cuerpo) => {
    const lector = cuerpo.getReader();
    for (;;) {
      const { done, value } = await lector.read();
      if (done) return;
      cargados += value.byteLength;
      avisar(false);
    }
  };
  self.fetch = async (...args) => {
    const r = await original(...args);
    if (r.body) contar(r.clone().body).catch(() => {});
    return r;
  };
  return () => {
    self.fetch = original;
    avisar(true);
  };
}
