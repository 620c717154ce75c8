// Every cell of every lesson, run in order in a real page, prints what its prose says.
// The outputs are golden files, tests/e2e/salidas/<slug>.json: {id: {salida, entradas?}},
// read by eye once and kept. `entradas` are the answers typed into input(), in order;
// `detener`: the cell loops on purpose, and the test presses Stop after a second;
// `patron` instead of `salida`: a regular expression, for output that varies between runs.
// ESCRIBIR_SALIDAS=1 node --test tests/e2e/lecciones.test.mjs rewrites them from this run.
import { test, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { RAIZ, esperarInterprete } from "./ayuda.mjs";
import { LECCIONES_MINIMAS, SALIDAS_MINIMAS, construirConMinimo } from "./minimo.mjs";

// The course's lessons from dist/, and the minimal course's (tests/curso-minimo/) from a build of
// lessons/ with it added: each served by its own server, to its own browser.
const curso = servidorYNavegador();
let sitioMinimo;
const minimo = servidorYNavegador(() => (sitioMinimo = construirConMinimo()));
after(() => sitioMinimo && rmSync(dirname(sitioMinimo), { recursive: true, force: true }));
afterEach(() => { curso.navegador.ajenas.comprobar(); minimo.navegador.ajenas.comprobar(); });

const ESCRIBIR = process.env.ESCRIBIR_SALIDAS === "1";
const LECCIONES = [
  ...readdirSync(join(RAIZ, "lessons", "llm-agents")).filter((n) => n.endsWith(".md")).sort()
    .map((n) => ({ slug: n.slice(0, -3), e: curso, DIR: join(RAIZ, "tests", "e2e", "salidas") })),
  ...LECCIONES_MINIMAS.map((slug) => ({ slug, e: minimo, DIR: SALIDAS_MINIMAS })),
];

/** Runs one cell, typing `entradas` into each input() it asks; resolves with its output. */
async function correr(pagina, id, entradas, detener) {
  const celda = pagina.locator(`[data-celda="${id}"]`);
  await celda.locator("button.ejecutar").click();
  if (detener) {
    await pagina.waitForTimeout(1000);
    await celda.locator("button.detener").click();
  }
  const pendientes = [...entradas];
  const limite = Date.now() + 90_000;
  for (;;) {
    const estado = await pagina.evaluate((i) => {
      const s = document.querySelector(`[data-celda="${i}"]`);
      return s.classList.contains("ocupada") ? (s.querySelector("form.entrada input") ? "pide" : "corre") : "libre";
    }, id);
    if (estado === "libre") break;
    if (estado === "pide") {
      assert.ok(pendientes.length, `${id}: input() asks for more answers than the golden file has`);
      const campo = celda.locator("form.entrada input");
      await campo.fill(pendientes.shift());
      await campo.press("Enter");
      await celda.locator("form.entrada").waitFor({ state: "detached" });
    }
    assert.ok(Date.now() < limite, `${id}: still running after 90 s`);
    await pagina.waitForTimeout(50);
  }
  assert.equal(pendientes.length, 0, `${id}: answers left over: ${pendientes.join(", ")}`);
  return (await celda.locator(".salida").innerText()).replace(/\s+$/, "");
}

for (const { slug, e, DIR } of LECCIONES) {
  test(`${slug}: every cell, in order, prints its golden output`, async () => {
    const ruta = join(DIR, `${slug}.json`);
    const oro = existsSync(ruta) ? JSON.parse(readFileSync(ruta, "utf8")) : {};
    const pagina = await e.navegador.contexto.newPage();
    const errores = [];
    pagina.on("pageerror", (x) => errores.push(x));
    await pagina.goto(`${e.servidor.origen}/courses/llm-agents/${slug}/`);
    await esperarInterprete(pagina, 120_000);
    const ids = await pagina.locator("[data-celda]").evaluateAll((s) => s.map((x) => x.dataset.celda));
    const visto = {};
    for (const id of ids) {
      const { entradas = [], detener = false } = oro[id] ?? {};
      const salida = await correr(pagina, id, entradas, detener);
      visto[id] = { ...oro[id], salida };
    }
    await pagina.close();
    assert.deepEqual(errores, []);
    if (ESCRIBIR) {
      mkdirSync(DIR, { recursive: true });
      for (const id of ids) if (visto[id].patron) delete visto[id].salida;  // patterns are written by hand
      writeFileSync(ruta, JSON.stringify(visto, null, 2) + "\n");
      return;
    }
    assert.deepEqual(Object.keys(visto), Object.keys(oro), `${slug}: the cells differ from the golden file's`);
    for (const id of ids) {
      if (oro[id].patron) assert.match(visto[id].salida, new RegExp(oro[id].patron), `${slug}, cell ${id}`);
      else assert.equal(visto[id].salida, oro[id].salida, `${slug}, cell ${id}`);
    }
  });
}
