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
  await ejecutar(p, "esquema"); // also installs the site's wheels
  await p.close();
  e.navegador.ajenas.comprobar();
});

test("a request to another origin makes the guard fail", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  // A fetch from a cell: the page's CSP (connect-src 'self') stops it before the guard sees it.
  const bloqueada = await p.evaluate(() => new Promise((resolver) => {
    addEventListener("securitypolicyviolation", (e) => resolver(e.blockedURI), { once: true });
    fetch("https://cdn.example.invalid/pyodide.js").catch(() => null);
  }));
  assert.match(bloqueada, /cdn\.example\.invalid/);
  // A navigation is no fetch: the CSP lets it go, and the guard must abort it and fail the
  // test. .invalid never resolves, and the guard aborts it before any lookup anyway.
  await p.goto("https://cdn.example.invalid/pyodide.js").catch(() => null);
  await p.close();
  assert.throws(() => e.navegador.ajenas.comprobar(), /Peticiones fuera del origen .*cdn\.example\.invalid/);
  e.navegador.ajenas.lista.length = 0;
});
