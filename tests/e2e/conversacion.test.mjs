// The conversation view (py/vista.py's tree; site/src/conversacion.js builds it in the page,
// construir/arbol.py writes it at build time): the page builds a tree as the browser parses the
// build's HTML of it, every string as text, and refuses what site/arbol.json does not allow; a
// call and its result are marked together with the mouse and with the keyboard, the faults of a
// pairing are marked, and a huge text is cut.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { servidorYNavegador } from "./montaje.mjs";
import { PYTHON, RAIZ, ejecutar, esperarInterprete } from "./ayuda.mjs";
import { comprobarReto, escribirEnReto } from "./ayuda-reto.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const LECCION = "/courses/llm-agents/llamar-herramientas/";

// A conversation with every kind of block and fault, and what would break a page if it were HTML.
const CONVERSACION = `
import json, sys
sys.path[:0] = [".", "py"]
from construir import arbol
import vista
M = [("usuario", "<script>alert(1)</script> y <!-- esto"),
     ("asistente", [{"type": "text", "text": "Leo dos."},
                    {"type": "tool_use", "id": "t1", "name": "leer", "input": {"ruta": "</pre>"}},
                    {"type": "tool_use", "id": "t2", "name": "leer", "input": {}}]),
     ("usuario", [{"type": "tool_result", "tool_use_id": "t1", "content": "x" * 500, "is_error": True},
                  {"type": "tool_result", "tool_use_id": "t9", "content": "huérfano", "is_error": False}]),
     ("asistente", [{"type": "tool_use", "id": "t1", "name": "leer", "input": {}}])]
notas = {1: ["El modelo <b>contesta</b>:"], 4: ["Fin."]}
textos = json.load(open("site/textos.es.json", encoding="utf-8"))
datos = vista.de(M)
datos["mensajes"][2]["bloques"][0]["omitidos"] = 2000  # cut by dibujo.py
turno = {"datos": datos, "turno": 2, "recibidos": 3, "error": "FueraDeGuion: <i>no</i>", "marca": {"mensaje": 3, "bloque": 2},
         "esperado": datos["mensajes"][2], "motivo": None, "uso": None, "http": None}
arboles = [vista.arbol(datos, notas), vista.arbol_turno(turno), vista.arbol(vista.de(M * 13))]  # the last, "larga"
print(json.dumps({"arboles": arboles, "html": [arbol.html_de(a, textos) for a in arboles]}))`;

function conversacion() {
  const r = spawnSync(PYTHON, ["-c", CONVERSACION], { cwd: RAIZ, encoding: "utf-8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

async function abrir() {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  const marca = p.locator(".conversacion .par").first();
  await marca.hover(); // brings the view's script, as a learner would; it pairs from the next pointer move
  await p.waitForFunction(() => performance.getEntriesByType("resource").some((r) => /\/conversacion\.\w+\.js$/.test(r.name)));
  for (let i = 0; i < 50 && !(await p.locator(".conversacion .emparejado").count()); i++) {
    await p.mouse.move(0, 0);
    await marca.hover();
  }
  await p.mouse.move(0, 0);
  return p;
}

test("the page builds a tree as the browser parses the build's HTML of it, every string as text", async () => {
  const { arboles, html } = conversacion();
  const p = await abrir();
  const r = await p.evaluate(async ({ arboles, html }) => {
    const url = performance.getEntriesByType("resource").map((x) => x.name).find((n) => /\/conversacion\.\w+\.js$/.test(n));
    const { dibujar } = await import(url);
    return arboles.map((a, k) => {
      const escrita = document.createElement("div");
      escrita.innerHTML = html[k]; // the build's markup, parsed as the page parses it
      const dibujada = dibujar(a);
      document.querySelector("main").append(dibujada);
      return { igual: escrita.firstChild.isEqualNode(dibujada), escrita: escrita.innerHTML, dibujada: dibujada.outerHTML,
               clase: dibujada.className, scripts: dibujada.querySelectorAll("script, b, i").length,
               texto: dibujada.querySelector(".texto p").textContent };
    });
  }, { arboles, html });
  for (const x of r) {
    assert.equal(x.dibujada, x.escrita);
    assert.ok(x.igual);
    assert.equal(x.scripts, 0);
    assert.equal(x.texto, "<script>alert(1)</script> y <!-- esto");
  }
  assert.deepEqual(r.map((x) => x.clase), ["conversacion", "conversacion", "conversacion larga"]);
  await p.close();
});

test("the page refuses a tree with a tag, an attribute or a text it does not allow", async () => {
  const p = await abrir();
  const r = await p.evaluate(async () => {
    const url = performance.getEntriesByType("resource").map((x) => x.name).find((n) => /\/conversacion\.\w+\.js$/.test(n));
    const { dibujar } = await import(url);
    const intento = (arbol) => { try { return dibujar(arbol).outerHTML; } catch (e) { return e.message; } };
    return [["script", {}, "alert(1)"], ["img", { src: "x" }], ["p", { onclick: "alert(1)" }], ["p", { class: "a", style: "x" }],
            ["p", {}, ["iframe", {}]], ["p", {}, { t: "__proto__", v: {} }], ["p", {}, null], ["p", ["class"]], "texto",
            ["p", { class: { t: "turno_contesta", v: {} }, "aria-label": 3 }, "<b>", { t: "conversacion_autor", v: { autor: "<i>" } }]].map(intento);
  });
  assert.deepEqual(r, [
    "etiqueta no permitida en el árbol de una conversación: script",
    "etiqueta no permitida en el árbol de una conversación: img",
    "atributo no permitido en el árbol de una conversación: onclick",
    "atributo no permitido en el árbol de una conversación: style",
    "etiqueta no permitida en el árbol de una conversación: iframe",
    "Falta el texto «__proto__» en textos.es.json",
    "ni texto ni nodo en el árbol de una conversación: null",
    'atributos que no son un objeto: ["class"]',
    undefined,
    '<p class="Y contesta:" aria-label="3">&lt;b&gt;(lo escribe &lt;i&gt;)</p>',
  ]);
  await p.close();
});

test("a call and its result are marked together while either is hovered or focused", async () => {
  const p = await abrir();
  const conversacion = p.locator(".conversacion").first();
  const marcadas = () => conversacion.locator(".emparejado").evaluateAll((xs) => xs.map((x) => `${x.className.split(" ")[0]} ${x.dataset.par}`));
  await conversacion.locator('.resultado[data-par="B"] .par').hover();
  assert.deepEqual(await marcadas(), ["llamada B", "resultado B"]);
  await p.mouse.move(0, 0);
  assert.deepEqual(await marcadas(), []);
  await conversacion.locator('.llamada[data-par="A"] .par').focus();
  assert.deepEqual(await marcadas(), ["llamada A", "resultado A"]);
  await p.keyboard.press("Tab"); // the next mark, B's call
  assert.deepEqual(await marcadas(), ["llamada B", "resultado B"]);
  await p.close();
});

test("focusing a call brings its result's line into view when it is off-screen, as quickly as the learner asks", async () => {
  for (const movimiento of ["reduce", "no-preference"]) {
    const p = await abrir();
    await p.emulateMedia({ reducedMotion: movimiento });
    await p.setViewportSize({ width: 390, height: 260 });
    const marca = p.locator('.conversacion .llamada[data-par="A"] .par').first();
    // The call at the bottom edge of the screen, its result below it, out of sight.
    await marca.evaluate((x) => x.scrollIntoView({ block: "end" }));
    const visible = () => p.locator('.conversacion .resultado[data-par="A"] .cabeza').first().evaluate((x) => {
      const r = x.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight + 1; // a subpixel over is in view
    });
    assert.equal(await visible(), false, "the result starts off-screen");
    await p.mouse.move(0, 0);
    await marca.hover(); // a pointer does not scroll the page
    assert.equal(await visible(), false, "hovering scrolled the page");
    await marca.focus();
    if (movimiento === "reduce") assert.equal(await visible(), true, "no smooth scroll when motion is reduced");
    else await p.waitForFunction(() => {
      const r = document.querySelector('.conversacion .resultado[data-par="A"] .cabeza').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight + 1; // a subpixel over is in view
    });
    await p.close();
  }
});

test("a call with no result, a result with no call and a repeated id are marked with the rule they break", async () => {
  const { arboles } = conversacion();
  const p = await abrir();
  const problemas = await p.evaluate(async (arbol) => {
    const url = performance.getEntriesByType("resource").map((x) => x.name).find((n) => /\/conversacion\.\w+\.js$/.test(n));
    const { dibujar } = await import(url);
    const c = dibujar(arbol);
    document.querySelector("main").append(c);
    return [...c.querySelectorAll(".problema")].map((x) => `${x.closest("li").querySelector(".id").textContent}: ${x.textContent}`);
  }, arboles[0]);
  assert.deepEqual(problemas, [
    "t2: sin resultado: cada tool_use necesita su tool_result en el mensaje siguiente, del usuario",
    "t9: sin llamada: cada tool_result responde a una llamada del mensaje anterior, del asistente",
    "t1: id repetido: ya lo tiene la llamada del mensaje 2, y cada tool_use necesita un id propio",
  ]);
  await p.close();
});

// The lesson's harness cell, whose run is the conversation the lesson opens with.
const PATATAS = '[data-celda="patatas"]';

async function conCelda(cambio) {
  const p = await e.navegador.contexto.newPage();
  p.errores = [];
  p.on("pageerror", (x) => p.errores.push(x));
  await p.goto(e.servidor.origen + LECCION);
  await esperarInterprete(p);
  const editor = p.locator(`${PATATAS} .cm-content`);
  const codigo = cambio(await p.evaluate(() => JSON.parse(document.getElementById("datos").textContent)
    .celdas.find((c) => c.id === "patatas").codigo));
  await editor.click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText(codigo);
  await ejecutar(p, "patatas");
  await p.waitForSelector(`${PATATAS} .salida .conversacion`);
  return p;
}

test("ver_conversacion(modelo) in a cell draws the run turn by turn, ending on the lesson's own conversation", async () => {
  const p = await conCelda((c) => c);
  const r = await p.evaluate((PATATAS) => {
    const leccion = document.querySelector("main > .conversacion");
    const celda = document.querySelector(`${PATATAS} .salida .turnos`);
    const mensajes = (raiz) => [...raiz.querySelectorAll("ol.mensajes > li")].map((x) => x.outerHTML);
    const vistas = [];
    for (let k = 0; k < 3; k++) {
      vistas.unshift({ rotulo: celda.querySelector(".turnos-barra span").textContent,
                       n: celda.querySelectorAll("li.mensaje").length,
                       narracion: [...celda.querySelectorAll(".narracion")].map((x) => x.textContent) });
      if (k === 0) vistas[0].igual = JSON.stringify(mensajes(celda)) === JSON.stringify(mensajes(leccion));
      celda.querySelector(".turnos-barra button").click(); // previous
    }
    const antes = document.createRange();
    antes.setStart(document.querySelector(`${PATATAS} .salida`), 0);
    antes.setEndBefore(celda);
    return { vistas, primeroSinAnterior: celda.querySelector(".turnos-barra button").disabled, antes: antes.toString() };
  }, PATATAS);
  assert.ok(r.vistas[2].igual, "the cell's last turn is the lesson's opening conversation, message for message");
  assert.deepEqual(r.vistas.map((v) => [v.rotulo, v.n]), [["Turno 1 de 3", 3], ["Turno 2 de 3", 5], ["Turno 3 de 3", 7]]);
  assert.deepEqual(r.vistas[1].narracion.slice(0, 2), ["El modelo recibe 4 mensajes:", "Y contesta:"]);
  // Each reply says its stop_reason and token counts; the input grows turn by turn (the whole history).
  assert.match(r.vistas[1].narracion[2], /^stop_reason: tool_use\. Tokens \(estimados\): \d+ de entrada, toda la conversación; \d+ de salida\.$/);
  const entradas = r.vistas.map((v) => Number(v.narracion.at(-1).match(/(\d+) de entrada/)[1]));
  assert.ok(entradas[0] < entradas[1] && entradas[1] < entradas[2], String(entradas));
  assert.match(r.vistas[2].narracion.at(-1), /^stop_reason: end_turn\./);
  assert.ok(r.primeroSinAnterior);
  assert.match(r.antes, /\nEl sábado vienen cuatro a cenar.\nLlevan patatas: tortilla.\n$/, "what the cell printed before comes first");
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("a FueraDeGuion in a cell marks the block it names and shows what the script expected there", async () => {
  // The second result answers with the wrong file: the script expected the dinner note.
  const p = await conCelda((c) => c.replace('FUNCIONES[b["name"]](entorno, **b["input"])',
    'FUNCIONES[b["name"]](entorno, **b["input"]) if b["id"] != "t2" else "otra cosa"'));
  const r = await p.evaluate((PATATAS) => {
    const salida = document.querySelector(`${PATATAS} .salida`);
    const c = salida.querySelector(".conversacion");
    const marcado = c.querySelector(".resaltado-error");
    return { traza: salida.querySelector(".traza").textContent, marcado: marcado.querySelector(".id").textContent,
             mensaje: marcado.closest("li.mensaje").querySelector(".numero").textContent,
             senal: marcado.querySelector(".senal").textContent,
             esperado: c.querySelector("ol.esperado .resultado:nth-child(2) .contenido")?.textContent, rechazo: c.querySelectorAll(".rechazo").length,
             despues: c.compareDocumentPosition(salida.querySelector(".traza")) & Node.DOCUMENT_POSITION_PRECEDING };
  }, PATATAS);
  assert.match(r.traza, /FueraDeGuion: turno 2, mensaje 4 \(usuario\), bloque 2: content esperado/);
  assert.deepEqual([r.mensaje, r.marcado], ["4", "t2"]);
  assert.equal(r.senal, "Aquí está lo que rechaza el modelo: el bloque 2 del mensaje 4.");
  assert.equal(r.esperado, "El sábado vienen cuatro a cenar.");
  assert.equal(r.rechazo, 0, "the traceback says the error: the view does not repeat it");
  assert.ok(r.despues, "the view comes after the traceback");
  await p.close();
});

test("an ErrorDeProtocolo in a cell marks the message it names", async () => {
  const p = await conCelda((c) => c.replace('resultado(b["id"], salida)', 'resultado("t1", salida)'));
  const r = await p.evaluate((PATATAS) => {
    const marcado = document.querySelector(`${PATATAS} .salida .conversacion .resaltado-error`);
    return { clase: marcado.className, numero: marcado.querySelector(".numero").textContent,
             senal: marcado.querySelector(":scope > .senal").textContent };
  }, PATATAS);
  assert.match(r.clase, /\bmensaje\b/);
  assert.deepEqual([r.numero, r.senal], ["3", "Aquí está lo que rechaza el modelo: el mensaje 3."]);
  await p.close();
});

test("a FueraDeGuion in Comprobar marks, under the failed test, the block the model refused", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  await esperarInterprete(p);
  await escribirEnReto(p, "def observaciones(respuesta, entorno):\n" +
    "    return [resultado(b['id'], 'nada') for b in respuesta if b['type'] == 'tool_use']\n");
  const { fallidas } = await comprobarReto(p, 120_000);
  assert.ok(fallidas.length > 0);
  const linea = p.locator(".reto-pruebas > li.mal").first();
  await linea.locator(".conversacion .resaltado-error").waitFor();
  const r = await linea.evaluate((li) => {
    const marcado = li.querySelector(".conversacion .resaltado-error");
    return { nombre: li.querySelector(".nombre").textContent, id: marcado.querySelector(".id").textContent,
             mensaje: marcado.closest("li.mensaje").querySelector(".numero").textContent,
             detalle: li.querySelector(".detalle").textContent, esperado: !!li.querySelector("ol.esperado") };
  });
  assert.equal(r.nombre, "Reproduce la conversación de la lección");
  assert.deepEqual([r.mensaje, r.id], ["4", "t1"]);
  assert.match(r.detalle, /FueraDeGuion|no acepta la conversación: turno 2, mensaje 4 \(usuario\), bloque 1/);
  assert.ok(r.esperado);
  await p.close();
});

test("a result of 40 MB is drawn cut to the view's bounds, and says how much was left out", async () => {
  const p = await conCelda(() => 'ver_conversacion([("asistente", [{"type": "tool_use", "id": "t1", "name": "leer", "input": {}}]),\n'
    + '                  ("usuario", [{"type": "tool_result", "tool_use_id": "t1", "content": "x" * 40_000_000}])])');
  const r = await p.evaluate((PATATAS) => {
    const salida = document.querySelector(`${PATATAS} .salida`);
    const resultado = salida.querySelector(".conversacion li.resultado");
    return { resumen: resultado.querySelector("summary").textContent, omitidos: resultado.querySelector(".omitidos").textContent,
             contenido: resultado.querySelector(".contenido").textContent.length, total: document.body.textContent.length };
  }, PATATAS);
  assert.equal(r.resumen, "Contenido: 40.000.000 caracteres");
  assert.equal(r.omitidos, "Recortado: no se dibujan los últimos 39.980.000 caracteres.");
  assert.equal(r.contenido, 20_000);
  assert.ok(r.total < 200_000, `${r.total} characters in the page`);
  assert.deepEqual(p.errores, []);
  await p.close();
});
