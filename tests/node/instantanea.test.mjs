// The memory snapshot as the page stores it (site/src/instantanea.js): a real Pyodide heap,
// packed without its zero blocks, comes back byte for byte, and Pyodide boots from it with
// what was imported before it was taken.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadPyodide } from "pyodide";
import { empaquetar, desempaquetar } from "../../site/src/instantanea.js";
import { STDLIB } from "./python.mjs";

const callar = { stdout: () => {}, stderr: () => {}, stdLibURL: STDLIB.curso };

test("a packed heap restores byte for byte, is much smaller, and boots Pyodide", async () => {
  const py = await loadPyodide({ ...callar, _makeSnapshot: true });
  py.runPython("import json, re\nMARCA = json.dumps({'hola': re.escape('a.b')})");
  const heap = py.makeMemorySnapshot();
  const paquete = empaquetar(heap);
  assert.ok(paquete.length < 0.7 * heap.length, `${paquete.length} of ${heap.length} bytes`);
  assert.deepEqual(desempaquetar(paquete), heap);

  const otro = await loadPyodide({ ...callar, _loadSnapshot: desempaquetar(paquete) });
  assert.equal(otro.runPython("MARCA"), '{"hola": "a\\\\.b"}');
});

test("a heap with no zero block, and one of zeros only, round-trip", () => {
  const lleno = new Uint8Array(3 * 65536 + 12).fill(9);
  assert.deepEqual(desempaquetar(empaquetar(lleno)), lleno);
  const vacio = new Uint8Array(2 * 65536);
  assert.equal(empaquetar(vacio).length, 8);
  assert.deepEqual(desempaquetar(empaquetar(vacio)), vacio);
  const casi = new Uint8Array(2 * 65536 + 3);
  casi[casi.length - 1] = 1; // a non-zero byte past the last whole word
  assert.deepEqual(desempaquetar(empaquetar(casi)), casi);
});

test("a package whose layout does not add up is refused, not restored", () => {
  const heap = new Uint8Array(4 * 65536);
  heap[65536 * 2 + 5] = 7;
  const paquete = empaquetar(heap);
  assert.throws(() => desempaquetar(paquete.subarray(0, paquete.length - 1)), /mal formada/);
  const largo = new Uint8Array(paquete.length + 1);
  largo.set(paquete);
  assert.throws(() => desempaquetar(largo), /mal formada/);
  const fuera = paquete.slice();
  new DataView(fuera.buffer).setUint32(8, 4 * 65536, true); // the run's offset past the end
  assert.throws(() => desempaquetar(fuera), /mal formada/);
  const sinCabecera = paquete.slice();
  new DataView(sinCabecera.buffer).setUint32(4, 0x0fffffff, true); // more runs than bytes
  assert.throws(() => desempaquetar(sinCabecera), /mal formada/);
  assert.throws(() => desempaquetar(new Uint8Array(5)), /mal formada/);
});

test("runs out of order or overlapping are refused: none may overwrite another", () => {
  const heap = new Uint8Array(4 * 65536);
  heap[5] = 1;
  heap[3 * 65536 + 5] = 2;
  const paquete = empaquetar(heap);
  const vista = new DataView(paquete.buffer);
  assert.equal(vista.getUint32(4, true), 2);
  const alReves = paquete.slice();
  new DataView(alReves.buffer).setUint32(16, 0, true); // the second run starts where the first does
  assert.throws(() => desempaquetar(alReves), /mal formada/);
});
