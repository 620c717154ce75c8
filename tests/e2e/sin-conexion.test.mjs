// After one visit, the service worker holds every lesson, the interpreter, the
// course's .py files and the wheels: with the network off, another lesson opens
// and runs, and so does the open_url cell and the jsonschema import.
import { test } from "node:test";
import assert from "node:assert/strict";
import { servidorYNavegador } from "./montaje.mjs";
import { abrirNavegador, ejecutar, esperarInterprete, esperarServiceWorker, LECCION, OTRA } from "./ayuda.mjs";

const e = servidorYNavegador();

test("after one visit, every lesson opens and runs offline", async () => {
  const primera = await e.navegador.contexto.newPage();
  await primera.goto(e.servidor.origen + LECCION);
  // First visit: a progress bar counts the download, with a note saying it happens once.
  await primera.waitForFunction(() => {
    const barra = document.querySelector("#estado progress");
    return !barra.hidden && barra.value > 0 && /\d MB de \d/.test(document.querySelector("#estado").textContent);
  }, null, { timeout: 30_000 });
  assert.match(await primera.locator(".estado-nota").innerText(), /se descarga una sola vez/);
  await esperarInterprete(primera);
  assert.match(await primera.locator("#estado").innerText(), /Intérprete listo en/);
  await esperarServiceWorker(primera);
  const cacheadas = await primera.evaluate(async () => {
    const nombres = await caches.keys();
    return { nombres, claves: (await (await caches.open(nombres.find((n) => n.startsWith("curso-")))).keys()).map((r) => new URL(r.url).pathname) };
  });
  for (const ruta of [LECCION, OTRA, "/courses/llm-agents/", "/courses/llm-agents/guionizado.py", "/pyodide/314.0.7/pyodide.asm.wasm"]) {
    assert.ok(cacheadas.claves.includes(ruta), `${ruta} is not precached: ${cacheadas.claves}`);
  }
  assert.ok(cacheadas.claves.some((r) => r.endsWith(".whl")), "no wheel precached");
  await primera.close();

  await e.navegador.contexto.setOffline(true);
  try {
    const otra = await e.navegador.contexto.newPage();
    await otra.goto(e.servidor.origen + OTRA);
    await esperarInterprete(otra);
    assert.equal(await otra.locator(".estado-nota").isVisible(), false); // no download note once cached
    assert.match(await ejecutar(otra, "hola"), /Hola, Ana/);
    await otra.close();

    const leccion = await e.navegador.contexto.newPage();
    await leccion.goto(e.servidor.origen + LECCION);
    assert.match(await ejecutar(leccion, "cargar"), /tool_use t1 leer/);
    assert.match(await ejecutar(leccion, "esquema"), /argumentos válidos para leer/);
    // The second boot of the profile restores the interpreter from its snapshot.
    assert.equal(await leccion.evaluate(() => document.documentElement.dataset.arranque), "instantanea");
    await leccion.close();
  } finally {
    await e.navegador.contexto.setOffline(false);
  }
  e.navegador.ajenas.comprobar();
});

test("the offline check can fail: with no visit first, an offline lesson does not load", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    await otro.contexto.setOffline(true);
    const p = await otro.contexto.newPage();
    await assert.rejects(p.goto(e.servidor.origen + OTRA));
  } finally {
    await otro.cerrar();
  }
});
