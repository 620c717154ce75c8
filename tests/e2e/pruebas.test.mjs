// Comprobar's report in Chromium (site/src/reto.js, pruebas.js, comprobador.py): the previous
// result goes the moment a check starts; a call that runs out of time stops the check, and so
// does Detener, and the page says which; the first failure shows whole and the rest fold, each
// saying when it fails for an earlier one's reason.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { esperarInterprete, RAIZ } from "./ayuda.mjs";
import { comprobarReto, escribirEnReto, RETO } from "./ayuda-reto.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const bien = readFileSync(join(RAIZ, "tests", "entregas", "llamar-herramientas", "bien_a_mano.py"), "utf8");
const REPRODUCE = "Reproduce la conversación de la lección";
const SIN_LLAMADAS = "Una respuesta sin llamadas da []";

async function abrir() {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + RETO);
  await esperarInterprete(p);
  return p;
}

const fin = (p) => p.waitForFunction(() => !document.querySelector(".reto").classList.contains("ocupada"), null, { timeout: 60_000 });
const estado = (p) => p.locator(".reto-estado").innerText();

test("a new check clears the last result at once, and a loop stops the check at its first test", async () => {
  const p = await abrir();
  assert.equal(await p.locator(".reto-teclado").innerText(), "En el editor, Mayús+Intro (o Ctrl+Intro) comprueba tu solución, como el botón Comprobar.");
  await escribirEnReto(p, bien);
  assert.match((await comprobarReto(p)).estado, /¡reto superado!/);
  await escribirEnReto(p, "def observaciones(respuesta, entorno):\n    while True:\n        pass\n");
  await p.locator(".reto button.comprobar").click();
  assert.equal(await p.locator(".reto-pruebas > li").count(), 0, "the passed tests stay on screen");
  assert.equal(await p.locator(".reto.superado").count(), 0);
  assert.equal(await p.locator(".reto button.detener").isEnabled(), true);
  await fin(p);
  assert.match(await estado(p), new RegExp(`^0 de \\d+ pruebas superadas\\.\\nLa comprobación se ha detenido en la prueba «${REPRODUCE}»: tu código no ha terminado a tiempo\\.`));
  const detalles = await p.locator(".reto-pruebas .detalle").allTextContents();
  assert.equal(detalles.length, 1, "only the test that ran has a detail");
  assert.match(detalles[0], /[Tt]u función no ha terminado en 2 s: ¿un bucle infinito\?$/);
  await leidasComoSinEjecutar(p, 1);
  assert.equal(await p.locator(".reto button.detener").isEnabled(), false);
  await p.close();
});

/** A learner's reading of the tests after the cut: each says it did not run, never ✗ nor «falla
 *  por lo mismo que …» (the reason of another test that did not run either). */
async function leidasComoSinEjecutar(p, desde) {
  const lineas = await p.locator(".reto-pruebas > li").evaluateAll((lis) => lis.map((li) => ({
    clase: li.className, texto: li.innerText, marca: li.querySelector(".marca").getAttribute("aria-label") })));
  assert.ok(lineas.length > desde + 1, JSON.stringify(lineas));
  for (const l of lineas.slice(desde)) {
    assert.equal(l.clase, "sin-ejecutar", JSON.stringify(l));
    assert.match(l.texto, /^– .+ · no se ha ejecutado$/);
    assert.equal(l.marca, "no ejecutada");
  }
  assert.equal(await p.locator(".reto-pruebas").getByText("falla por lo mismo").count(), 0);
}

test("Detener stops a check in the middle, and the report says you stopped it", async () => {
  const p = await abrir();
  // Right until the test without calls, where it waits: Detener comes before the clock's 2 s.
  await escribirEnReto(p, bien.replace("def observaciones(respuesta, entorno):\n",
    "def observaciones(respuesta, entorno):\n    if not any(b['type'] == 'tool_use' for b in respuesta):\n        while True:\n            pass\n"));
  await p.locator(".reto button.comprobar").click();
  await p.waitForFunction((n) => document.querySelector(".reto-estado").textContent.includes(n), SIN_LLAMADAS, { timeout: 60_000 });
  await p.locator(".reto button.detener").click();
  await fin(p);
  assert.match(await estado(p), new RegExp(`\\nHas detenido la comprobación en la prueba «${SIN_LLAMADAS.replace(/[[\]]/g, "\\$&")}»\\.`));
  const antes = await p.locator(".reto-pruebas > li.bien").count();
  assert.ok(antes >= 1, "the tests before it are shown");
  // The stopped test says the learner stopped it, not that the code was slow, nor that it failed:
  // Detener's ■, not a failure's ✗; and it is the only test not passed nor not run.
  const parada = p.locator(".reto-pruebas > li.detenida", { hasText: SIN_LLAMADAS });
  assert.deepEqual([await parada.locator(".marca").innerText(), await parada.locator(".marca").getAttribute("aria-label")], ["■", "detenida por ti"]);
  assert.equal(await p.locator(".reto-pruebas > li.mal").count(), 0, "no test failed");
  const detalle = await parada.locator(".detalle").innerText();
  assert.match(detalle, /\nLa has detenido tú, con Detener, mientras tu función hacía esta prueba\.$/);
  assert.doesNotMatch(detalle, /bucle infinito|no ha terminado/);
  await leidasComoSinEjecutar(p, antes + 1);
  await p.close();
});

test("the first failure shows whole; the others fold under their names, and say when the reason repeats", async () => {
  const p = await abrir();
  await escribirEnReto(p, bien.replace(/return salida\s*$/, "return observaciones\n")); // a slip: the function itself
  const r = await comprobarReto(p);
  assert.ok(r.fallidas.length > 5, JSON.stringify(r.fallidas.map((f) => f.nombre)));
  // In the course's words, not json's ("Object of type function is not JSON serializable").
  assert.equal(r.fallidas[0].detalle, "Turno 1: observaciones devolvió una función (`observaciones`), no una lista de bloques.");
  const vista = await p.evaluate(() => [...document.querySelectorAll(".reto-pruebas > li.mal")].map((li) => ({
    plegada: !!li.querySelector(":scope > details:not([open])"), mismo: li.querySelector(".mismo-motivo")?.textContent ?? "" })));
  assert.equal(vista[0].plegada, false, "the first failure is folded");
  assert.ok(vista.slice(1).every((v) => v.plegada), "a later failure shows whole");
  assert.ok(vista.slice(1).some((v) => v.mismo.startsWith(" · falla por lo mismo que «")), JSON.stringify(vista));
  // Folded, a later failure is its name and a line (never its conversation), whatever the number of tests.
  const altos = await p.locator(".reto-pruebas > li.mal").evaluateAll((lis) => lis.slice(1).map((li) => li.getBoundingClientRect().height));
  assert.ok(altos.every((alto) => alto < 100), `later failures are ${JSON.stringify(altos)} px tall`);
  await p.close();
});

test("where expected and got first differ is marked in both, even at a long text's first character", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + "/courses/llm-agents/errores-como-observaciones/");
  await esperarInterprete(p);
  await escribirEnReto(p, 'def ejecutar(ll, entorno):\n    try:\n        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))\n' +
    '    except Exception as e:\n        return error(ll["id"], type(e).__name__ + ": " + str(e))\n');
  await comprobarReto(p);
  const marcas = await p.locator(".reto-pruebas .detalle mark").allTextContents();
  assert.ok(marcas.includes("FileNotFoundError: "), JSON.stringify(marcas));
  assert.match(marcas[1], /^TypeError: leer\(\) got an unexpected keyword argument/);
  const texto = await p.locator(".reto-pruebas .detalle").first().textContent();
  assert.doesNotMatch(texto, /<mark>/, "the text is the grader's, as text");
  await p.close();
});
