// The origin guard that every browser test relies on: a request to another
// origin is aborted before it leaves the machine, and it fails the test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { servidorYNavegador } from "./montaje.mjs";
import { esperarInterprete, ejecutar, LECCION } from "./ayuda.mjs";

const e = servidorYNavegador();

test("a lesson page requests nothing outside its origin", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  await esperarInterprete(p);
  await ejecutar(p, "esquema"); // also boots micropip and installs wheels
  await p.close();
  e.navegador.ajenas.comprobar();
});

test("a request to another origin makes the guard fail", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  // What a CDN <script> or a fetch from a cell would do. .invalid never resolves,
  // and the guard aborts it before any lookup anyway.
  await p.evaluate(() => fetch("https://cdn.example.invalid/pyodide.js").catch(() => null));
  await p.close();
  assert.throws(() => e.navegador.ajenas.comprobar(), /Peticiones fuera del origen .*cdn\.example\.invalid/);
  e.navegador.ajenas.lista.length = 0;
});
