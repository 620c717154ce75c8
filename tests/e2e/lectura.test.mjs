// Reading a lesson and working it with the keyboard, in Chromium: every editor says how to leave
// it (site/src/editor.js), long code wraps on a phone, static code has a Copiar button
// (site/src/copiar.js), a "¿en qué línea?" snippet wraps, and Permisos' results say is_error.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { servidorYNavegador } from "./montaje.mjs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { abrirPagina, ejecutar, esperarInterprete, RAIZ } from "./ayuda.mjs";
import { escribirEnReto } from "./ayuda-reto.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const BASE = "/courses/llm-agents/";
const abrir = (slug, opciones) => abrirPagina(e.navegador.contexto, e.servidor.origen + BASE + slug + "/", opciones);

test("an editor reached with Tab says how to leave it; one reached with the mouse does not", async () => {
  const p = await abrir("llamar-herramientas");
  await p.locator(".cm-content").nth(1).waitFor();
  const segunda = p.locator(".celda").nth(1);
  const ayuda = segunda.locator(".editor-ayuda");
  assert.equal(await ayuda.textContent(), "En el editor, Tab sangra el código. Para salir de él con el teclado, pulsa Esc y después Tab.");
  assert.equal(await segunda.locator(".cm-content").getAttribute("aria-describedby"), await ayuda.getAttribute("id"));
  await segunda.locator(".cm-content").click();
  assert.equal(await ayuda.isVisible(), false, "a click shows no note");
  await segunda.locator("button.ejecutar").focus(); // then Tab, past the bar's buttons, to the editor
  for (let k = 0; k < 5 && !(await p.evaluate(() => document.activeElement.classList.contains("cm-content"))); k++) {
    await p.keyboard.press("Tab");
  }
  const enEditor = await p.evaluate(() => document.activeElement.closest(".celda") === document.querySelectorAll(".celda")[1]);
  assert.ok(enEditor, "Tab reached the second cell's editor");
  assert.equal(await ayuda.isVisible(), true, "Tab shows the note");
  await p.keyboard.press("Escape");
  await p.keyboard.press("Tab");
  assert.equal(await ayuda.isVisible(), false, "leaving hides it");
  await p.close();
});

test("the first Tab that indents in an editor reached with the mouse shows how to leave it", async () => {
  const p = await abrir("llamar-herramientas");
  await p.locator(".cm-content").nth(1).waitFor();
  const segunda = p.locator(".celda").nth(1);
  const ayuda = segunda.locator(".editor-ayuda");
  await segunda.locator(".cm-content").click();
  await p.keyboard.press("Home");
  assert.equal(await ayuda.isVisible(), false, "a click shows no note");
  const antes = await segunda.locator(".cm-content").innerText();
  await p.keyboard.press("Tab"); // a learner trying to leave: it indents, and now says how to leave
  assert.notEqual(await segunda.locator(".cm-content").innerText(), antes, "Tab still indents");
  assert.equal(await ayuda.isVisible(), true, "the indenting Tab shows the note");
  await p.keyboard.press("Escape");
  await p.keyboard.press("Tab");
  assert.equal(await ayuda.isVisible(), false, "leaving hides it");
  await p.close();
});

test("at 1280 px the harness cell of «Llamar a herramientas» shows its «# regla N» comments whole", async () => {
  const p = await abrir("llamar-herramientas", { tamano: { width: 1280, height: 800 } });
  const editor = p.locator('[data-celda="patatas"] .cm-scroller');
  await editor.waitFor();
  const r = await editor.evaluate((s) => ({ ancho: s.scrollWidth, visible: s.clientWidth,
                                             reglas: (s.textContent.match(/# regla \d/g) || []).length }));
  assert.equal(r.reglas, 5);
  assert.ok(r.ancho <= r.visible + 1, `its lines are cut at the editor's edge: ${r.ancho} > ${r.visible} px`);
  await p.close();
});

test("at 390 px no editor line runs off the right edge, and the line snippet wraps at 1280", async () => {
  const p = await abrir("llamar-herramientas", { tamano: { width: 390, height: 800 } });
  await p.locator(".cm-content").first().waitFor();
  const anchas = await p.evaluate(() => [...document.querySelectorAll(".cm-scroller")].filter((s) => s.scrollWidth > s.clientWidth + 1).length);
  assert.equal(anchas, 0, "editors scroll sideways");
  await p.close();
  const q = await abrir("errores-como-observaciones", { tamano: { width: 1280, height: 800 } });
  const cortada = await q.evaluate(() => {
    const caja = document.querySelector('[data-pregunta="linea-del-error"] .codigo-lineas');
    return caja.scrollWidth > caja.clientWidth + 1;
  });
  assert.equal(cortada, false, "a snippet line is cut at the right edge");
  await q.close();
});

test("Copiar copies a static code block and the request body, and says so", async () => {
  await e.navegador.contexto.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e.servidor.origen });
  const p = await abrir("llamar-herramientas");
  const bloque = p.locator(":not(details) > .resaltado:not(.texto)").first();
  await bloque.locator("button.copiar").click();
  assert.equal(await bloque.locator("button.copiar").innerText(), "Copiado ✓");
  assert.equal(await p.evaluate(() => navigator.clipboard.readText()), await bloque.locator("pre").textContent());
  await p.locator("details.plegado:has(.red) > summary").click();  // the request is folded
  const red = p.locator(".pestanas-panel .resaltado").first();
  await red.locator("button.copiar").click();
  assert.equal(JSON.parse(await p.evaluate(() => navigator.clipboard.readText())).model !== undefined, true);
  assert.equal(await p.locator(".resaltado.texto button.copiar").count(), 0, "outputs and transcripts get none");
  await p.close();
});

test("Permisos' permission cell marks each error it shows with [is_error]", async () => {
  const p = await abrir("permisos");
  await esperarInterprete(p);
  const codigo = await p.evaluate(() => JSON.parse(document.getElementById("datos").textContent).celdas[4].codigo);
  assert.match(codigo, /que = muestra\(obs\)/);
  const propio = "def paso_con_permiso(ll, entorno, confirmar):\n    return error(ll['id'], 'no se ha ejecutado: x')\n\n" + codigo;
  const id = await p.evaluate(() => JSON.parse(document.getElementById("datos").textContent).celdas[4].id);
  await p.locator(`[data-celda="${id}"] .cm-content`).click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText(propio);
  const salida = await ejecutar(p, id);
  assert.match(salida, /^c1 preguntas: 0, tool_result c1 no se ha ejecutado: x {3}\[is_error\]$/m);
  await p.close();
});

test("on a touch phone the keyboard hints are not shown; with a mouse they are", async () => {
  const p = await abrir("llamar-herramientas", { tamano: { width: 390, height: 800 } });
  const pista = p.locator(".ayuda-teclado").first();
  await pista.waitFor({ state: "attached" });
  assert.equal(await pista.isVisible(), true, "a mouse and keyboard: the hint shows");
  const cdp = await p.context().newCDPSession(p);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  await p.reload();
  await pista.waitFor({ state: "attached" });
  assert.deepEqual(await p.evaluate(() => [matchMedia("(hover: none)").matches, matchMedia("(pointer: coarse)").matches]), [true, true]);
  assert.equal(await pista.isVisible(), false, "touch only: no hint about keys the phone lacks");
  await p.close();
});

/** Each indented line of `selector` that wraps: where its first character is and where its wrapped
 *  rows start; how many rows below the line's top its first character is (under half: the first). */
const envueltas = (p, selector) => p.evaluate((sel) => [...document.querySelectorAll(sel)].flatMap((linea) => {
  const m = /^ +/.exec(linea.textContent);
  if (!m || linea.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(linea).lineHeight)) return [];
  const paseo = document.createTreeWalker(linea, NodeFilter.SHOW_TEXT);
  let resto = m[0].length, nodo;
  while ((nodo = paseo.nextNode()) && nodo.length <= resto) resto -= nodo.length;
  const r = document.createRange();
  r.setStart(nodo, resto); r.setEnd(nodo, resto + 1);
  const primera = r.getBoundingClientRect();
  r.selectNodeContents(linea);
  const filas = [...r.getClientRects()].filter((c) => c.top > primera.bottom - 2 && c.width > 0);
  return [{ texto: linea.textContent, primera: primera.left, resto: Math.min(...filas.map((c) => c.left)),
            arriba: (primera.top - linea.getBoundingClientRect().top - parseFloat(getComputedStyle(linea).paddingTop)) /
              parseFloat(getComputedStyle(linea).lineHeight) }];
}), selector);

function sangradas(medidas, donde) {
  assert.ok(medidas.length > 0, `${donde}: the lesson has an indented line that wraps at 390 px`);
  for (const { texto, primera, resto, arriba } of medidas) {
    assert.ok(Math.abs(resto - primera) < 2, `${donde}, ${texto}: wrapped rows at ${resto}, first character at ${primera}`);
    // Its first word on its first row: a row of blanks above it reads as an empty line beside its number.
    assert.ok(arriba < 0.5, `${donde}, ${texto}: first character ${arriba.toFixed(2)} rows below the line's top`);
  }
}

test("at 390 px a wrapped indented line goes on under its first character, not at the margin", async () => {
  const p = await abrir("llamar-herramientas", { tamano: { width: 390, height: 800 } });
  await p.locator(".reto .cm-content").waitFor();
  // A first word wider than the rest of its row (resultados.append(resultado(...): it once wrapped
  // after the indentation, leaving a row of blanks beside the line's number.
  await escribirEnReto(p, readFileSync(join(RAIZ, "tests", "entregas", "llamar-herramientas", "mal_sin_nombre.py"), "utf8"));
  sangradas(await envueltas(p, ".cm-line"), "editor");
  await p.close();
  // The static copy a page shows before its editors (and without JavaScript) wraps the same way.
  const q = await e.navegador.contexto.newPage();
  await q.route("**/static/*.js", (ruta) => ruta.abort());
  await q.setViewportSize({ width: 390, height: 800 });
  await q.goto(e.servidor.origen + BASE + "llamar-herramientas/");
  assert.equal(await q.locator(".cm-content").count(), 0, "no editor mounted");
  sangradas(await envueltas(q, ".editor > pre .linea"), "static copy");
  await q.close();
});

test("at 390 px a wrapped line of a request's JSON goes on under its first character too", async () => {
  const p = await abrir("llamar-herramientas", { tamano: { width: 390, height: 800 } });
  await p.locator("details.plegado:has(.red) > summary").first().click();
  sangradas(await envueltas(p, ".pestanas-panel:not([hidden]) pre .linea"), "request");
  await p.close();
});

test("a Copiar button covers no code nor the text above it, at 1280 and 390 px", async () => {
  for (const width of [1280, 390]) {
    for (const slug of ["permisos", "llamar-herramientas"]) {
      const p = await abrir(slug, { tamano: { width, height: 800 } });
      await p.locator("button.copiar").first().waitFor();
      await p.locator("details.plegado:has(.red) > summary").first().click().catch(() => {});
      const tapadas = await p.evaluate(() => [...document.querySelectorAll(".resaltado")].flatMap((bloque) => {
        const boton = bloque.querySelector(":scope > button.copiar")?.getBoundingClientRect();
        if (!boton || boton.width === 0) return [];
        // The code, and the text just above the block.
        const arriba = bloque.previousElementSibling ?? bloque.parentElement;
        const paseos = [bloque.querySelector("pre"), arriba].map((x) => document.createTreeWalker(x, NodeFilter.SHOW_TEXT));
        const r = document.createRange();
        let encima = false;
        for (let nodo; !encima && (nodo = paseos[0].nextNode() ?? paseos[1].nextNode());) {
          if (bloque.contains(nodo) && !bloque.querySelector("pre").contains(nodo)) continue; // the button's own
          for (let i = 0; !encima && i < nodo.length; i++) {
            if (/\s/.test(nodo.data[i])) continue; // a space under the button hides nothing
            r.setStart(nodo, i); r.setEnd(nodo, i + 1);
            const c = r.getBoundingClientRect();
            encima = c.width > 0 && c.left < boton.right && c.right > boton.left && c.top < boton.bottom && c.bottom > boton.top;
          }
        }
        return encima ? [bloque.querySelector("pre").textContent.slice(0, 60)] : [];
      }));
      assert.deepEqual(tapadas, [], `${slug} at ${width} px`);
      await p.close();
    }
  }
});
