// A site built with a base path (build.py --base /cursos/agentes/) and served under it by a
// server that sets no headers at all (Python's http.server, as a plain file host or GitHub
// Pages): a lesson loads, its loading cell runs as written (open_url("/courses/…")), the first
// load says what it lacks, the second is cross-origin isolated through the service worker (Stop
// keeps the namespace, input() waits), it works offline, and no request leaves the prefix.
// Also: a page missing from the cache still comes isolated, Comprobar grades a challenge there,
// and a browser that blocks service workers is told that reloading will not help.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, FLAGS, PYTHON, RAIZ, LECCION, OTRA, ejecutar, esperarInterprete } from "./ayuda.mjs";
import { comprobarReto, escribirEnReto, RETO, pruebasDelReto } from "./ayuda-reto.mjs";

const N = pruebasDelReto(); // the first challenge's tests

const BASE = "/cursos/agentes/";
const e = {};

before(async () => {
  e.dir = mkdtempSync(join(tmpdir(), "base-"));
  mkdirSync(join(e.dir, "cursos"));
  execFileSync(PYTHON, [join(RAIZ, "build.py"), "--base", BASE, "--salida", join(e.dir, "cursos", "agentes"), "--sin-comprimir"],
    { cwd: RAIZ, stdio: ["ignore", "ignore", "inherit"] });
  e.servidor = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", e.dir],
    { stdio: ["ignore", "pipe", "ignore"] });
  e.origen = await new Promise((resolver, rechazar) => {
    let texto = "";
    e.servidor.stdout.on("data", (d) => {
      const m = (texto += d).match(/port (\d+)/);
      if (m) resolver(`http://127.0.0.1:${m[1]}`);
    });
    e.servidor.on("exit", (c) => rechazar(new Error(`http.server terminó (${c})`)));
  });
  e.perfil = mkdtempSync(join(tmpdir(), "perfil-"));
  e.contexto = await chromium.launchPersistentContext(e.perfil, { executablePath: CHROMIUM, headless: true, args: FLAGS, serviceWorkers: "allow" });
  e.fuera = [];
  const prefijo = e.origen + BASE;
  await e.contexto.route((url) => !/^(data|blob):/.test(String(url)) && !String(url).startsWith(prefijo), (ruta) => {
    e.fuera.push(ruta.request().url());
    return ruta.abort("blockedbyclient");
  });
});

after(async () => {
  await e.contexto?.close();
  e.servidor?.kill();
  for (const d of [e.dir, e.perfil]) if (d) rmSync(d, { recursive: true, force: true });
});

const url = (ruta) => e.origen + BASE + ruta.replace(/^\//, "");
const libre = (p, id) => p.waitForFunction((i) => !document.querySelector(`[data-celda="${i}"]`).classList.contains("ocupada"), id, { timeout: 30_000 });

async function escribir(p, id, texto) {
  await p.locator(`[data-celda="${id}"] .cm-content`).click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText(texto);
}

test("under a sub-path with no headers: first load works and says what it lacks, the second is isolated", async () => {
  const cabeceras = (await (await fetch(url(LECCION))).headers);
  assert.equal(cabeceras.get("cross-origin-embedder-policy"), null, "the server must set no isolation headers");

  const p = await e.contexto.newPage();
  await p.goto(url(LECCION));
  await esperarInterprete(p);
  assert.equal(await p.evaluate(() => crossOriginIsolated), false);
  assert.match(await p.locator(".estado-nota").innerText(), /En esta primera carga, Detener reinicia el intérprete .* recarga la página/);
  assert.match(await p.locator('[data-celda="cargar"] .cm-content').innerText(), /open_url\("\/courses\/llm-agents\/guionizado\.py"\)/);
  assert.match(await ejecutar(p, "cargar"), /^ModeloGuionizado\ntool_use/);
  await p.evaluate((base) => new Promise((resolver) => {
    const mirar = async () => {
      const reg = await navigator.serviceWorker.getRegistration(base);
      if (reg?.active?.state === "activated") resolver();
      else setTimeout(mirar, 200);
    };
    mirar();
  }), BASE);
  assert.equal(await p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.scope)), url(""));

  await p.reload();
  await esperarInterprete(p);
  assert.equal(await p.evaluate(() => crossOriginIsolated), true);
  assert.equal(await p.locator(".estado-nota").isVisible(), false);
  assert.match(await ejecutar(p, "cargar"), /^ModeloGuionizado/);
  // Stop keeps the namespace.
  await p.locator('[data-celda="bucle"] button.ejecutar').click();
  await p.waitForTimeout(500);
  await p.locator('[data-celda="bucle"] button.detener').click();
  await libre(p, "bucle");
  assert.match(await p.locator('[data-celda="bucle"] .salida').innerText(), /Las variables definidas hasta ahora se conservan/);
  assert.match(await ejecutar(p, "despues"), /El bucle dio [1-9]\d* vueltas/);
  await p.close();

  // input() waits for the keyboard.
  const q = await e.contexto.newPage();
  await q.goto(url(OTRA));
  await esperarInterprete(q);
  await escribir(q, "hola", 'print("Hola,", input("¿Nombre? "))');
  await q.locator('[data-celda="hola"] button.ejecutar').click();
  const campo = q.locator('[data-celda="hola"] form.entrada input');
  await campo.fill("Ana");
  await campo.press("Enter");
  await libre(q, "hola");
  assert.equal((await q.locator('[data-celda="hola"] .salida').innerText()).trim(), "¿Nombre? Ana\nHola, Ana");
  await q.locator('[data-celda="hola"] button.restaurar').click();
  await q.close();
});

test("under the sub-path, a page missing from the cache comes from the network with the isolation headers", async () => {
  const p = await e.contexto.newPage();
  await p.goto(url(OTRA));
  const ruta = BASE + OTRA.replace(/^\//, "");
  const borradas = await p.evaluate(async (ruta) => {
    let n = 0;
    for (const nombre of await caches.keys()) {
      const cache = await caches.open(nombre);
      for (const clave of await cache.keys()) if (new URL(clave.url).pathname === ruta && (await cache.delete(clave))) n++;
    }
    return n;
  }, ruta);
  assert.equal(borradas, 1);
  const cabeceras = await p.evaluate(async (ruta) => Object.fromEntries((await fetch(ruta)).headers), ruta);
  assert.equal(cabeceras["cross-origin-embedder-policy"], "require-corp");
  assert.equal(cabeceras["cross-origin-opener-policy"], "same-origin");
  await p.reload();
  await esperarInterprete(p);
  assert.equal(await p.evaluate(() => crossOriginIsolated), true);
  await p.close();
});

test("under the sub-path, Comprobar grades a challenge: a right answer passes, a wrong one says what failed", async () => {
  const entrega = (nombre) => readFileSync(join(RAIZ, "tests", "entregas", "llamar-herramientas", nombre), "utf8");
  const p = await e.contexto.newPage();
  await p.goto(url(RETO));
  await esperarInterprete(p);
  await escribirEnReto(p, entrega("bien_a_mano.py"));
  const bien = await comprobarReto(p);
  assert.equal(bien.fallidas.length, 0, JSON.stringify(bien.fallidas));
  assert.match(bien.estado, new RegExp(`^${N} de ${N} pruebas superadas: ¡reto superado!`));
  await escribirEnReto(p, entrega("mal_sin_nombre.py"));
  const mal = await comprobarReto(p);
  assert.deepEqual(mal.fallidas.map((f) => f.nombre), ["Rechaza una herramienta que no está declarada (ValueError)"]);
  assert.match(mal.estado, new RegExp(`^${N - 1} de ${N} pruebas superadas\\.`));
  await p.close();
});

test("in a browser that blocks service workers, the first load does not ask for a reload", async () => {
  const navegador = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const contexto = await navegador.newContext();
    // As a private window or blocked cookies do: register() rejects.
    await contexto.addInitScript(() => {
      navigator.serviceWorker.register = () => Promise.reject(new DOMException("The user denied permission to use Service Worker.", "SecurityError"));
    });
    const p = await contexto.newPage();
    await p.goto(url(LECCION));
    await esperarInterprete(p);
    await p.waitForFunction(() => /recargar no lo cambia/.test(document.querySelector(".estado-nota").textContent));
    const nota = await p.locator(".estado-nota").innerText();
    assert.match(nota, /este navegador no deja instalar el service worker/);
    assert.doesNotMatch(nota, /recarga la página/);
  } finally {
    await navegador.close();
  }
});

test("under the sub-path, offline: another lesson opens and its loading cell runs", async () => {
  await e.contexto.setOffline(true);
  try {
    const p = await e.contexto.newPage();
    await p.goto(url("/courses/llm-agents/el-bucle/"));
    await esperarInterprete(p);
    assert.equal(await p.evaluate(() => crossOriginIsolated), true);
    const id = await p.locator("[data-celda]").first().getAttribute("data-celda");
    assert.match(await ejecutar(p, id), /^tool_result t1 pan, leche, patatas\n/); // read through open_url, offline
    await p.close();
  } finally {
    await e.contexto.setOffline(false);
  }
  assert.deepEqual(e.fuera, [], `requests outside ${BASE}`);
});
