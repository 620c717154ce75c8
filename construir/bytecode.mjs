// Boots Pyodide in Node on the course's stdlib zip and runs construir/bytecode.py in it, which
// rewrites that zip with the bytecode of the modules a page's boot imports.
//
//   node construir/bytecode.mjs .cache/stdlib/python_stdlib.zip
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import path from "node:path";

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const zip = path.resolve(process.argv[2]);
if (!zip.startsWith(RAIZ + path.sep)) throw new Error(`${zip}: fuera de ${RAIZ}`);
const py = await loadPyodide({ stdLibURL: zip });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: RAIZ }, "/repo");
py.runPython(`import sys; sys.path.insert(0, "/repo/construir")`);
const bytecode = py.pyimport("bytecode");
// bytecode.py names the zip by its path in Pyodide (/repo/...): say the host's instead.
console.log(bytecode.main("/repo/" + path.relative(RAIZ, zip), "/repo").replace("/repo/", RAIZ + "/"));
