// Boots Pyodide in the worker. A memory snapshot taken right after the first
// boot is kept in the Cache API and restores the interpreter in a fraction of
// the time. It is a private Pyodide API, so the snapshot is keyed to this build
// of the worker (config.instantanea) and any failure falls back to a plain boot.
// The snapshot is stored packed (instantanea.js) with its SHA-256 in a header, and
// restored only if its bytes still match it: a damaged entry is deleted, never
// booted from.
import { contarDescargas } from "./descargas.js";
import { empaquetar, desempaquetar } from "./instantanea.js";

const CLAVE = "/__instantanea__";
const HUELLA = "x-sha256";

async function huella(bytes) {
  const h = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(h, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The worker's own Python ({file name: source}) goes into Pyodide's file system, so that its
// tracebacks name real files, and ejecutor and comprobador are imported (before the memory
// snapshot: after one, the modules are already there, and only the files are written again).
const CARPETA = "/curso";
function escribirModulos(py, modulos) {
  py.FS.mkdirTree(CARPETA);
  for (const [nombre, fuente] of Object.entries(modulos)) py.FS.writeFile(`${CARPETA}/${nombre}`, fuente);
  py.runPython(`import sys\nif ${JSON.stringify(CARPETA)} not in sys.path: sys.path.append(${JSON.stringify(CARPETA)})`);
}
const importar = (py) => ["ejecutor", "comprobador"].forEach((m) => py.pyimport(m));

async function abrirCache(nombre) {
  try {
    return await caches.open(nombre);
  } catch {
    return null; // no Cache API (e.g. storage disabled): plain boots only
  }
}

export async function arrancar(config, modulos, enviar) {
  const dejarDeContar = config.primeraVisita ? contarDescargas(config.descargas, enviar) : () => {};
  try {
    const { loadPyodide } = await import(config.indexURL + "pyodide.mjs");
    const base = { indexURL: config.indexURL, lockFileContents: config.lock };
    const cache = config.instantanea ? await abrirCache(config.instantanea) : null;
    const guardada = cache && (await cache.match(CLAVE).catch(() => undefined));
    if (guardada) {
      try {
        const paquete = new Uint8Array(await guardada.arrayBuffer());
        if ((await huella(paquete)) !== guardada.headers.get(HUELLA)) throw new Error("no coincide con su SHA-256");
        const py = await loadPyodide({ ...base, _loadSnapshot: desempaquetar(paquete) });
        escribirModulos(py, modulos);
        importar(py);
        return { py, origen: "instantanea" };
      } catch (e) {
        console.warn("Instantánea inservible; arranque normal.", e);
        await cache.delete(CLAVE).catch(() => {});
      }
    }
    const py = await loadPyodide({ ...base, _makeSnapshot: Boolean(cache) });
    escribirModulos(py, modulos);
    importar(py);
    if (cache) {
      const copia = py.makeMemorySnapshot(); // a copy of the heap, taken before any cell runs
      // Packing takes this thread ~50 ms (measured on a first visit here), and the page
      // posts its first run as soon as the worker is ready: leave that run a second.
      setTimeout(async () => {
        try {
          const paquete = empaquetar(copia);
          await cache.put(CLAVE, new Response(paquete, { headers: { [HUELLA]: await huella(paquete) } }));
        } catch (e) {
          console.warn("No se guardó la instantánea.", e);
        }
      }, 1000);
    }
    return { py, origen: "red" };
  } finally {
    dejarDeContar();
  }
}
