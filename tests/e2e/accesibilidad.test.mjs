// axe-core in Chromium on the course index and on every lesson, light and dark (and
// at 360 px), once the interpreter is ready, cells have written their output (a
// traceback and a long, scrolling one too where the lesson has them), a question has
// been answered, a challenge checked and every fold opened (a request body's other tab too): the
// parts drawn at run time are audited too.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { servidorYNavegador } from "./montaje.mjs";
import { abrirPagina, ejecutar, esperarInterprete } from "./ayuda.mjs";

// Evaluated through the DevTools protocol: the page's CSP (script-src 'self') refuses
// the inline <script> that page.addScriptTag would add.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const INDICE = "/courses/llm-agents/";
const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());

const abrir = (ruta, esquema, tamano) => abrirPagina(e.navegador.contexto, e.servidor.origen + ruta, { esquema, tamano });

/** axe's violations, one readable line per rule and node. */
async function auditar(p) {
  await p.evaluate(AXE);
  const violaciones = await p.evaluate(async () => (await axe.run(document)).violations);
  return violaciones.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} — ${n.failureSummary.replace(/\s+/g, " ")}`));
}

// Besides each lesson's first cell: a traceback, and an output long enough to scroll.
const TAMBIEN = ["fallo", "mucha-salida"];

/** Runs cells (the first Run downloads the interpreter on a phone's first visit), answers one
 * question, checks the challenge; then waits for the interpreter to be ready. */
async function usar(p) {
  const n = await p.evaluate(() => JSON.parse(document.getElementById("datos").textContent));
  await p.waitForFunction((m) => document.querySelectorAll(".cm-editor").length === m, n.celdas.length + n.retos.length);
  // The first cells, up to the first that prints (a lesson's first cells may only define
  // names), and the ones named above.
  let escrito = false;
  for (const c of n.celdas) {
    if (escrito && !TAMBIEN.includes(c.id)) continue;
    escrito = (await ejecutar(p, c.id, { espera: 120_000 })).trim() !== "" || escrito;
  }
  assert.ok(escrito, "ninguna celda escribió nada");
  await esperarInterprete(p);
  const pregunta = p.locator(".pregunta").first();
  if (await pregunta.count()) {
    const campo = pregunta.locator("input[type=radio], input[type=checkbox], input[type=text]").first();
    if ((await campo.getAttribute("type")) === "text") await campo.fill("x");
    else await campo.check();
    await pregunta.locator("button.comprobar-pregunta").click();
    await pregunta.locator(".pregunta-resultado:not(:empty)").waitFor();
  }
  if (await p.locator(".reto").count()) {
    await p.locator(".reto button.comprobar").click();
    await p.waitForFunction(() => !document.querySelector(".reto").classList.contains("ocupada")
      && document.querySelector(".reto-estado").textContent, null, { timeout: 60_000 });
  }
  // Folds ({plegado}, {red}) opened, as a learner who reads them: what they hold is audited too.
  await p.$$eval("details.plegado", (ds) => ds.forEach((d) => { d.open = true; }));
}

const pasadas = [["light"], ["dark"],
  // Narrow, code that fits a desktop column scrolls sideways; colours do not change with width.
  ["light", { width: 360, height: 740 }]];
for (const [esquema, tamano] of pasadas) {
  test(`no axe violation on the index and on every lesson, ${esquema}${tamano ? ", 360 px" : ""}`, async () => {
    const indice = await abrir(INDICE, esquema, tamano);
    await indice.waitForLoadState("networkidle");
    const lecciones = await indice.$$eval(".lecciones li > a[href]", (as) => as.map((a) => new URL(a.href).pathname));
    assert.ok(lecciones.length >= 4, `solo ${lecciones.length} lecciones en el índice`);
    const fallos = (await auditar(indice)).map((v) => `${INDICE} ${v}`);
    await indice.close();
    for (const ruta of lecciones) {
      const p = await abrir(ruta, esquema, tamano);
      await usar(p);
      fallos.push(...(await auditar(p)).map((v) => `${ruta} ${v}`));
      // A request body's other format (its tab, hidden until chosen), as a learner who switches to it.
      const otras = p.locator('details.plegado [role="tab"][aria-selected="false"]');
      if (await otras.count()) {
        for (const pestana of await otras.all()) await pestana.click();
        fallos.push(...(await auditar(p)).map((v) => `${ruta} (otra pestaña) ${v}`));
      }
      assert.deepEqual(p.errores, []);
      await p.close();
    }
    assert.deepEqual(fallos, []);
  });
}

// An edit based on an older original (its notice) and a modified challenge, both comparisons open
// (site/src/version.js, comparar.js): drawn only then, so audited apart.
for (const [esquema, tamano] of pasadas) {
  test(`no axe violation on an edit's notice and its comparison, ${esquema}${tamano ? ", 360 px" : ""}`, async () => {
    const ruta = "/courses/llm-agents/llamar-herramientas/";
    const indice = await abrir(INDICE, esquema, tamano); // not the lesson: leaving it saves its editors
    await indice.evaluate(async (r) => {
      const html = await (await fetch(r)).text();
      const d = JSON.parse(new DOMParser().parseFromString(html, "text/html").getElementById("datos").textContent);
      const [celda, reto] = [d.celdas[0], d.retos[0]];
      const clave = `curso-agentes:${d.curso}/${d.slug}:`;
      localStorage.setItem(clave + celda.id, JSON.stringify({ texto: `# mío\n${celda.codigo}`, huella: "0".repeat(12) }));
      localStorage.setItem(`${clave}reto-${reto.nombre}`, JSON.stringify({ texto: `${reto.plantilla}# mío\n`, huella: reto.huella }));
    }, ruta);
    await indice.close();
    const p = await abrir(ruta, esquema, tamano);
    await p.locator(".reto .edicion button.edicion-ver").waitFor();
    for (const boton of await p.locator("button.edicion-ver:visible").all()) await boton.click();
    await p.waitForFunction(() => document.querySelectorAll(".comparacion .cm-editor").length >= 2);
    assert.equal(await p.locator('.edicion[data-estado="desfasada"]').count(), 1);
    const fallos = await auditar(p);
    await p.evaluate(() => localStorage.clear());
    assert.deepEqual(p.errores, []);
    await p.close();
    assert.deepEqual(fallos, []);
  });
}
