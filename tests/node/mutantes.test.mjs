// Mutation testing in real Pyodide: every first-order mutant of a challenge's SOLUCION
// (tests/py/mutantes.py) must lose a point through the grader core, as the page runs it, with
// each of a few fixed seeds; the only survivors allowed are the equivalent ones listed, with
// their reason, in tests/py/mutantes_equivalentes.json. mutantes.informe refuses a SOLUCION with no
// mutant, here as in the CPython runner (python3 tests/py/mutantes.py RETO).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { arrancaPython, RAIZ } from "./python.mjs";

const SEMILLAS = [11, 12, 13];
const EQUIVALENTES = JSON.parse(readFileSync(path.join(RAIZ, "tests/py/mutantes_equivalentes.json"), "utf8"));

const py = await arrancaPython();
py.runPython("import json, corpus, mutantes, comun; comun.instala_open_url()");
// Every challenge, the minimal course's too (tests/py/minimo.py): the list the pytest suites use.
const RETOS = JSON.parse(py.runPython("json.dumps(corpus.retos())"));

for (const reto of RETOS) {
  test(`${reto}: its tests kill every mutant of SOLUCION but the listed equivalents`, (t) => {
    const r = JSON.parse(py.runPython(
      `json.dumps(mutantes.informe(${JSON.stringify(reto)}, ${JSON.stringify(SEMILLAS)}))`));
    t.diagnostic(`${r.generados} mutants, ${r.muertos} killed, ${r.vivos.length} equivalent, ${r.segundos} s`);
    const equivalentes = EQUIVALENTES[reto] ?? {};
    const sinMotivo = r.vivos.filter((d) => !(d in equivalentes));
    const fuentes = sinMotivo.map((d) => `--- ${d}\n` + py.runPython(
      `mutantes.fuente_de(${JSON.stringify(reto)}, ${JSON.stringify(d)})`));
    assert.deepEqual(sinMotivo, [], `mutants that get full marks:\n${fuentes.join("\n")}`);
    const yaNoSobreviven = Object.keys(equivalentes).filter((d) => !r.vivos.includes(d));
    assert.deepEqual(yaNoSobreviven, [], "listed as equivalent, but killed or no longer generated");
  });
}
