// Worker of the bare page: loadPyodide, then run cells in order. Every file under
// indexURL, the standard library and the lock file included, is the npm package's own
// (bench/base.py copies them), not the site's.
import { loadPyodide } from "__INDEX_URL__pyodide.mjs";

const listo = loadPyodide({ indexURL: "__INDEX_URL__" }).then((py) => {
  py.setStdout({ batched: (texto) => postMessage({ tipo: "salida", texto: texto + "\n" }) });
  postMessage({ tipo: "listo" });
  return py;
});
let cola = Promise.resolve();
self.onmessage = ({ data }) => {
  cola = cola.then(async () => {
    const py = await listo;
    try {
      await py.runPythonAsync(data.codigo);
      postMessage({ tipo: "fin", ok: true });
    } catch (e) {
      postMessage({ tipo: "salida", texto: String(e) });
      postMessage({ tipo: "fin", ok: false });
    }
  });
};
