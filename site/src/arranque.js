// Boots Pyodide in the worker. A memory snapshot, taken by a worker of its own
// once a page that booted without one is idle, is kept in the Cache API and
// restores the interpreter in a fraction of the time. It is a private Pyodide
// API, so the snapshot is keyed to this build of the worker (config.instantanea)
// and any failure falls back to a plain boot.
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
// tracebacks name real files, and the modules named are imported (after a memory snapshot they
// are already there, and only the files are written again). Returns py.
const CARPETA = "/curso";
function cargarModulos(py, modulos, importar) {
  py.FS.mkdirTree(CARPETA);
  for (const [nombre, fuente] of Object.entries(modulos)) py.FS.writeFile(`${CARPETA}/${nombre}`, fuente);
  py.runPython(`import sys\nif ${JSON.stringify(CARPETA)} not in sys.path: sys.path.append(${JSON.stringify(CARPETA)})`);
  importar.forEach((m) => py.pyimport(m));
  return py;
}
// A plain boot imports what runs cells; comprobador.py, the grader's core, is compiled from
// source in about 80 ms (79 in Node, docs/cifras.md, "Issue 35"), so the worker imports it when
// a page needs it.
// The snapshot has both, and a warm boot gets both for nothing.
const AL_ARRANCAR = ["ejecutor"];
const EN_LA_INSTANTANEA = ["ejecutor", "comprobador"];
// What every boot passes loadPyodide, with or without a snapshot.
const opciones = (config) => ({ indexURL: config.indexURL, lockFileContents: config.lock });

async function abrirCache(nombre) {
  try {
    return await caches.open(nombre);
  } catch {
    return null; // no Cache API (e.g. storage disabled): plain boots only
  }
}

/** The heap of a stored snapshot, once its bytes match their SHA-256. */
async function leerInstantanea(guardada) {
  const paquete = new Uint8Array(await guardada.arrayBuffer());
  if ((await huella(paquete)) !== guardada.headers.get(HUELLA)) throw new Error("no coincide con su SHA-256");
  return desempaquetar(paquete);
}

export async function arrancar(config, modulos, enviar) {
  const dejarDeContar = config.primeraVisita ? contarDescargas(config.descargas, enviar) : () => {};
  try {
    const modulo = import(config.indexURL + "pyodide.mjs");
    modulo.catch(() => {}); // awaited below; meanwhile a failure must not surface as unhandled
    const cache = config.instantanea ? await abrirCache(config.instantanea) : null;
    const guardada = cache && (await cache.match(CLAVE).catch(() => undefined));
    // The snapshot is read, hashed and unpacked while pyodide.mjs and pyodide.asm.mjs load and the
    // wasm and stdlib download: loadPyodide awaits it once it has its module script, before it
    // compiles the wasm (Pyodide 314's prepareSnapshot).
    const heap = guardada ? leerInstantanea(guardada) : null;
    heap?.catch(() => {}); // loadPyodide reports it; meanwhile it must not surface as unhandled
    const { loadPyodide } = await modulo;
    if (heap) {
      try {
        return { py: cargarModulos(await loadPyodide({ ...opciones(config), _loadSnapshot: heap }), modulos, AL_ARRANCAR), origen: "instantanea" };
      } catch (e) {
        console.warn("Instantánea inservible; arranque normal.", e);
        await cache.delete(CLAVE).catch(() => {});
      }
    }
    // No snapshot taken here: booting for one and copying the heap delayed a cold visit's first
    // output (docs/cifras.md, "Issue 35"); the page has another worker take it once idle (tomarInstantanea).
    return { py: cargarModulos(await loadPyodide(opciones(config)), modulos, AL_ARRANCAR), origen: "red" };
  } finally {
    dejarDeContar();
  }
}

/** Boots a Pyodide of its own, as arrancar would, and stores its memory snapshot; never throws.
 * One at a time per origin: two first-visit tabs would boot two interpreters for one entry. */
export async function tomarInstantanea(config, modulos) {
  try {
    const cache = await abrirCache(config.instantanea);
    if (!cache) return;
    const enTurno = navigator.locks ? (f) => navigator.locks.request(CLAVE + config.instantanea, { ifAvailable: true }, f) : (f) => f(true);
    await enTurno(async (turno) => {
      if (!turno || (await cache.match(CLAVE))) return; // another tab takes it, or took it
      const { loadPyodide } = await import(config.indexURL + "pyodide.mjs");
      const py = cargarModulos(await loadPyodide({ ...opciones(config), _makeSnapshot: true }), modulos, EN_LA_INSTANTANEA);
      const paquete = empaquetar(py.makeMemorySnapshot()); // the heap before any cell runs
      await cache.put(CLAVE, new Response(paquete, { headers: { [HUELLA]: await huella(paquete) } }));
    });
  } catch (e) {
    console.warn("No se guardó la instantánea.", e);
  }
}
