// The behaviour checks of tests/py, run on the py/ files in real Pyodide 314: where verdicts are made.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { arrancaPython } from "./python.mjs";

const MODULOS = ["test_guionizado", "test_entorno", "test_celda", "test_redaccion", "test_valores", "test_entrega", "test_transporte",
  "test_firmas", "test_ayuda", "test_carga", "test_calificador", "test_vista", "test_explicaciones", "test_respuestas"];
let py;

before(async () => {
  py = await arrancaPython();
  py.runPython("import corre_pruebas, comun; comun.instala_open_url()");
});

test("Pyodide runs Python 3.14 with jsonschema 4.17.3 from the served wheels", () => {
  assert.match(py.runPython("import sys; sys.version"), /^3\.14\./);
  assert.equal(py.runPython("from importlib.metadata import version; version('jsonschema')"), "4.17.3");
});

// One subtest per Python test, so a failure names it; discovery is by name in Pyodide itself.
for (const modulo of MODULOS) {
  test(modulo, async (t) => {
    const nombres = py.runPython(`corre_pruebas.nombres(${JSON.stringify(modulo)})`).toJs();
    assert.ok(nombres.length > 0, `no tests found in ${modulo}`);
    for (const nombre of nombres) {
      await t.test(nombre, () => {
        const r = JSON.parse(py.runPython(`corre_pruebas.corre(${JSON.stringify(modulo)}, ${JSON.stringify(nombre)})`));
        assert.ok(r.ok, r.error);
      });
    }
  });
}
