// The conversation view (site/src/conversacion.js, construir/conversacion.py): the page draws
// what the build writes, a call and its result are marked together with the mouse and with the
// keyboard, the faults of a pairing are marked, and every string is text.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { servidorYNavegador } from "./montaje.mjs";
import { PYTHON, RAIZ } from "./ayuda.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const LECCION = "/courses/llm-agents/llamar-herramientas/";

// A conversation with every kind of block and fault, and what would break a page if it were HTML.
const CONVERSACION = `
import json, sys
sys.path[:0] = [".", "py"]
from construir import conversacion
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
print(json.dumps({"html": conversacion.html_de(M, notas, textos), "datos": vista.de(M), "notas": notas}))`;

function conversacion() {
  const r = spawnSync(PYTHON, ["-c", CONVERSACION], { cwd: RAIZ, encoding: "utf-8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

async function abrir() {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  await p.locator(".conversacion").first().hover(); // brings the view's script, as a learner would
  await p.waitForFunction(() => performance.getEntriesByType("resource").some((r) => /\/conversacion\.\w+\.js$/.test(r.name)));
  return p;
}

test("the page draws a conversation exactly as the build writes it, every string as text", async () => {
  const { html, datos, notas } = conversacion();
  const p = await abrir();
  const r = await p.evaluate(async ({ html, datos, notas }) => {
    const url = performance.getEntriesByType("resource").map((x) => x.name).find((n) => /\/conversacion\.\w+\.js$/.test(n));
    const { dibujar } = await import(url);
    const escrita = document.createElement("div");
    escrita.innerHTML = html; // the build's markup, parsed as the page parses it
    const dibujada = dibujar(datos, notas);
    document.querySelector("main").append(dibujada);
    return { igual: escrita.firstChild.isEqualNode(dibujada), escrita: escrita.innerHTML, dibujada: dibujada.outerHTML,
             scripts: dibujada.querySelectorAll("script, b").length, texto: dibujada.querySelector(".texto p").textContent };
  }, { html, datos, notas });
  assert.equal(r.dibujada, r.escrita);
  assert.ok(r.igual);
  assert.equal(r.scripts, 0);
  assert.equal(r.texto, "<script>alert(1)</script> y <!-- esto");
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

test("a call with no result, a result with no call and a repeated id are marked with the rule they break", async () => {
  const { datos } = conversacion();
  const p = await abrir();
  const problemas = await p.evaluate(async (datos) => {
    const url = performance.getEntriesByType("resource").map((x) => x.name).find((n) => /\/conversacion\.\w+\.js$/.test(n));
    const { dibujar } = await import(url);
    const c = dibujar(datos);
    document.querySelector("main").append(c);
    return [...c.querySelectorAll(".problema")].map((x) => `${x.closest("li").querySelector(".id").textContent}: ${x.textContent}`);
  }, datos);
  assert.deepEqual(problemas, [
    "t2: sin resultado: cada tool_use necesita su tool_result en el mensaje siguiente, del usuario",
    "t9: sin llamada: cada tool_result responde a una llamada del mensaje anterior, del asistente",
    "t1: id repetido: ya lo tiene la llamada del mensaje 2, y cada tool_use necesita un id propio",
  ]);
  await p.close();
});
