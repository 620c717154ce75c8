// The course index in Chromium: how long each lesson and block takes, a lesson that counts a
// cell run as it intends (":termina:"), the end of a block and of the course, and an export
// that says it worked.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { ejecutar, esperarInterprete, exportarProgreso, RAIZ } from "./ayuda.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const INDICE = "/courses/llm-agents/";
const PRUEBA = "/courses/llm-agents/prueba-del-entorno/";
// How many lessons the course has: its .md files, whatever they are today.
const LECCIONES = readdirSync(path.join(RAIZ, "lessons/llm-agents")).filter((n) => n.endsWith(".md")).length;

async function indice() {
  const i = await e.navegador.contexto.newPage();
  await i.goto(e.servidor.origen + INDICE);
  await i.locator("section.progreso-acciones:not([hidden])").waitFor();
  return i;
}

test("each lesson and block says how long it takes, and a summary shows its code names as code", async () => {
  const i = await indice();
  const filas = await i.locator(".lecciones .duracion").allInnerTexts();
  assert.equal(filas.length, LECCIONES);
  for (const f of filas) assert.match(f, /^Para leerla y hacerla: unos \d+ min$/);
  const enElBloque = await i.locator("ol.lecciones").nth(1).locator("li[data-leccion]").count();
  assert.match(await i.locator(".bloque-resumen").nth(1).innerText(),
    new RegExp(`^${enElBloque} lecciones, unas \\d h( \\d+ min)?$`));
  assert.equal(await i.locator('[data-leccion="errores-como-observaciones"] p code').first().innerText(), "ejecutar");
  await i.close();
});

test("a cell that fails or is stopped on purpose counts as run, so the first lesson can be done", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + PRUEBA);
  await esperarInterprete(p);
  for (const id of ["cargar", "usar", "fallo", "despues", "esquema"]) await ejecutar(p, id);
  await p.locator('[data-celda="bucle"] button.ejecutar').click();
  await p.locator('[data-celda="bucle"].ocupada').waitFor();
  await p.waitForTimeout(300);
  await p.locator('[data-celda="bucle"] button.detener').click();
  await p.locator('[data-celda="bucle"]:not(.ocupada)').waitFor();
  await p.close();
  const i = await indice();
  const fila = i.locator('[data-leccion="prueba-del-entorno"] .progreso');
  assert.equal(await fila.innerText(), "Lección completada ✓");
  assert.equal(await i.locator(".bloque-hecho").first().isHidden(), true, "the block has another lesson");
  await i.close();
});

test("once every lesson is done the index says so, per block and for the course, and points nowhere", async () => {
  const i = await indice();
  await i.evaluate(() => {
    const datos = JSON.parse(document.getElementById("datos").textContent);
    for (const l of datos.lecciones) {
      const k = (x) => `curso-agentes:${datos.curso}/${l.slug}:${x}`;
      localStorage.setItem(k("celdas-ejecutadas"), JSON.stringify(l.celdas));
      for (const p of l.preguntas) localStorage.setItem(k(`pregunta-${p.id}`), JSON.stringify({ respuesta: 0, acierto: true, huella: p.huella }));
      for (const r of l.retos) localStorage.setItem(`${k(`reto-${r}`)}:superado`, "1");
    }
    localStorage.setItem(`curso-agentes:${datos.curso}/:ultimo-sitio`, JSON.stringify({ slug: "permisos", ancla: "reto-permisos" }));
  });
  await i.reload();
  await i.locator("section.progreso-acciones:not([hidden])").waitFor();
  assert.equal(await i.locator(".curso-hecho").innerText(),
    "Has completado el curso entero: todas sus celdas, preguntas y retos. ¡Enhorabuena!");
  assert.deepEqual(await i.locator(".bloque-hecho").allInnerTexts(), [" · Bloque completado ✓", " · Bloque completado ✓"]);
  assert.equal(await i.locator(".seguir:not([hidden])").count(), 0, "nothing is left to go back to");
  assert.ok(await exportarProgreso(i));
  assert.match(await i.locator(".progreso-aviso").innerText(), /^Progreso exportado: \d+ datos en el fichero progreso-llm-agents\.json\.$/);
  assert.match(await i.locator(".progreso-acciones").innerText(), /Lo que importas sustituye lo que este navegador tenga guardado/);
  await i.close();
});

test("«Sigue donde lo dejaste» leads past a challenge just passed to the next lesson, and back to a place still open", async () => {
  const i = await indice();
  const guardar = (sitio, superado) => i.evaluate(([sitio, superado]) => {
    localStorage.clear();
    const datos = JSON.parse(document.getElementById("datos").textContent);
    localStorage.setItem(`curso-agentes:${datos.curso}/:ultimo-sitio`, JSON.stringify(sitio));
    if (superado) localStorage.setItem(`curso-agentes:${datos.curso}/${sitio.slug}:reto-${superado}:superado`, "1");
  }, [sitio, superado]);
  const orden = await i.locator("li[data-leccion]").evaluateAll((ls) => ls.map((l) => l.dataset.leccion));
  const k = orden.indexOf("llamar-herramientas");
  const seguir = async () => (await i.reload(), await i.locator("section.progreso-acciones:not([hidden])").waitFor(),
    i.locator(".seguir:not([hidden])").evaluateAll((as) => as.map((a) => a.getAttribute("href"))));
  await guardar({ slug: "llamar-herramientas", ancla: "reto-llamar-herramientas" }, "llamar-herramientas");
  assert.deepEqual(await seguir(), [`${orden[k + 1]}/`], "the challenge is passed: the next lesson is what is left to do");
  await guardar({ slug: "llamar-herramientas", ancla: "reto-llamar-herramientas" }, null);
  assert.deepEqual(await seguir(), ["llamar-herramientas/#reto-llamar-herramientas"], "not passed yet: back to it");
  await i.evaluate(() => localStorage.clear());
  await i.close();
});
