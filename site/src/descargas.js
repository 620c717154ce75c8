// Counts the bytes the interpreter download brings in, for the progress bar.
// It wraps fetch while Pyodide boots; the body streams through untouched.
export function contarDescargas(total, enviar) {
  const original = self.fetch;
  let cargados = 0;
  let ultimo = 0;
  const avisar = (forzar) => {
    const ahora = performance.now();
    if (forzar || ahora - ultimo > 100) {
      ultimo = ahora;
      enviar({ tipo: "progreso", cargados, total });
    }
  };
  self.fetch = async (...args) => {
    const r = await original(...args);
    if (!r.body) return r;
    const contador = new TransformStream({
      transform(trozo, c) {
        cargados += trozo.byteLength;
        avisar(false);
        c.enqueue(trozo);
      },
    });
    return new Response(r.body.pipeThrough(contador), {
      status: r.status,
      statusText: r.statusText,
      headers: r.headers,
    });
  };
  return () => {
    self.fetch = original;
    avisar(true);
  };
}
