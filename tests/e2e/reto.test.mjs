// A lesson's challenge in Chromium: Comprobar grades the editor in the page's
// worker, apart from the cells; a loop is cut and reported; the code and the
// last result survive a reload and an offline visit.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { ejecutar, esperarInterprete, esperarServiceWorker, RAIZ } from "./ayuda.mjs";
import { comprobarReto, escribirEnReto, RETO, pruebasDelReto } from "./ayuda-reto.mjs";

const N = pruebasDelReto(); // the first challenge's tests

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const entrega = (nombre) => readFileSync(join(RAIZ, "tests", "entregas", "llamar-herramientas", nombre), "utf8");

async function abrir() {
  const p = await e.navegador.contexto.newPage();
  p.errores = [];
  p.on("pageerror", (x) => p.errores.push(x));
  await p.goto(e.servidor.origen + RETO);
  await esperarInterprete(p);
  return p;
}

test("a right solution typed into the challenge passes every test, and the cells keep their namespace", async () => {
  const p = await abrir();
  await ejecutar(p, "a-ciegas");
  await escribirEnReto(p, entrega("bien_a_mano.py"));
  const r = await comprobarReto(p);
  assert.equal(r.fallidas.length, 0, JSON.stringify(r.fallidas));
  assert.equal(r.pruebas.length, N);
  assert.match(r.estado, new RegExp(`^${N} de ${N} pruebas superadas: ¡reto superado!`));
  assert.equal(await p.locator(".reto-resultado").getAttribute("aria-live"), "polite");
  // The submission ran apart: the cell's names are still the cell's.
  await p.locator('[data-celda="a-ciegas"] .cm-content').click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText("print(ll['id'], 'observaciones' in dir())");
  assert.equal((await ejecutar(p, "a-ciegas")).trim(), "t4 False");
  await p.locator('[data-celda="a-ciegas"] button.restaurar').click();
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("a wrong solution fails, with a message that shows both sides, the learner's line and what the error means", async () => {
  const p = await abrir();
  await escribirEnReto(p, entrega("mal_sin_nombre.py"));
  const r = await comprobarReto(p);
  assert.deepEqual(r.fallidas.map((f) => f.nombre), ["Rechaza una herramienta que no está declarada (ValueError)"]);
  // Python's message, then py/explicaciones.py's line for it, as calificar.py words it too.
  assert.equal(r.fallidas[0].detalle,
    "Se envió la respuesta:\n  tool_use e1 borrar, input {\"ruta\": \"lista.txt\"}\n" +
    "Se esperaba que observaciones lanzara ValueError, y lanzó KeyError en la línea 6 de tu código: 'borrar'.\n" +
    "Esta prueba espera que tu función lance ValueError, y antes le ha saltado un KeyError: comprueba tú ese caso " +
    "antes de la línea que falla y lanza allí la excepción, con el motivo: raise ValueError(\"…\").");
  // The line the feedback names is marked in the editor, as a cell marks its error's.
  assert.deepEqual(await p.locator(".reto .cm-linea-error").allInnerTexts(), ["            f = FUNCIONES[b[\"name\"]]"]);
  assert.match(r.estado, new RegExp(`^${N - 1} de ${N} pruebas superadas\\.`));
  await p.close();
});

test("a while True is cut on the test it hung on, and a cell runs afterwards", async () => {
  const p = await abrir();
  await escribirEnReto(p, "def observaciones(respuesta, entorno):\n    if respuesta and respuesta[0].get('id') == 'c1':\n        while True:\n            pass\n    return []\n");
  const r = await comprobarReto(p, 60_000);
  const colgada = r.fallidas.find((f) => f.nombre === "Una búsqueda sin resultados también es un resultado");
  assert.match(colgada.detalle, /Tu función no ha terminado en 2 s: ¿un bucle infinito\?/);
  assert.equal(await p.evaluate(() => document.documentElement.dataset.arranque !== undefined), true);
  assert.match(await ejecutar(p, "a-ciegas"), /lista\.txt \| pan, leche, patatas/);
  await p.close();
});

test("the code and the last result survive a reload", async () => {
  const p = await abrir();
  await escribirEnReto(p, entrega("mal_sin_nombre.py"));
  await comprobarReto(p);
  await p.reload();
  await p.locator(".reto .cm-content").waitFor();
  assert.match(await p.locator(".reto .cm-content").innerText(), /FUNCIONES\[b\["name"\]\]/);
  assert.match(await p.locator(".reto-estado").innerText(), new RegExp(`^Resultado de tu última comprobación: ${N - 1} de ${N}`));
  assert.equal(await p.locator(".reto-pruebas > li.mal").count(), 1);
  await p.locator(".reto button.restaurar").click();
  assert.match(await p.locator(".reto .cm-content").innerText(), /^def observaciones\(respuesta, entorno\):\s+resultados = \[\]/);
  await p.close();
});

test("offline, the challenge keeps its code and result, and Comprobar still grades", async () => {
  const p = await abrir();
  await esperarServiceWorker(p);
  await escribirEnReto(p, entrega("bien_incumple.py"));
  await comprobarReto(p);
  await p.close();
  await e.navegador.contexto.setOffline(true);
  try {
    const q = await abrir();
    assert.match(await q.locator(".reto .cm-content").innerText(), /incumple/);
    assert.match(await q.locator(".reto-estado").innerText(), new RegExp(`^Resultado de tu última comprobación: ${N} de ${N}`));
    const r = await comprobarReto(q);
    assert.match(r.estado, new RegExp(`^${N} de ${N}`));
    await q.close();
  } finally {
    await e.navegador.contexto.setOffline(false);
  }
});

test("a loop that swallows the interrupt restarts the interpreter, says where, and the page goes on", async () => {
  const p = await abrir();
  // The inner loop's back edge, where the interrupt is raised, is inside the try: it never ends.
  await escribirEnReto(p, "def observaciones(respuesta, entorno):\n    while True:\n        try:\n            while True:\n                pass\n        except BaseException:\n            pass\n");
  await p.locator(".reto button.comprobar").click();
  await p.waitForFunction(() => /no ha terminado en la prueba/.test(document.querySelector(".reto-estado").textContent), null, { timeout: 30_000 });
  assert.match(await p.locator(".reto-estado").innerText(),
    /^La comprobación no ha terminado en la prueba «Reproduce la conversación de la lección»\. Tu código no terminó a tiempo y hubo que reiniciar el intérprete/);
  assert.equal(await p.locator(".reto button.comprobar").isEnabled(), true);
  assert.match(await ejecutar(p, "a-ciegas"), /lista\.txt \| pan, leche, patatas/);
  await p.close();
});

test("a failed hidden test shows no hidden data: not its input, nor a value made of it", async () => {
  const p = await abrir();
  await escribirEnReto(p, entrega("mal_decimales.py"));
  const r = await comprobarReto(p);
  const ocultas = r.fallidas.filter((f) => f.nombre.startsWith("Oculta: "));
  assert.deepEqual(ocultas.map((f) => f.nombre), ["Oculta: un número con decimales no es un entero (ValueError)", "Oculta: un entero es un number"]);
  // Its visible twin shows what was sent; the hidden one, only the class, the learner's line and what the test expected.
  assert.match(r.fallidas[0].detalle, /^Se envió la respuesta:\n {2}tool_use g3 primeras, input \{"ruta": "despensa.txt", "lineas": 2\.5\}\n/);
  assert.match(ocultas[0].detalle, /^Se esperaba que observaciones lanzara ValueError, y lanzó TypeError en la línea \d+ de tu código\.\nEsta prueba espera que tu función lance ValueError, y antes le ha saltado un TypeError: /);
  // A KeyError's key would be the hidden input: its class and line only, and no line about the key.
  assert.match(ocultas[1].detalle, /^Tu función observaciones lanzó KeyError en la línea \d+ de tu código\.$/);
  for (const { detalle } of ocultas) assert.doesNotMatch(detalle, /Se envió|input|toolu_|\.txt|\d\.\d|slice indices/);
  await p.close();
});
