// The standard library the site serves and calificar.py mounts (construir/stdlib.py): Pyodide
// boots on it, every module that imports with the npm package's zip still imports, and the ones
// left out raise ImportError in Spanish, saying why.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { arrancaPython, RAIZ } from "./python.mjs";

// Every top-level module of the mounted zip, imported in turn (output swallowed: `this` prints).
const IMPORTAR = `
import contextlib, importlib, io, json, pkgutil, sys
zip_ = next(p for p in sys.path if p.endswith(".zip"))
nombres = sorted(m.name for m in pkgutil.iter_modules([zip_]))
resultado = {}
for nombre in nombres:
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            importlib.import_module(nombre)
        resultado[nombre] = "ok"
    except BaseException as e:
        resultado[nombre] = "%s: %s" % (type(e).__name__, e)
json.dumps(resultado)`;

const importa = async (stdlib) => JSON.parse((await arrancaPython({ conJsonschema: false, stdlib })).runPython(IMPORTAR));

test("every module the npm package's stdlib imports still imports, but those left out, in Spanish", async () => {
  const r = spawnSync(path.join(RAIZ, ".venv/bin/python"), ["-c",
    "import json; from construir.stdlib import EXCLUIDOS, mensaje; print(json.dumps({n: mensaje(n) for n in EXCLUIDOS}))"],
  { cwd: RAIZ, encoding: "utf-8" });
  assert.equal(r.status, 0, r.stderr);
  const excluidos = JSON.parse(r.stdout);
  const [npm, curso] = [await importa("npm"), await importa("curso")];
  assert.ok(Object.keys(npm).length > 150, `only ${Object.keys(npm).length} modules in the npm zip`);
  const perdidos = Object.keys(npm).filter((n) => npm[n] === "ok" && curso[n] !== "ok" && !(n in excluidos));
  assert.deepEqual(perdidos.map((n) => `${n}: ${curso[n]}`), [], "modules the course's stdlib broke");
  for (const [nombre, texto] of Object.entries(excluidos)) {
    assert.equal(curso[nombre], `ImportError: ${texto}`, nombre);
    assert.match(texto, new RegExp(`^${nombre} no está en el Python de este curso: .+\\. Lo dejamos fuera`));
  }
});

test("a module that needs one left out says so when it is used, not before", async () => {
  const py = await arrancaPython({ conJsonschema: false });
  const r = py.runPython(`
import concurrent.futures, logging.config, urllib.request
try:
    from concurrent.futures import ProcessPoolExecutor
except ImportError as e:
    salida = str(e)
salida`);
  assert.match(r, /^multiprocessing no está en el Python de este curso: el Python de la página corre en un solo proceso/);
});
