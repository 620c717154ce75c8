// Parity, in real Pyodide: the corpus of submissions through the page's own Comprobar
// (site/src/comprobador.py, with the expectations build.py put in dist/) gives the
// verdicts calificar.py gives at the build's seed (tests/entregas/veredictos.json,
// checked against calificar.py by tests/py/test_calificar.py). A sample also runs in a
// real page (tests/e2e/paridad.test.mjs); the cases that loop, kill or leave their
// interpreter need a page's clock or a process, and run there or in calificar.py only.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { arrancaPython } from "./python.mjs";

let py;
before(async () => {
  py = await arrancaPython();
  py.runPython("import corpus, comun, minimo; comun.instala_open_url()");
});

test("pyodide-en-node: the corpus through the page's comprobador.py gives calificar.py's verdicts", async (t) => {
  // The minimal course's cases need a build with it (make build builds lessons/ alone): its
  // corpus goes through comprobador.py with that build's data in tests/py/test_curso_minimo.py.
  const casos = py.runPython("[c for c, v in sorted(corpus.veredictos().items()) if not v.get('solo_aislado')"
    + " and c.split('/')[0] not in minimo.retos()]").toJs();
  assert.ok(casos.length >= 30, `only ${casos.length} cases`);
  for (const caso of casos) {
    await t.test(caso, () => {
      const problema = py.runPython(
        `corpus.comprueba(${JSON.stringify(caso)}, corpus.califica_como_la_pagina(${JSON.stringify(caso)}))`);
      assert.equal(problema, undefined, problema);
    });
  }
});
