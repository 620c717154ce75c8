// A new build replaces the offline cache as a whole: open pages keep the build
// they started with, the next visit gets the new one, unchanged files are not
// downloaded again, and the old cache is deleted.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { arrancarServidor, abrirNavegador, esperarInterprete, RAIZ, PYTHON, LECCION, OTRA } from "./ayuda.mjs";

let dir, servidor, navegador;
const construir = () => {
  const r = spawnSync(PYTHON, [join(RAIZ, "build.py"), "--lecciones", "lessons", "--salida", "dist"], { cwd: dir, encoding: "utf-8" });
  assert.equal(r.status, 0, r.stderr);
};
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "actualizacion-"));
  cpSync(join(RAIZ, "lessons"), join(dir, "lessons"), { recursive: true });
  construir();
  servidor = await arrancarServidor(join(dir, "dist"), ["--contar"]);
  // With the HTTP cache on, as a learner's browser has it (routes turn it off): an install
  // fetches the wasm through it (site/sw.js, traer), which sends nothing when it holds it.
  navegador = await abrirNavegador(servidor.origen, { soloAnotar: true });
});
after(async () => {
  await navegador?.cerrar();
  servidor?.parar();
  rmSync(dir, { recursive: true, force: true });
});

const enviados = async () => Number(await (await fetch(servidor.origen + "/__bytes__")).text());
const estado = (p) => p.evaluate(async () => {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return {
    activo: reg?.active?.state ?? null,
    esperando: reg?.waiting?.state ?? null,
    caches: (await caches.keys()).filter((n) => n.startsWith("curso-")).sort(),
  };
});
async function esperar(p, condicion) {
  for (let i = 0; i < 300; i++) {
    const e = await estado(p);
    if (condicion(e)) return e;
    await p.waitForTimeout(200);
  }
  throw new Error(`the service worker never got there: ${JSON.stringify(await estado(p))}`);
}
async function esperarActivacion() {
  for (let i = 0; i < 100; i++) {
    for (const sw of navegador.contexto.serviceWorkers()) {
      const listo = await sw.evaluate(() => self.registration.waiting === null && self.registration.active?.state === "activated").catch(() => false);
      if (listo) return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the new service worker never took over");
}
const textoDe = (p, ruta) => p.evaluate(async (r) => (await fetch(r)).text(), ruta);

test("a new build is installed whole, used on the next visit, and the old cache goes", async () => {
  const p = await navegador.contexto.newPage();
  await p.goto(servidor.origen + LECCION);
  await esperarInterprete(p);
  const v1 = await esperar(p, (e) => e.activo === "activated" && e.caches.length === 1);

  const ruta = join(dir, "lessons", "llm-agents", "como-funcionan-las-celdas.md");
  writeFileSync(ruta, readFileSync(ruta, "utf-8").replace("Cada lección mezcla texto", "VERSIÓN NUEVA. Cada lección mezcla texto"));
  construir();
  const antes = await enviados();

  await p.reload();
  const v2 = await esperar(p, (e) => e.esperando === "installed");
  assert.equal(v2.caches.length, 2, "the new build has its own cache, beside the old one");
  // Only what changed crossed the network (pages, sw.js), not the interpreter.
  const bytes = (await enviados()) - antes;
  assert.ok(bytes < 500_000, `update downloaded ${bytes} bytes`);
  // This page still runs on the old build, all of it.
  assert.doesNotMatch(await textoDe(p, OTRA), /VERSIÓN NUEVA/);
  await p.close();
  // With no page left on the old build, the waiting worker takes over; the
  // next visit must wait for that, or it would (rightly) still get the old build.
  await esperarActivacion();

  const q = await navegador.contexto.newPage();
  await q.goto(servidor.origen + OTRA);
  await esperarInterprete(q);
  assert.match(await q.locator("main").innerText(), /VERSIÓN NUEVA/);
  const v3 = await esperar(q, (e) => e.activo === "activated" && e.caches.length === 1);
  assert.notDeepEqual(v3.caches, v1.caches);
  assert.ok(v2.caches.includes(v3.caches[0]));
  await q.close();
  navegador.ajenas.comprobar();
});
