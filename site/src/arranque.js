// Boots Pyodide in the worker. A memory snapshot taken right after the first
// boot is kept in the Cache API and restores the interpreter in a fraction of
// the time. It is a private Pyodide API, so the snapshot is keyed to this build
// of the worker (config.instantanea) and any failure falls back to a plain boot.
import { contarDescargas } from "./descargas.js";

const CLAVE = "/__instantanea__";

function cargarEjecutor(py, fuente) {
  py.globals.set("__fuente_ejecutor__", fuente);
  py.runPython(`
import sys, types
_m = types.ModuleType("__ejecutor__")
exec(compile(__fuente_ejecutor__, "<ejecutor>", "exec"), _m.__dict__)
sys.modules["__ejecutor__"] = _m
del _m, __fuente_ejecutor__
`);
}

async function abrirCache(nombre) {
  try {
    return await caches.open(nombre);
  } catch {
    return null; // no Cache API (e.g. storage disabled): plain boots only
  }
}

export async function arrancar(config, fuenteEjecutor, enviar) {
  const dejarDeContar = config.primeraVisita ? contarDescargas(config.bytesInterprete, enviar) : () => {};
  try {
    const { loadPyodide } = await import(config.indexURL + "pyodide.mjs");
    const base = { indexURL: config.indexURL };
    const cache = config.instantanea ? await abrirCache(config.instantanea) : null;
    const guardada = cache && (await cache.match(CLAVE).catch(() => undefined));
    if (guardada) {
      try {
        const bytes = new Uint8Array(await guardada.arrayBuffer());
        const py = await loadPyodide({ ...base, _loadSnapshot: bytes });
        py.pyimport("__ejecutor__");
        return { py, origen: "instantanea" };
      } catch (e) {
        console.warn("Instantánea inservible; arranque normal.", e);
        await cache.delete(CLAVE).catch(() => {});
      }
    }
    const py = await loadPyodide({ ...base, _makeSnapshot: Boolean(cache) });
    cargarEjecutor(py, fuenteEjecutor);
    if (cache) {
      const bytes = py.makeMemorySnapshot();
      cache.put(CLAVE, new Response(bytes)).catch((e) => console.warn("No se guardó la instantánea.", e));
    }
    return { py, origen: "red" };
  } finally {
    dejarDeContar();
  }
}
