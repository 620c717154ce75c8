// When the interpreter cannot be interrupted or dies, the page restarts the
// worker, says so, and keeps what the learner typed.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { arrancarServidor, abrirNavegador, ejecutar, esperarInstantanea, esperarInterprete, RAIZ, LECCION, OTRA } from "./ayuda.mjs";

const abiertos = [];
after(async () => {
  for (const cerrar of abiertos.reverse()) await cerrar();
});

async function preparar(extra = [], dir = join(RAIZ, "dist"), opciones = {}) {
  const servidor = await arrancarServidor(dir, extra);
  abiertos.push(servidor.parar);
  const navegador = await abrirNavegador(servidor.origen, opciones);
  abiertos.push(navegador.cerrar);
  return { servidor, navegador };
}

test("a fatal interpreter error restarts the worker, says so, and keeps the editor's text", async () => {
  const { servidor, navegador } = await preparar();
  const p = await navegador.contexto.newPage();
  await p.goto(servidor.origen + OTRA);
  await esperarInterprete(p);
  const codigo = "import pyodide_js\npyodide_js._api.fatal_error(pyodide_js.ffi.PythonError.new('prueba'))";
  await p.locator('[data-celda="hola"] .cm-content').click();
  await p.keyboard.press("Control+A");
  await p.keyboard.insertText(codigo);
  const salida = await ejecutar(p, "hola", { espera: 20_000 });
  assert.match(salida, /El intérprete se ha detenido de golpe .* y se ha reiniciado/);
  assert.equal(await p.locator('[data-celda="hola"] .cm-content').innerText(), codigo);
  await p.locator('[data-celda="hola"] button.restaurar').click();
  assert.match(await ejecutar(p, "hola"), /Hola, Ana/); // the new worker runs
  navegador.ajenas.comprobar();
});

// Without the headers and without a service worker (one would add them from the second load on:
// base.test.mjs), as in a browser that allows none.
test("without cross-origin isolation, Stop restarts the worker and says the namespace was reset", async () => {
  const { servidor, navegador } = await preparar(["--sin-aislar"], undefined, { serviceWorkers: "block" });
  const p = await navegador.contexto.newPage();
  await p.goto(servidor.origen + LECCION);
  assert.equal(await p.evaluate(() => crossOriginIsolated), false);
  await ejecutar(p, "cargar");
  await p.locator('[data-celda="bucle"] button.ejecutar').click();
  await p.waitForTimeout(500);
  await p.locator('[data-celda="bucle"] button.detener').click();
  await p.waitForFunction(() => !document.querySelector('[data-celda="bucle"]').classList.contains("ocupada"), null, { timeout: 5000 });
  assert.match(await p.locator('[data-celda="bucle"] .salida').innerText(), /no está aislada .* se perdieron las variables/);
  // The namespace is new: the next cell runs the cell it uses again, and says so.
  const despues = await ejecutar(p, "despues");
  assert.match(despues, /Antes se ejecutaron Celda 1/);
  assert.match(despues, /El bucle dio 0 vueltas/);
  // Nor can input() wait for the keyboard: it says why, in Spanish.
  const q = await navegador.contexto.newPage();
  await q.goto(servidor.origen + OTRA);
  assert.match(await ejecutar(q, "entrada"), /\nEntradaNoDisponible: input\(\) no está disponible aquí: esta página no está aislada/);
  navegador.ajenas.comprobar();
});

test("an interpreter that cannot boot is reported once, not restarted in a loop", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sin-trabajador-"));
  abiertos.push(async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(RAIZ, "dist"), dir, { recursive: true });
  for (const f of readdirSync(join(dir, "static"))) if (f.startsWith("trabajador.")) rmSync(join(dir, "static", f));
  const { servidor, navegador } = await preparar([], dir);
  const pedidas = [];
  // Starts of the worker. The page's preload hint asks for the same script in CORS mode, with an
  // Origin header; the worker's own request is same-origin mode and carries none.
  navegador.contexto.on("request", async (r) => {
    if (r.url().includes("/static/trabajador.") && !(await r.allHeaders()).origin) pedidas.push(r.url());
  });
  const p = await navegador.contexto.newPage();
  await p.goto(servidor.origen + OTRA);
  await p.waitForFunction(() => document.querySelector("#estado").classList.contains("error"), null, { timeout: 20_000 });
  assert.match(await p.locator("#estado").innerText(), /No se pudo cargar el intérprete/);
  await p.waitForTimeout(1500);
  assert.equal(pedidas.length, 1, pedidas.join(", "));
  navegador.ajenas.comprobar();
});

test("a snapshot that cannot be restored falls back to a plain boot and is replaced", async () => {
  const { servidor, navegador } = await preparar();
  const p = await navegador.contexto.newPage();
  await p.goto(servidor.origen + OTRA);
  await esperarInterprete(p);
  // Wait for the page's own snapshot to be stored, or it overwrites ours; then spoil it, as a
  // browser or Pyodide change could: intact (its SHA-256 matches) but not a snapshot at all.
  await esperarInstantanea(p);
  await p.evaluate(async () => {
    const nombre = JSON.parse(document.getElementById("datos").textContent).config.instantanea;
    const basura = new Uint8Array(4096).fill(7);
    const h = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", basura)), (b) => b.toString(16).padStart(2, "0")).join("");
    await (await caches.open(nombre)).put("/__instantanea__", new Response(basura, { headers: { "x-sha256": h } }));
  });
  await p.reload();
  await esperarInterprete(p);
  assert.equal(await p.evaluate(() => document.documentElement.dataset.arranque), "red");
  assert.match(await ejecutar(p, "hola"), /Hola, Ana/);
  await esperarInstantanea(p); // the fresh snapshot is written in the background
  await p.reload();
  await esperarInterprete(p);
  assert.equal(await p.evaluate(() => document.documentElement.dataset.arranque), "instantanea");
  assert.match(await ejecutar(p, "hola"), /Hola, Ana/);
  navegador.ajenas.comprobar();
});
