// ModeloReal from a real page (py/guionizado.py, site/src/modelo-real.js, panel-modelo.js,
// medidor.js) against tests/api/falsa.py, a local stand-in of the Messages API and Chat
// Completions that refuses a body the official SDKs' types refuse (400) and answers with the
// APIs' documented examples. The site is built with --conectar for the stand-in's origin and one
// provider-like origin, and served by serve.py (its headers) and by a host that sends none.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PYTHON, RAIZ, LECCION, arrancarServidor, abrirNavegador, esperarInterprete, esperarServiceWorker, ejecutar, exportarProgreso } from "./ayuda.mjs";
import { RETO, escribirEnReto, comprobarReto } from "./ayuda-reto.mjs";

const CLAVE = "sk-ant-prueba-0123456789";
const LEJANA = "http://api.prueba.test"; // a provider's origin, not the learner's machine: routed to the stand-in
const ANTHROPIC = "https://api.anthropic.com"; // routed to the stand-in too, never reached
const e = {};
before(async () => {
  e.falsa = spawn(PYTHON, [join(RAIZ, "tests", "api", "falsa.py")], { stdio: ["ignore", "pipe", "inherit"] });
  e.api = await new Promise((resolver) => e.falsa.stdout.on("data", (d) => resolver(String(d).trim())));
  e.dist = mkdtempSync(join(tmpdir(), "conectar-"));
  execFileSync(PYTHON, [join(RAIZ, "build.py"), "--salida", e.dist, "--sin-comprimir", "--conectar", e.api, "--conectar", LEJANA, "--conectar", ANTHROPIC],
    { cwd: RAIZ, stdio: ["ignore", "ignore", "inherit"] });
  e.servidor = await arrancarServidor(e.dist);
  e.navegador = await abrirNavegador(e.servidor.origen, { soloAnotar: true });
});
after(async () => {
  await e.navegador?.cerrar();
  e.servidor?.parar();
  e.falsa?.kill();
  if (e.dist) rmSync(e.dist, { recursive: true, force: true });
});
const registro = async () => (await fetch(`${e.api}/registro`)).json();
const ajenas = () => e.navegador.ajenas.lista.filter((u) => !u.startsWith(e.api + "/"));

const celda = (api, modelo, resto = "") => `from pyodide.http import open_url
exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())
H = [{"name": "get_weather", "description": "El tiempo de una ciudad", "input_schema": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}}]
modelo = ModeloReal(api="${api}", modelo="${modelo}", url_base="${e.api}/v1")
M = [("usuario", "¿Qué tiempo hace en San Francisco?")]
${resto || `r = modelo(M, H)
print(r.stop_reason, r.usage)
M += [("asistente", list(r)), ("usuario", [resultado(r[-1]["id"], "18 grados")])]
r = modelo(M, H)
print(r.stop_reason, r[0]["text"].strip())
ver_conversacion(modelo)`}`;

async function correr(p, codigo) {
  await p.locator('[data-celda="esquema"] .cm-content').click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText(codigo);
  return ejecutar(p, "esquema");
}

async function pagina() {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + LECCION);
  await esperarInterprete(p);
  return p;
}

async function activar(p, clave = CLAVE, recordar = false) {
  await p.getByLabel("Dejar que las celdas de esta página llamen a un modelo real").check();
  await p.getByLabel("Tu clave de la API").fill(clave);
  if (recordar) await p.getByLabel("Recordar la clave en este dispositivo").check();
}

test("off by default: a cell that tries says why, shows the panel, and nothing leaves the origin", async () => {
  const p = await pagina();
  const salida = await correr(p, celda("anthropic", "claude-haiku-4-5"));
  assert.match(salida, /ModeloNoDisponible: El modelo real está desactivado en esta página: actívalo en el recuadro «Modelo real»/);
  assert.equal(await p.locator(".modelo-real").count(), 1);
  assert.deepEqual(await registro(), []);
  assert.deepEqual(e.navegador.ajenas.lista, []);
  await p.close();
});

test("with the key, an Anthropic run: the SDK-valid body, the key headers, the reply drawn, the meter", async () => {
  const p = await pagina();
  await correr(p, celda("anthropic", "claude-haiku-4-5"));
  await activar(p);
  const salida = await correr(p, celda("anthropic", "claude-haiku-4-5"));
  assert.match(salida, /tool_use \{'input_tokens': 384, 'output_tokens': 70\}\nend_turn Hi! My name is Claude\./);
  const [a, b] = await registro();
  for (const r of [a, b]) {
    assert.equal(r.ruta, "/v1/messages");
    assert.equal(r.cabeceras["x-api-key"], CLAVE);
    assert.equal(r.cabeceras["anthropic-version"], "2023-06-01");
    assert.equal(r.cabeceras["anthropic-dangerous-direct-browser-access"], "true");
    assert.equal(r.cuerpo.max_tokens, 1024);
  }
  assert.equal(b.cuerpo.messages.at(-1).content[0].type, "tool_result");
  const vista = p.locator('[data-celda="esquema"] .salida .turnos');
  assert.match(await vista.innerText(), /get_weather[^]*Tokens \(contados por la API\): 2095 de entrada/);
  assert.equal(await p.locator('[data-celda="esquema"] .medidor').innerText(),
    "Modelo real: 2 llamadas, 2479 tokens de entrada y 573 de salida; gratis, en tu máquina."); // the stand-in is local
  assert.deepEqual(ajenas(), []);
  await p.close();
});

test("an OpenAI-compatible server: Bearer key, Chat Completions body, tool_calls read as tool_use", async () => {
  const antes = (await registro()).length;
  const p = await pagina();
  await correr(p, celda("anthropic", "claude-haiku-4-5")); // off: no call, and the panel shows
  await activar(p, "sk-or-prueba");
  const salida = await correr(p, celda("openai", "gpt-4o-mini"));
  assert.match(salida, /tool_use \{'input_tokens': 82, 'output_tokens': 17\}\nend_turn Hello there, how may I assist you today\?/);
  const [a, b] = (await registro()).slice(antes);
  assert.equal(a.ruta, "/v1/chat/completions");
  assert.equal(a.cabeceras.authorization, "Bearer sk-or-prueba");
  assert.equal(a.cabeceras["x-api-key"], undefined);
  assert.equal(b.cuerpo.messages.at(-1).role, "tool");
  await p.close();
});

test("with no key or offline: one sentence (Anthropic: before any call; a server that asks for one: at its 401); Ollama needs none", async () => {
  const p = await pagina();
  await correr(p, celda("anthropic", "claude-haiku-4-5"));
  await activar(p, "");
  const antes = (await registro()).length;
  const sinClave = /^ModeloNoDisponible: Falta tu clave de la API: escríbela en el recuadro «Modelo real» de esta página \(nunca en una celda\) y vuelve a ejecutar la celda\.$/m;
  assert.match(await correr(p, celda("anthropic", "claude-haiku-4-5")), sinClave);
  assert.equal((await registro()).length, antes, "Anthropic without a key: no call");
  assert.match(await correr(p, celda("openai", "gpt-4o-mini")), sinClave);
  const local = await correr(p, celda("openai", "llama3.2"));
  assert.match(local, /end_turn Hello there/);
  await correr(p, celda("openai", "llama3.2", "modelo(M, H)"));
  assert.equal(await p.locator('[data-celda="esquema"] .medidor').innerText(), "Modelo real: 1 llamada, 82 tokens de entrada y 17 de salida; gratis, en tu máquina.");
  assert.equal((await registro()).at(-1).cabeceras.authorization, undefined);
  assert.match(await p.locator('[data-celda="esquema"] .medidor').innerText(), /gratis, en tu máquina\.$/);
  await e.navegador.contexto.setOffline(true);
  try {
    // The names of the run above, as the course's .py files may not be in the cache yet.
    assert.match(await correr(p, "modelo(M, H)"), /^ModeloNoDisponible: No hay conexión a internet: el modelo real necesita red\. El modelo guionizado funciona sin ella\.$/m);
  } finally {
    await e.navegador.contexto.setOffline(false);
  }
  await p.close();
});

test("the API's errors (401, 429, 529) are ErrorDeLaAPI, and a run stops at its cap of calls, counted per run", async () => {
  const p = await pagina();
  await correr(p, celda("anthropic", "claude-haiku-4-5")); // off: no call, and the panel shows
  await activar(p, "mala");
  assert.match(await correr(p, celda("anthropic", "claude-haiku-4-5")), /ErrorDeLaAPI: HTTP 401, authentication_error: invalid x-api-key/);
  await p.getByLabel("Tu clave de la API").fill(CLAVE);
  assert.match(await correr(p, celda("anthropic", "limitado")), /ErrorDeLaAPI: HTTP 429, rate_limit_error: .* \(retry-after: 7 s\)/);
  assert.match(await correr(p, celda("anthropic", "sobrecargado")), /ErrorDeLaAPI: HTTP 529, overloaded_error: Overloaded/);
  const bucle = "for n in range(25):\n    modelo(M, H)";
  const salida = await correr(p, celda("anthropic", "claude-haiku-4-5", bucle));
  assert.match(salida, /ModeloNoDisponible: Esta ejecución ya ha hecho 20 llamadas al modelo real, el tope por ejecución/);
  assert.match(await p.locator('[data-celda="esquema"] .medidor').innerText(), /^Modelo real: 20 llamadas/);
  // The cap and the meter are the run's: the same cell run again starts both from nothing.
  assert.match(await correr(p, celda("anthropic", "claude-haiku-4-5")), /end_turn/);
  assert.match(await p.locator('[data-celda="esquema"] .medidor').innerText(), /^Modelo real: 2 llamadas, 2479 tokens/);
  await p.close();
});

test("Stop while a call waits: the run ends, and its late reply reaches no later run of the cell", async () => {
  const p = await pagina();
  await correr(p, celda("anthropic", "claude-haiku-4-5"));
  await activar(p);
  const esquema = p.locator('[data-celda="esquema"]');
  await p.locator('[data-celda="esquema"] .cm-content').click();
  await p.keyboard.press("Control+A");
  await p.keyboard.insertText(celda("anthropic", "lento", "modelo(M, H)"));
  await esquema.locator("button.ejecutar").click();
  while (!(await registro()).some((r) => r.cuerpo.model === "lento")) await p.waitForTimeout(100); // the call is out
  await esquema.locator("button.detener").click();
  await p.waitForFunction(() => !document.querySelector('[data-celda="esquema"]').classList.contains("ocupada"));
  await p.locator('[data-celda="esquema"] .cm-content').click();
  await p.keyboard.press("Control+A");
  await p.keyboard.insertText('nombre = input("¿Cómo te llamas? ")\nprint("Hola,", nombre)');
  await esquema.locator("button.ejecutar").click();
  const campo = esquema.locator("form.entrada input");
  await campo.waitFor();
  await p.waitForTimeout(3500); // the slow reply has come back by now
  assert.equal(await campo.isVisible(), true, "input() still waits for the learner");
  await campo.fill("Ana");
  await campo.press("Enter");
  await p.waitForFunction(() => !document.querySelector('[data-celda="esquema"]').classList.contains("ocupada"));
  assert.equal((await esquema.locator(".salida").innerText()).trim(), "¿Cómo te llamas? Ana\nHola, Ana");
  assert.equal(await esquema.locator(".medidor").count(), 0, "a run that calls no model shows no earlier run's meter");
  await p.close();
});

test("Comprobar keeps the scripted model: a submission that calls ModeloReal is told why not", async () => {
  const p = await e.navegador.contexto.newPage();
  await p.goto(e.servidor.origen + RETO);
  await esperarInterprete(p);
  await escribirEnReto(p, 'def observaciones(respuesta, entorno):\n    ModeloReal(modelo="m")([("usuario", "hola")], [])\n    return []\n');
  const { fallidas } = await comprobarReto(p);
  assert.match(fallidas[0].detalle, /ModeloReal solo llama a un modelo desde una celda/);
  await p.close();
});

// Every store a page writes, as text: localStorage, every IndexedDB record, every Cache Storage body.
const almacenes = (p) => p.evaluate(async () => {
  const textos = [JSON.stringify({ ...localStorage })];
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((r) => { const q = indexedDB.open(name); q.onsuccess = () => r(q.result); });
    for (const tienda of db.objectStoreNames) {
      const todos = await new Promise((r) => { const q = db.transaction(tienda).objectStore(tienda).getAll(); q.onsuccess = () => r(q.result); });
      textos.push(JSON.stringify(todos));
    }
    db.close();
  }
  for (const nombre of await caches.keys()) {
    const cache = await caches.open(nombre);
    for (const peticion of await cache.keys()) textos.push(peticion.url, await (await cache.match(peticion)).text());
  }
  return textos.join("\n");
});

test("after a run with a key, an export and a submission, the key is in no store, log or error; «recordar» keeps it in one", async () => {
  const consola = [];
  const oir = (x) => {
    x.on("console", (m) => consola.push(m.text()));
    x.on("pageerror", (err) => consola.push(String(err)));
    return x;
  };
  const p = oir(await pagina());
  await correr(p, celda("anthropic", "claude-haiku-4-5")); // off: no call, and the panel shows
  await activar(p);
  assert.match(await correr(p, celda("anthropic", "claude-haiku-4-5")), /end_turn/);
  const reto = oir(await e.navegador.contexto.newPage());
  await reto.goto(e.servidor.origen + RETO);
  await esperarInterprete(reto);
  await escribirEnReto(reto, "def observaciones(respuesta, entorno):\n    return []\n");
  await comprobarReto(reto);
  const indice = oir(await e.navegador.contexto.newPage());
  await indice.goto(e.servidor.origen + "/courses/llm-agents/");
  const exportado = readFileSync(await exportarProgreso(indice), "utf8");
  assert.ok(!exportado.includes(CLAVE));
  assert.ok(!(await almacenes(p)).includes(CLAVE));
  await p.getByLabel("Recordar la clave en este dispositivo").check();
  const guardado = await almacenes(p);
  assert.equal(guardado.split(CLAVE).length, 2, "exactly once");
  assert.equal(await p.evaluate(() => localStorage.getItem("modelo-real:clave")), CLAVE);
  assert.ok(!readFileSync(await exportarProgreso(indice), "utf8").includes(CLAVE));
  // A later visit: on, with the remembered key, and the panel under the cell to forget it.
  const despues = oir(await pagina());
  assert.match(await correr(despues, celda("anthropic", "claude-haiku-4-5")), /end_turn/);
  await despues.getByRole("button", { name: "Olvidar la clave" }).click();
  assert.equal(await despues.evaluate(() => localStorage.getItem("modelo-real:clave")), null);
  await despues.close();
  await p.getByRole("button", { name: "Olvidar la clave" }).click();
  assert.ok(!(await almacenes(p)).includes(CLAVE));
  // A provider whose error quotes the key (the stand-in quotes it whole): the cell reads «tu clave».
  const mala = "mala-sk-proj-0123456789abcdef";
  await p.getByLabel("Tu clave de la API").fill(mala);
  const error = await correr(p, celda("openai", "gpt-4o-mini"));
  assert.match(error, /ErrorDeLaAPI: HTTP 401, invalid_request_error: Incorrect API key provided: «tu clave»\./);
  assert.ok(!error.includes(mala));
  await p.evaluate(() => console.log("oído"));
  assert.ok(consola.includes("oído"), "the console is heard");
  for (const texto of [...consola, await p.locator("main").innerText()]) {
    assert.ok(!texto.includes(CLAVE) && !texto.includes(mala), texto);
  }
  for (const x of [p, reto, indice]) await x.close();
});

test("the meter prices a provider's model from the course's data, with its date", async () => {
  await e.navegador.contexto.route(`${LEJANA}/**`, async (ruta) =>
    ruta.fulfill({ response: await ruta.fetch({ url: ruta.request().url().replace(LEJANA, e.api) }) }));
  const p = await pagina();
  await correr(p, celda("anthropic", "claude-haiku-4-5"));
  await activar(p);
  await correr(p, celda("anthropic", "claude-haiku-4-5").replace(`${e.api}/v1`, `${LEJANA}/v1`));
  // 2479 input tokens at 1 US$ and 573 output tokens at 5 US$ per million (site/precios-modelos.json)
  assert.equal(await p.locator('[data-celda="esquema"] .medidor').innerText(),
    "Modelo real: 2 llamadas, 2479 tokens de entrada y 573 de salida; unos 0,0053 US$ (precios del 5 de diciembre de 2026).");
  await p.close();
});

// The same stand-in under an origin the build did not list (127.0.0.1 and localhost are two origins).
const noListada = () => e.api.replace("127.0.0.1", "localhost");

/** A listed origin answers; an unlisted one is refused by the page's policy before any request. */
async function soloLasListadas(p) {
  assert.match(await correr(p, celda("anthropic", "claude-haiku-4-5")), /end_turn Hi! My name is Claude\./);
  const antes = (await registro()).length;
  const salida = await correr(p, celda("anthropic", "claude-haiku-4-5").replace(`${e.api}/v1`, `${noListada()}/v1`));
  assert.match(salida, new RegExp(`ModeloNoDisponible: No se pudo llamar a ${noListada()}: .*connect-src`));
  assert.equal((await registro()).length, antes, "nothing reached the unlisted origin");
}

test("the build's --conectar list holds under serve.py's headers and on a host that sends none", async () => {
  const p = await pagina();
  await correr(p, celda("anthropic", "claude-haiku-4-5"));
  await activar(p);
  await soloLasListadas(p);
  await p.close();

  // Python's http.server: no headers at all, as GitHub Pages; the pages' <meta> holds the list on
  // the first load, and from the second the service worker adds the same policy to the worker's script.
  const sinCabeceras = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", e.dist],
    { stdio: ["ignore", "pipe", "ignore"] });
  const origen = await new Promise((resolver) => {
    let texto = "";
    sinCabeceras.stdout.on("data", (d) => {
      const m = (texto += d).match(/port (\d+)/);
      if (m) resolver(`http://127.0.0.1:${m[1]}`);
    });
  });
  const navegador = await abrirNavegador(origen, { soloAnotar: true });
  try {
    assert.equal((await fetch(origen + LECCION)).headers.get("content-security-policy"), null);
    const alcanza = (q, origen) => q.evaluate((u) => fetch(u).then(() => true, () => false), `${origen}/registro`);
    // First load: not isolated, so ModeloReal cannot wait for a reply at all; the <meta> policy holds.
    const q = await navegador.contexto.newPage();
    await q.goto(origen + LECCION);
    await esperarInterprete(q);
    assert.deepEqual([await alcanza(q, e.api), await alcanza(q, noListada())], [true, false]);
    await esperarServiceWorker(q);
    // Second load, through the service worker: isolated, ModeloReal calls, the list holds in the
    // page and in the worker that runs the cells (a cell's own request to an unlisted origin).
    await q.reload();
    await esperarInterprete(q);
    assert.equal(await q.evaluate(() => crossOriginIsolated), true);
    await correr(q, celda("anthropic", "claude-haiku-4-5"));
    await activar(q);
    await soloLasListadas(q);
    const desdeCelda = (u) => `from pyodide.http import open_url\ntry:\n    open_url("${u}/registro")\n    print("llegó")\nexcept Exception:\n    print("rechazada")`;
    assert.equal((await correr(q, desdeCelda(e.api))).trim(), "llegó");
    assert.equal((await correr(q, desdeCelda(noListada()))).trim(), "rechazada");
    await q.close();
  } finally {
    await navegador.cerrar();
    sinCabeceras.kill();
  }
});

// Evaluated through the DevTools protocol: the page's CSP refuses an inline <script> (accesibilidad.test.mjs).
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function auditar(p) {
  await p.evaluate(AXE);
  const violaciones = await p.evaluate(async () => (await axe.run(document)).violations);
  return violaciones.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} — ${n.failureSummary.replace(/\s+/g, " ")}`));
}

test("axe finds nothing with the panel open, a key typed, and a run drawn with its meter, at 1280 and 390 px", async () => {
  for (const width of [1280, 390]) {
    const p = await e.navegador.contexto.newPage();
    await p.setViewportSize({ width, height: 900 });
    await p.route(`${ANTHROPIC}/**`, async (ruta) =>
      ruta.fulfill({ response: await ruta.fetch({ url: ruta.request().url().replace(ANTHROPIC, e.api) }) }));
    await p.goto(e.servidor.origen + LECCION);
    await esperarInterprete(p);
    const real = celda("anthropic", "claude-haiku-4-5").replace(`, url_base="${e.api}/v1"`, "");
    await correr(p, real);
    assert.deepEqual(await auditar(p), [], `${width} px, the panel open`);
    const seccion = p.locator('[data-celda="esquema"]');
    if (process.env.CAPTURAS) await seccion.screenshot({ path: join(process.env.CAPTURAS, `modelo-real-apagado-${width}.png`) });
    await activar(p);
    assert.deepEqual(await auditar(p), [], `${width} px, a key typed`);
    assert.match(await correr(p, real), /end_turn Hi! My name is Claude\./);
    assert.match(await p.locator('[data-celda="esquema"] .medidor').innerText(), /unos 0,0053 US\$/);
    assert.deepEqual(await auditar(p), [], `${width} px, a run drawn`);
    assert.ok(await seccion.evaluate((s) => s.scrollWidth <= s.clientWidth + 1), `${width} px: nothing wider than the cell`);
    if (process.env.CAPTURAS) await seccion.screenshot({ path: join(process.env.CAPTURAS, `modelo-real-${width}.png`) });
    await p.close();
  }
});
