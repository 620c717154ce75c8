// ```{red} and the index's blocks, on a copy of lessons/ (llamar-herramientas has a {red}, and
// curso.yaml its blocks): the JSON shown is peticion() of the conversation's last request for both APIs,
// the tabs work with the keyboard (and without scripts both requests are shown), and the index
// shows curso.yaml's blocks in order: what only a page shows. A wrong {red} or block failing the
// build at its file:line is pytest's (tests/py/test_validar.py, test_red.py, test_bloques.py), and
// a failed build leaving dist/ as it was, tests/e2e/build.test.mjs's.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { RAIZ, PYTHON, CHROMIUM, FLAGS, arrancarServidor, abrirNavegador, abrirPagina, vigilarOrigen } from "./ayuda.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const RETO = "llamar-herramientas";
const PAGINA = `/courses/llm-agents/${RETO}/`;
const RED = `#red-${RETO}`;
let dir, bloques, servidor, navegador;

const python = (codigo, ...args) => {
  const r = spawnSync(PYTHON, ["-c", codigo, ...args], { cwd: RAIZ, encoding: "utf-8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};
const construir = () => spawnSync(PYTHON, [join(RAIZ, "build.py"), "--lecciones", "lessons", "--salida", "dist"], { cwd: dir, encoding: "utf-8" });

// curso.yaml's blocks, as {titulo, lecciones}.
const BLOQUES = `
import json, pathlib, sys, yaml
ficha = yaml.safe_load((pathlib.Path(sys.argv[1]) / "curso.yaml").read_text(encoding="utf-8"))
print(json.dumps(ficha["bloques"]))`;

// The request of the model's last turn, from the challenge itself (its CONVERSACION at the page's
// seed, played by calificador in CPython), written out by hand and passed to peticion().
const PETICIONES = `
import json, pathlib, sys
sys.path.insert(0, "py")
import ayuda, calificador, carga
nombre = sys.argv[1]
leer = lambda p: pathlib.Path(p).read_text(encoding="utf-8")
reto = carga.carga(nombre, leer("lessons/llm-agents/%s.reto.py" % nombre), leer("py/guionizado.py"), leer("py/entorno.py"))
publico = calificador.espacio(calificador.fuentes_publicas(reto))
inicio, respuestas, visto = json.loads(json.dumps(reto.conversacion(ayuda.Ayuda(publico, 2026))))[:3]
M = list(inicio)
for r, v in zip(respuestas[:-1], visto[:-1]):
    M += [["asistente", r], ["usuario", v]]
print(json.dumps({api: json.dumps(publico["peticion"](M, publico["HERRAMIENTAS"], api=api), ensure_ascii=False, indent=2)
                  for api in ("anthropic", "openai")}))`;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "red-"));
  cpSync(join(RAIZ, "lessons"), join(dir, "lessons"), { recursive: true });
  bloques = python(BLOQUES, join(dir, "lessons", "llm-agents"));
  const r = construir();
  assert.equal(r.status, 0, r.stderr);
  servidor = await arrancarServidor(join(dir, "dist"));
  navegador = await abrirNavegador(servidor.origen);
});
after(async () => {
  await navegador?.cerrar();
  servidor?.parar();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => navegador.ajenas.comprobar());

const abrir = (ruta, opciones) => abrirPagina(navegador.contexto, servidor.origen + ruta, opciones);
// The request is folded: its summary, clicked as a learner would (a native <details>, no script).
const desplegar = (p) => p.locator(`details.plegado:has(${RED}) > summary`).click();
const estado = (p) => p.evaluate((sel) => ({
  seleccionadas: [...document.querySelectorAll(`${sel} [role="tab"]`)].map((t) => t.getAttribute("aria-selected")),
  tabindex: [...document.querySelectorAll(`${sel} [role="tab"]`)].map((t) => t.tabIndex),
  visibles: [...document.querySelectorAll(`${sel} [role="tabpanel"]`)].map((x) => x.checkVisibility()),
  foco: document.activeElement.id || document.activeElement.tagName,
}), RED);

test("each tab shows peticion() of the conversation's last request, pretty-printed, for its API", async () => {
  const esperado = python(PETICIONES, RETO);
  const p = await abrir(PAGINA);
  await desplegar(p);
  const textos = await p.evaluate((sel) => Object.fromEntries([...document.querySelectorAll(`${sel} [role="tabpanel"]`)]
    .map((x) => [x.id.split("-").at(-1), x.querySelector("pre").textContent])), RED);
  assert.deepEqual(Object.keys(textos), ["anthropic", "openai"]);
  for (const api of ["anthropic", "openai"]) assert.equal(textos[api], esperado[api], api);
  assert.equal(JSON.parse(textos.anthropic).messages.at(-1).role, "user");
  assert.equal(await p.locator(`${RED} h2`).innerText(), "La misma conversación, en la red");
  assert.match(await p.locator(`${RED} > p`).innerText(), /^La última petición que el arnés envía al modelo/);
  assert.ok(await p.locator(`${RED} pre .nt`).count() > 10, "keys highlighted as other static code");
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("the request is folded: its summary says how long one tab takes to read, and Enter opens it", async () => {
  const p = await abrir(PAGINA);
  const resumen = p.locator(`details.plegado:has(${RED}) > summary`);
  assert.match(await resumen.innerText(), /^La petición entera, tal como la recibiría cada API \((unos \d+ min|un minuto) de lectura\)$/);
  assert.equal(await p.locator(RED).isVisible(), false);
  await resumen.focus();
  await p.keyboard.press("Enter");
  assert.equal(await p.locator(`${RED} h2`).isVisible(), true);
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("the tabs follow the keyboard: arrows (wrapping), Home, End, one tab stop, then the panel", async () => {
  const p = await abrir(PAGINA);
  await p.locator(`${RED} .pestanas.montadas`).waitFor({ state: "attached" });
  await desplegar(p);
  const [a, o] = [`red-${RETO}-anthropic-pestana`, `red-${RETO}-openai-pestana`];
  // The click that opened the fold left the focus on its summary, not on a tab.
  assert.deepEqual(await estado(p), { seleccionadas: ["true", "false"], tabindex: [0, -1], visibles: [true, false], foco: "SUMMARY" });
  await p.locator(`#${a}`).focus();
  const pasos = [["ArrowRight", o], ["ArrowRight", a], ["ArrowLeft", o], ["Home", a], ["End", o]];
  for (const [tecla, foco] of pasos) {
    await p.keyboard.press(tecla);
    const uno = foco === a;
    assert.deepEqual(await estado(p), { seleccionadas: [String(uno), String(!uno)], tabindex: [uno ? 0 : -1, uno ? -1 : 0],
      visibles: [uno, !uno], foco }, tecla);
  }
  // Tab leaves the list for the shown panel's code; Shift+Tab comes back to the selected tab.
  await p.keyboard.press("Tab");
  assert.equal(await p.evaluate(() => document.activeElement.closest('[role="tabpanel"]')?.id), `red-${RETO}-openai`);
  await p.keyboard.press("Shift+Tab");
  assert.equal((await estado(p)).foco, o);
  await p.locator(`#${a}`).click();
  assert.deepEqual((await estado(p)).visibles, [true, false]);
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("the tabs' layout is there before pestanas.js runs, so mounting it moves nothing", async () => {
  const alto = async (p) => p.locator(RED).evaluate((x) => x.getBoundingClientRect().height);
  const p = await abrir(PAGINA);
  await p.locator(`${RED} .pestanas.montadas`).waitFor({ state: "attached" });
  await desplegar(p);
  const montada = await alto(p);
  await p.close();
  const q = await navegador.contexto.newPage();
  await q.route(/\/static\/pagina\.[^/]*\.js$/, (r) => r.abort());
  await q.goto(servidor.origen + PAGINA);
  assert.equal(await q.locator(`${RED} .pestanas.montadas`).count(), 0);
  await desplegar(q);
  assert.ok(montada > 300, `the opened request is ${montada} px high`);
  assert.equal(await alto(q), montada);
  await q.close();
});

test("without scripts both requests are shown, each under its heading, and no tab", async () => {
  const navegadorSinJs = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const contexto = await navegadorSinJs.newContext({ javaScriptEnabled: false });
    const ajenas = vigilarOrigen(contexto, servidor.origen);
    const p = await contexto.newPage();
    await p.goto(servidor.origen + PAGINA);
    await desplegar(p);
    assert.equal(await p.locator(`${RED} [role="tablist"]`).isVisible(), false);
    for (const [n, titulo] of [[0, "Messages API (Anthropic)"], [1, "Chat Completions (OpenAI)"]]) {
      const panel = p.locator(`${RED} [role="tabpanel"]`).nth(n);
      assert.equal(await panel.locator("h3").innerText(), titulo);
      assert.ok(await panel.locator("pre").isVisible(), titulo);
    }
    ajenas.comprobar();
  } finally {
    await navegadorSinJs.close();
  }
});

test("axe finds nothing in the requests' tabs, light and dark, either tab", async () => {
  for (const esquema of ["light", "dark"]) {
    const p = await abrir(PAGINA, { esquema });
    await p.locator(`${RED} .pestanas.montadas`).waitFor({ state: "attached" });
    await desplegar(p);
    await p.evaluate(AXE);
    for (const pestana of ["anthropic", "openai"]) {
      await p.locator(`#red-${RETO}-${pestana}-pestana`).click();
      const v = await p.evaluate(async (sel) => (await axe.run(document.querySelector(sel))).violations, RED);
      assert.deepEqual(v.flatMap((x) => x.nodes.map((n) => `${x.id}: ${n.target.join(" ")}`)), [], `${esquema} ${pestana}`);
    }
    await p.close();
  }
});

test("the course index shows curso.yaml's blocks in order, each a heading and its lessons with their progress", async () => {
  const p = await abrir("/courses/llm-agents/");
  await p.locator(".lecciones .progreso:not(:empty)").first().waitFor();
  const vistos = await p.evaluate(() => [...document.querySelectorAll("h3.bloque")].map((h) => ({
    titulo: h.textContent,
    lecciones: [...document.querySelectorAll(`ol[aria-labelledby="${h.id}"] > li`)].map((li) => li.dataset.leccion),
    progreso: [...document.querySelectorAll(`ol[aria-labelledby="${h.id}"] > li .progreso`)].every((x) => x.textContent.length > 0),
  })));
  assert.deepEqual(vistos, bloques.map((b) => ({ ...b, progreso: true })));
  assert.ok(bloques.some((b) => b.titulo === "Herramientas" && b.lecciones.includes(RETO)));
  assert.deepEqual(p.errores, []);
  await p.close();
});
