// preview.py, the authors' live preview, on a copy of lessons/ (never the real ones), in
// Chromium. First the site is built and served by serve.py on the port the preview will take,
// and its service worker installed with its precache: the preview's pages then open in a
// browser whose worker could serve the previous site. Then: an edit reloads the open page
// with the change, where it was scrolled; a broken lesson shows its file:line over the page
// while the last good site is still served; the fix takes the errors away.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { abrirNavegador, esperarInterprete, esperarServiceWorker, RAIZ, PYTHON, LECCION, OTRA } from "./ayuda.mjs";

const MD = join("lessons", "llm-agents", "como-funcionan-las-celdas.md");  // the lesson OTRA
let dir, puerto, origen, preview, navegador, original;
let salidaPreview = "";

const puertoLibre = () => new Promise((resolver) => {
  const s = createServer().listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolver(port)); });
});

/** Starts a program that prints http://localhost:<port>/ once it serves; resolves with it. */
function arrancar(argumentos) {
  const proceso = spawn(PYTHON, argumentos, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  proceso.stderr.on("data", (d) => { salidaPreview += d; });
  return new Promise((resolver, rechazar) => {
    let texto = "";
    proceso.stdout.on("data", (d) => {
      texto += d;
      salidaPreview += d;
      if (/http:\/\/localhost:\d+\//.test(texto)) resolver(proceso);
    });
    proceso.on("exit", (c) => rechazar(new Error(`${argumentos[0]} terminó (${c}) antes de servir:\n${salidaPreview}`)));
  });
}

const parar = (proceso) => new Promise((resolver) => {
  if (!proceso || proceso.exitCode !== null) return resolver();
  proceso.on("exit", resolver);
  proceso.kill("SIGINT");
});

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "vista-previa-"));
  cpSync(join(RAIZ, "lessons"), join(dir, "lessons"), { recursive: true });
  original = readFileSync(join(dir, MD), "utf8");
  puerto = await puertoLibre();
  origen = `http://localhost:${puerto}`;
  // The site as make serve gives it, with its caching service worker, on the same origin.
  const r = spawnSync(PYTHON, [join(RAIZ, "build.py"), "--lecciones", "lessons", "--salida", "dist"], { cwd: dir, encoding: "utf-8" });
  assert.equal(r.status, 0, r.stderr);
  const servido = await arrancar([join(RAIZ, "serve.py"), "--puerto", String(puerto), "--dir", join(dir, "dist")]);
  navegador = await abrirNavegador(origen);
  const p = await navegador.contexto.newPage();
  await p.goto(origen + LECCION);
  await esperarInterprete(p);
  await esperarServiceWorker(p);
  assert.ok((await p.evaluate(() => caches.keys())).some((n) => n.startsWith("curso-")));
  await p.close();
  await parar(servido);
  preview = await arrancar([join(RAIZ, "preview.py"), "--puerto", String(puerto), "--lecciones", "lessons"]);
});

after(async () => {
  await navegador?.cerrar();
  await parar(preview);
  rmSync(dir, { recursive: true, force: true });
});

const escribir = (texto) => writeFileSync(join(dir, MD), texto);
const esDeLaVistaPrevia = () => !!document.querySelector('script[src^="/__vista_previa__/cliente.js"]');
const marcar = (p) => p.evaluate(() => { window.sinRecargar = true; });
/** Waits until the page has been loaded again (its mark gone) and shows texto. */
const recargada = (p, texto) => p.waitForFunction((t) => !window.sinRecargar && document.body.innerText.includes(t),
  texto, { timeout: 60_000 });

test("with the site's service worker installed, preview pages come fresh from the server after every rebuild", async () => {
  const p = await navegador.contexto.newPage();
  await p.goto(origen + OTRA);
  // The page may have come from the previous site's cache; once it registers the preview's
  // worker (when its interpreter is ready), the old caches go and the page is loaded again.
  await p.waitForFunction(esDeLaVistaPrevia, null, { timeout: 90_000 });
  await esperarInterprete(p);
  await esperarServiceWorker(p);
  await p.waitForFunction(async () => !!navigator.serviceWorker.controller &&
    !(await caches.keys()).some((n) => n.startsWith("curso-")), null, { polling: 200, timeout: 30_000 });

  for (const n of [1, 2]) {
    await marcar(p);
    escribir(original + `\nPárrafo nuevo número ${n}.\n`);
    await recargada(p, `Párrafo nuevo número ${n}.`);
    assert.ok(await p.evaluate(() => !!navigator.serviceWorker.controller), "the worker still controls the page");
  }
  // A navigation away and back, through the worker, and the lesson's Python file, as a cell reads it.
  await p.goto(origen + LECCION);
  await p.goto(origen + OTRA);
  assert.match(await p.locator("main").innerText(), /Párrafo nuevo número 2\./);
  const py = await p.evaluate(() => fetch("/courses/llm-agents/entorno.py").then((r) => r.text()));
  assert.equal(py, readFileSync(join(RAIZ, "py", "entorno.py"), "utf8"));
  assert.deepEqual((await p.evaluate(() => caches.keys())).filter((n) => n.startsWith("curso-")), []);
  await p.close();
});

test("an edit reloads the page where it was; a broken lesson shows file:line over the last good one; the fix clears it", async () => {
  const p = await navegador.contexto.newPage();
  await p.goto(origen + OTRA);
  await p.waitForFunction(esDeLaVistaPrevia);
  await p.waitForLoadState("load");
  const y = await p.evaluate(() => {
    window.scrollTo(0, Math.min(500, document.documentElement.scrollHeight - innerHeight));
    return window.scrollY;
  });
  assert.ok(y > 100, `the page does not scroll (${y})`);
  await marcar(p);
  const bueno = original + "\nOtro párrafo, el bueno.\n";
  escribir(bueno);
  await recargada(p, "Otro párrafo, el bueno.");
  await p.waitForFunction((y0) => Math.abs(window.scrollY - y0) < 40, y, { timeout: 10_000 });

  await marcar(p);
  const roto = bueno + "\n```{celda}\n:id: rota\n:color: rojo\nprint(1)\n```\n";
  const linea = roto.split("\n").indexOf(":color: rojo") + 1;
  escribir(roto);
  const capa = p.locator("#vista-previa-errores");
  await capa.waitFor({ state: "visible", timeout: 60_000 });
  assert.match(await capa.innerText(), new RegExp(`lessons/llm-agents/como-funcionan-las-celdas\\.md:${linea}: «:color:» no se admite en \\{celda\\}`));
  assert.ok(await p.evaluate(() => window.sinRecargar), "a failed build does not reload the page");
  const servida = await (await fetch(origen + OTRA)).text();
  assert.ok(servida.includes("Otro párrafo, el bueno.") && !servida.includes("rota"), "the last good page is still served");
  // Covers the content: the point in the middle of the window is the overlay's.
  assert.ok(await p.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2).closest("#vista-previa-errores") !== null));

  escribir(bueno + "\nYa arreglada.\n");
  await recargada(p, "Ya arreglada.");
  assert.equal(await capa.count(), 0);
  assert.match(salidaPreview, /preview\.py: cambios en como-funcionan-las-celdas\.md: construido en/);
  await p.close();
});
