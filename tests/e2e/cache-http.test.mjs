// The service worker passes the wasm on from the HTTP cache (site/sw.js, desdeCacheHttp), where
// V8 keeps its compiled code: a warm visit reads that code back (a `v8.wasm.moduleCacheHit` trace
// event) instead of compiling the wasm again, and with the HTTP cache emptied and the network off
// the interpreter still boots, from the offline cache. This browser only records foreign requests:
// Playwright turns the HTTP cache off while any route is set (comun/navegador.mjs, anotarAjenas).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { ejecutar, esperarInstantanea, esperarInterprete, esperarServiceWorker, LECCION, OTRA } from "./ayuda.mjs";

const e = servidorYNavegador(undefined, { soloAnotar: true });

/** Bytes of compiled wasm Chromium keeps in the profile (written once V8 has tiered enough up). */
function codigoGuardado() {
  const dir = join(e.navegador.perfil, "Default", "Code Cache", "wasm");
  try {
    return readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  } catch {
    return 0;
  }
}

/** The v8.wasm trace events of a visit to url until its interpreter is ready, by name. */
async function eventosWasm(url) {
  const p = await e.navegador.contexto.newPage();
  const cdp = await e.navegador.contexto.newCDPSession(p);
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: ["disabled-by-default-devtools.timeline"] }, transferMode: "ReturnAsStream" });
  await p.goto(url);
  await esperarInterprete(p);
  const fin = new Promise((resolver) => cdp.once("Tracing.tracingComplete", resolver));
  await cdp.send("Tracing.end");
  const { stream } = await fin;
  let texto = "";
  for (let trozo = { eof: false }; !trozo.eof;) {
    trozo = await cdp.send("IO.read", { handle: stream });
    texto += trozo.base64Encoded ? Buffer.from(trozo.data, "base64").toString() : trozo.data;
  }
  await cdp.send("IO.close", { handle: stream });
  await p.close();
  const cuenta = {};
  for (const [, nombre] of texto.matchAll(/"name":"v8\.wasm\.(\w+)"/g)) cuenta[nombre] = (cuenta[nombre] || 0) + 1;
  return cuenta;
}

test("a warm visit reads back the wasm code a first visit compiled", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  assert.match(await ejecutar(p, "cargar"), /tool_use t1 leer/);
  await esperarServiceWorker(p);
  await esperarInstantanea(p);
  for (let i = 0; i < 300 && codigoGuardado() < 500_000; i++) await p.waitForTimeout(100);
  await p.close();
  assert.ok(codigoGuardado() >= 500_000, `Chromium kept ${codigoGuardado()} bytes of compiled wasm`);

  const eventos = await eventosWasm(e.servidor.origen + OTRA);
  assert.equal(eventos.moduleCacheHit, 1, JSON.stringify(eventos));
  assert.equal(eventos.compiledModule, undefined, JSON.stringify(eventos));
  e.navegador.ajenas.comprobar();
});

// After the first test's visits: the service worker is installed.
test("with the HTTP cache emptied and the network off, the wasm comes from the offline cache", async () => {
  const p = await e.navegador.contexto.newPage();
  const cdp = await e.navegador.contexto.newCDPSession(p);
  await cdp.send("Network.clearBrowserCache");
  await e.navegador.contexto.setOffline(true);
  try {
    await p.goto(e.servidor.origen + OTRA);
    await esperarInterprete(p);
    assert.match(await ejecutar(p, "hola"), /Hola, Ana/);
    await p.close();
  } finally {
    await e.navegador.contexto.setOffline(false);
  }
  e.navegador.ajenas.comprobar();
});
