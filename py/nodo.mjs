// One Pyodide process of calificar.py, started from the prepared runtime folder (aislamiento.py):
//
//   node nodo.mjs instantanea   boots Pyodide, imports what both sides use, writes instantanea.bin
//   node nodo.mjs juez          the trusted side: runs juez.py (grader core, tools, reference)
//   node nodo.mjs hijo          one submission, sandboxed: runs hijo.py
//
//   node nodo.mjs juez|hijo IN OUT
// juez and hijo boot from the memory snapshot (~0.3 s instead of ~2.5 s) and then speak JSON,
// one message per line, reading fd IN and writing fd OUT; juez.py and hijo.py list the messages.
// The folder holds pyodide/, ruedas/ (the pure wheels jsonschema needs) and the .py files,
// mounted read-only in Pyodide at /calificar, so that both sides import the same files.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { readFileSync, writeFileSync, readSync, writeSync, readdirSync, renameSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const BASE = path.dirname(fileURLToPath(import.meta.url));
const INSTANTANEA = path.join(BASE, "instantanea.bin");
const [modo, fdEntrada, fdSalida] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
if (!["instantanea", "juez", "hijo"].includes(modo)) {
  process.stderr.write("uso: node nodo.mjs instantanea | node nodo.mjs juez|hijo IN OUT\n");
  process.exit(2);
}

// What both sides import before the snapshot is taken, so that no process pays for it again.
const PRECARGA = `
import os, sys
os.environ.pop("_", None)  # Emscripten's copy of argv[1]: this folder's path on the host
sys.path[:0] = ["/calificar", *sorted("/calificar/ruedas/" + r for r in __ruedas__)]
import base64, contextlib, copy, functools, importlib, io, json, random, re, time, tokenize, types
import jsonschema
from modulos import MODULOS
for _m in MODULOS:
    importlib.import_module(_m[:-3])
import firmas
firmas.validador_de_bloques()
del _m
`;

function monta(py) {
  py.FS.mkdirTree("/calificar");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: BASE }, "/calificar");
}

const silencio = { batched: () => {} };
// The lock without its packages, as the page boots (construir/activos.py, lock_vacio): an
// `import numpy` fails with the same message on both sides.
const { info } = JSON.parse(readFileSync(path.join(BASE, "pyodide", "pyodide-lock.json"), "utf8"));
const opciones = {
  indexURL: path.join(BASE, "pyodide") + "/", lockFileContents: { info, packages: {} }, stdout: () => {}, stderr: () => {},
};

if (modo === "instantanea") {
  const py = await loadPyodide({ ...opciones, _makeSnapshot: true });
  monta(py);
  py.globals.set("__ruedas__", py.toPy(readdirSync(path.join(BASE, "ruedas")).filter((r) => r.endsWith(".whl"))));
  py.runPython(PRECARGA + "del __ruedas__\n");
  writeFileSync(INSTANTANEA + ".tmp", py.makeMemorySnapshot());
  renameSync(INSTANTANEA + ".tmp", INSTANTANEA);
  process.exit(0);
}

const py = await loadPyodide({ ...opciones, _loadSnapshot: readFileSync(INSTANTANEA) });
monta(py);
py.setStdout(silencio);
py.setStderr(silencio);

// The channel: blocking reads and writes on the pipes calificar.py passed.
let resto = Buffer.alloc(0);
function recibe() {
  for (;;) {
    const fin = resto.indexOf(10);
    if (fin >= 0) {
      const linea = resto.subarray(0, fin).toString("utf8");
      resto = resto.subarray(fin + 1);
      return linea;
    }
    const trozo = Buffer.allocUnsafe(1 << 16);
    const n = readSync(fdEntrada, trozo, 0, trozo.length, null);
    if (n === 0) process.exit(0); // calificar.py has gone: so do we
    resto = Buffer.concat([resto, trozo.subarray(0, n)]);
  }
}
function envia(texto) {
  const datos = Buffer.from(texto + "\n", "utf8");
  for (let hecho = 0; hecho < datos.length; ) hecho += writeSync(fdSalida, datos, hecho);
}

py.registerJsModule("_canal", { recibe, envia });
try {
  py.pyimport(modo).principal();
} catch (e) {
  // A Python error escaping principal() or the interpreter itself dying (os._exit, a fatal
  // error): the other side sees the channel close and reports it.
  process.stderr.write(`nodo.mjs ${modo}: ${String(e && e.message ? e.message : e).slice(-2000)}\n`);
  process.exit(1);
}
process.exit(0);
