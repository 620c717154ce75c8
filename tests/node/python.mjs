// Boots real Pyodide in Node with the repository mounted at /repo, so tests run py/ unchanged.
import { loadPyodide } from "pyodide";
import { readdirSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUEDAS = path.join(RAIZ, ".cache/wheels");

// The standard library the site serves and calificar.py mounts (construir/stdlib.py), or the npm
// package's own with stdlib: "npm".
export const STDLIB = { curso: path.join(RAIZ, ".cache/stdlib/python_stdlib.zip"), npm: undefined };

// jsonschema: the pure wheels that the site serves (make wheels), imported straight from the zips.
export async function arrancaPython({ conJsonschema = true, stdlib = "curso" } = {}) {
  if (stdlib === "curso" && !existsSync(STDLIB.curso)) throw new Error(`falta ${STDLIB.curso}: make setup`);
  const py = await loadPyodide({ stdout: () => {}, stderr: () => {}, stdLibURL: STDLIB[stdlib] });
  py.FS.mkdirTree("/repo");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: RAIZ }, "/repo");
  const ruedas = conJsonschema && existsSync(RUEDAS)
    ? readdirSync(RUEDAS).filter((f) => /^(jsonschema|attrs|pyrsistent)-.*\.whl$/.test(f))
    : [];
  if (conJsonschema && ruedas.length < 3) throw new Error(`faltan las ruedas de jsonschema en ${RUEDAS}: make wheels`);
  py.globals.set("_ruedas", py.toPy(ruedas.map((f) => `/repo/.cache/wheels/${f}`)));
  py.runPython(`
import sys
sys.path[:0] = ["/repo/tests/py", "/repo/tests/node", "/repo/py", *_ruedas]
del _ruedas
`);
  return py;
}
