// A challenge's hints in Chromium: revealed one at a time, in order; one waits for failed
// Comprobar attempts and the page says how many are left; what was seen survives a reload and
// an export/import, and the index says how many were seen. The discussion shows once passed.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { abrirNavegador, esperarInterprete, exportarProgreso, importarProgreso, RAIZ } from "./ayuda.mjs";
import { comprobarReto, escribirEnReto, RETO } from "./ayuda-reto.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const INDICE = "/courses/llm-agents/";
const FILA = '[data-leccion="llamar-herramientas"] .progreso';

/** {vistas: the visible hints' texts, boton: its text or null if hidden, activo, aviso}. */
const pistas = async (p) => (await p.locator(".reto-pistas:not([hidden])").waitFor(), p.evaluate(() => {
  const caja = document.querySelector(".reto-pistas");
  const boton = caja.querySelector(".ver-pista");
  return { vistas: [...caja.querySelectorAll(".pistas > li:not([hidden])")].map((li) => li.textContent),
           boton: boton.hidden ? null : boton.textContent, activo: !boton.disabled,
           aviso: caja.querySelector(".pista-aviso").textContent, visible: !caja.hidden,
           discusion: !document.querySelector(".reto-discusion").hidden };
}));

test("hints open in order, the third after two failed attempts, and the discussion once passed", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + RETO);
  let h = await pistas(p);
  assert.deepEqual([h.visible, h.vistas, h.boton, h.activo, h.aviso, h.discusion],
    [true, [], "Ver una pista (1 de 3)", true, "", false]);
  await p.locator(".ver-pista").click();
  h = await pistas(p);
  assert.equal(h.vistas.length, 1);
  assert.match(h.vistas[0], /^Recorre respuesta y quédate con los bloques/);
  assert.equal(await p.evaluate(() => document.activeElement.closest(".pistas") !== null), true, "focus on the new hint");
  await p.locator(".ver-pista").click();
  h = await pistas(p);
  assert.deepEqual([h.vistas.length, h.boton, h.activo, h.aviso],
    [2, "Ver una pista (3 de 3)", false, "La pista 3 se abre tras 2 intentos fallidos más con Comprobar."]);

  await esperarInterprete(p);
  assert.match((await comprobarReto(p)).estado, /pruebas superadas\.$/m); // the starting code fails
  assert.equal((await pistas(p)).aviso, "La pista 3 se abre tras 1 intento fallido más con Comprobar.");
  await comprobarReto(p);
  h = await pistas(p);
  assert.deepEqual([h.activo, h.aviso], [true, ""]);
  await p.locator(".ver-pista").click();
  h = await pistas(p);
  assert.deepEqual([h.vistas.length, h.boton, h.aviso, h.discusion], [3, null, "Has visto las 3 pistas.", false]);
  await escribirEnReto(p, readFileSync(join(RAIZ, "tests", "entregas", "llamar-herramientas", "bien_a_mano.py"), "utf8"));
  assert.match((await comprobarReto(p)).estado, /¡reto superado!/);
  assert.equal((await pistas(p)).discusion, true);
  assert.match(await p.locator(".reto-discusion").innerText(), /^Ahora que lo has superado\n/);

  await p.reload();
  h = await pistas(p);
  assert.deepEqual([h.vistas.length, h.boton, h.discusion], [3, null, true]);
  await p.close();
});

test("the index shows the hints seen, and an export carries them to a fresh profile", async () => {
  const indice = await e.navegador.contexto.newPage();
  await indice.goto(e.servidor.origen + INDICE);
  await indice.locator(`${FILA}:not(:empty)`).waitFor();
  const progreso = await indice.locator(FILA).innerText();
  assert.match(progreso, /Reto superado ✓ · 3 pistas vistas$/);
  const archivo = await exportarProgreso(indice);
  await indice.close();
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    const i = await importarProgreso(otro.contexto, e.servidor.origen, archivo);
    assert.equal(await i.locator(FILA).innerText(), progreso);
    await i.goto(e.servidor.origen + RETO);
    const h = await pistas(i);
    assert.deepEqual([h.vistas.length, h.boton, h.discusion], [3, null, true]);
  } finally {
    await otro.cerrar();
  }
});

test("a hint opened after passing shows at once and is not counted as seen", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    const p = await otro.contexto.newPage();
    await p.goto(e.servidor.origen + RETO);
    await pistas(p);
    await p.evaluate(() => {
      const { curso, slug, retos } = JSON.parse(document.getElementById("datos").textContent);
      localStorage.setItem(`curso-agentes:${curso}/${slug}:reto-${retos[0].nombre}:superado`, "1");
    });
    await p.reload();
    for (let k = 0; k < 3; k++) await p.locator(".ver-pista").click(); // the third waits for no failed attempt
    assert.deepEqual(Object.values(await pistas(p)).slice(0, 2).map((v) => v?.length ?? v), [3, null]);
    await p.goto(e.servidor.origen + INDICE);
    await p.locator(`${FILA}:not(:empty)`).waitFor();
    assert.doesNotMatch(await p.locator(FILA).innerText(), /pista/);
  } finally {
    await otro.cerrar();
  }
});
