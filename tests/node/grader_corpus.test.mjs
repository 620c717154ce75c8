// The corpus of submissions through the grader core in real Pyodide, as the page's "Comprobar"
// runs it: the verdicts must be the ones calificar.py gives (tests/entregas/veredictos.json).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { arrancaPython } from "./python.mjs";

let py;
before(async () => {
  py = await arrancaPython();
  py.runPython("import corpus, comun; comun.instala_open_url()");
});

test("pyodide-en-node: the corpus gives calificar.py's verdicts through the core in Pyodide", async (t) => {
  const casos = py.runPython(
    "[c for c, v in sorted(corpus.veredictos().items()) if not v.get('solo_aislado')]").toJs();
  assert.ok(casos.length >= 30, `only ${casos.length} cases`);
  for (const caso of casos) {
    await t.test(caso, () => {
      const problema = py.runPython(
        `corpus.comprueba(${JSON.stringify(caso)}, corpus.califica_en_este_interprete(${JSON.stringify(caso)}))`);
      assert.equal(problema, undefined, problema);
    });
  }
});
