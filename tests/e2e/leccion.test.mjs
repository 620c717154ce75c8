// A lesson page in Chromium against the real server: cells, tracebacks, Stop,
// dependencies between cells, saved edits, output limits, keyboard, layout.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { servidorYNavegador } from "./montaje.mjs";
import { ejecutar, esperarInterprete, LECCION, OTRA } from "./ayuda.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());

async function abrir(ruta) {
  const pagina = await e.navegador.contexto.newPage();
  const errores = [];
  pagina.on("pageerror", (e) => errores.push(e));
  await pagina.goto(e.servidor.origen + ruta);
  pagina.errores = errores;
  return pagina;
}

test("a cell execs guionizado.py and entorno.py through open_url and prints", async () => {
  const p = await abrir(LECCION);
  assert.equal(await p.evaluate(() => crossOriginIsolated), true);
  const salida = await ejecutar(p, "cargar");
  assert.equal(salida.trim(), 'ModeloGuionizado\ntool_use t1 leer {"ruta": "lista.txt"}');
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("running a cell first runs the cells it uses, and says so", async () => {
  const p = await abrir(LECCION);
  const salida = await ejecutar(p, "usar");
  assert.match(salida, /Antes se ejecutaron Celda 1/);
  assert.match(salida, /tool_result t1 pan, leche, patatas/);
  assert.match(await p.locator('[data-celda="cargar"] .salida').innerText(), /ModeloGuionizado/);
  await p.close();
});

test("an exception shows a traceback trimmed to the cell, with its line marked and what it means under it", async () => {
  const p = await abrir(LECCION);
  await ejecutar(p, "fallo");
  const traza = await p.locator('[data-celda="fallo"] .salida .traza').innerText();
  assert.match(traza, /^Traceback \(most recent call last\):\n {2}File "<celda 3>", line 4, in <module>/);
  assert.match(traza, /File "<celda 3>", line 2, in primera_linea\n {4}return leer\(ENTORNO, ruta\)/);
  assert.match(traza, /KeyError: 'no-existe.txt'\s*$/);
  // py/explicaciones.py's line, right under Python's own message, names in code.
  const explicacion = p.locator('[data-celda="fallo"] .salida .traza + .explicacion');
  assert.equal(await explicacion.innerText(), "leer() ha buscado la clave 'no-existe.txt' en un diccionario que le " +
    "pasas, y no está: mira qué claves tiene (con .keys()) antes de llamarla.");
  // No runtime frames: not Pyodide's, not the exec'd library, not the worker's helper.
  assert.doesNotMatch(traza, /pyodide|_base\.py|<string>|<exec>|<ejecutor>|\/lib\/python/);
  assert.equal(await p.locator('[data-celda="fallo"] .cm-linea-error').count(), 1);
  await p.close();
});

test("a schema the data break shows its first line and the rule in Spanish; a course function a cell covered says how to get it back", async () => {
  const p = await abrir(LECCION);
  await esperarInterprete(p);
  const escribir = async (texto) => {
    await p.locator('[data-celda="esquema"] .cm-content').click();
    await p.keyboard.press("Control+A");
    await p.keyboard.insertText(texto);
  };
  await escribir('import jsonschema\njsonschema.validate({}, HERRAMIENTAS[0]["input_schema"])\n');
  await ejecutar(p, "esquema");
  const traza = await p.locator('[data-celda="esquema"] .salida .traza').innerText();
  assert.match(traza, /ValidationError: 'ruta' is a required property\s*$/);
  assert.doesNotMatch(traza, /Failed validating|On instance/); // not the schema and the value, dumped whole
  assert.equal(await p.locator('[data-celda="esquema"] .explicacion').innerText(),
    "Los datos no cumplen el esquema: falta el campo ruta, que el esquema pide (required).");
  await escribir("resultado = leer(ENTORNO, 'lista.txt')\nprint(resultado('t1', 'hola'))\n");
  await ejecutar(p, "esquema");
  assert.equal(await p.locator('[data-celda="esquema"] .explicacion').innerText(),
    "resultado era una función del curso, y esta celda le ha dado otro valor en su línea 1: cambia allí ese nombre " +
    "y ejecuta otra vez la Celda 1, que carga el curso, para recuperar resultado.");
  await p.locator('[data-celda="esquema"] button.restaurar').click();
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("a name an earlier cell defines, used before that cell ran, says which cell and its :usa:", async () => {
  const p = await abrir(LECCION);
  await esperarInterprete(p);
  const explicacion = (id) => p.locator(`[data-celda="${id}"] .explicacion`).innerText();
  // Until a cell fails, the worker has not imported py/explicaciones.py: the boot does not pay for it.
  const cargada = async () => {
    await escribirEnCelda(p, "bucle", "import sys\nprint('explicaciones' in sys.modules)");
    return (await ejecutar(p, "bucle")).trim();
  };
  assert.equal(await cargada(), "False");
  // Nothing else has run: "bucle" (Celda 4, no :usa:) names a class of the course's files, which Celda 1 exec()s.
  await escribirEnCelda(p, "bucle", "ModeloGuionizado([])");
  await ejecutar(p, "bucle");
  assert.equal(await explicacion("bucle"), "ModeloGuionizado se define en la Celda 1: ejecútala antes que esta " +
    "(o, si escribes la lección, pon :usa: cargar en esta celda).");
  assert.deepEqual(await p.locator('[data-celda="bucle"] .explicacion code').allInnerTexts(), ["ModeloGuionizado", ":usa: cargar"]);
  assert.match(await p.locator('[data-celda="bucle"] .traza').innerText(), /NameError: name 'ModeloGuionizado' is not defined\s*$/);
  assert.equal(await cargada(), "True");
  // "esquema" (Celda 6) runs "cargar" first (its :usa:), and names what "bucle" defines, as edited now.
  await escribirEnCelda(p, "bucle", "def otra_cosa():\n    pass");
  await escribirEnCelda(p, "esquema", "print(otra_cosa)");
  await ejecutar(p, "esquema");
  assert.match(await explicacion("esquema"), /^otra_cosa se define en la Celda 4: ejecútala antes que esta .*:usa: bucle/);
  await escribirEnCelda(p, "esquema", "print(vueltass)");
  await ejecutar(p, "esquema");
  assert.equal(await explicacion("esquema"),
    "Ni esta celda ni las anteriores definen vueltass: revisa cómo lo has escrito, o dale valor antes de usarlo.");
  for (const id of ["bucle", "esquema"]) await p.locator(`[data-celda="${id}"] button.restaurar`).click();
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("a SyntaxError points at the cell's line", async () => {
  const p = await abrir(OTRA);
  await esperarInterprete(p);
  await escribirEnCelda(p, "hola", 'x = 1\nprint("a"\ny = 2');
  const salida = await ejecutar(p, "hola");
  assert.match(salida, /File "<celda 1>", line 2/);
  assert.match(salida, /SyntaxError/);
  await p.locator('[data-celda="hola"] button.restaurar').click();
  await p.close();
});

test("Stop ends `while True` within half a second and keeps the namespace", async () => {
  const p = await abrir(LECCION);
  await ejecutar(p, "cargar");
  await p.locator('[data-celda="bucle"] button.ejecutar').click();
  await p.waitForFunction(() => document.querySelector('[data-celda="bucle"] .salida').textContent.includes("En cola") === false);
  await p.waitForTimeout(700); // let it spin
  const ms = await p.evaluate(() => new Promise((resolver) => {
    const seccion = document.querySelector('[data-celda="bucle"]');
    const t0 = performance.now();
    new MutationObserver(() => {
      if (!seccion.classList.contains("ocupada")) resolver(performance.now() - t0);
    }).observe(seccion, { attributes: true });
    seccion.querySelector("button.detener").click();
  }));
  assert.ok(ms < 500, `Stop took ${ms} ms`);
  assert.match(await p.locator('[data-celda="bucle"] .salida').innerText(), /Ejecución detenida\. Las variables/);
  const despues = await ejecutar(p, "despues");
  assert.doesNotMatch(despues, /Antes se ejecutaron/); // no restart happened
  const m = despues.match(/ModeloGuionizado\nEl bucle dio (\d+) vueltas/);
  assert.ok(m && Number(m[1]) > 0, despues);
  await p.close();
});

async function escribirEnCelda(p, id, texto) {
  const editor = p.locator(`[data-celda="${id}"] .cm-content`);
  await editor.click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText(texto);
}

test("an edit survives a reload; Restore brings the original back", async () => {
  const p = await abrir(OTRA);
  await escribirEnCelda(p, "hola", 'print("editado antes de recargar")');
  await p.reload();
  const editor = p.locator('[data-celda="hola"] .cm-content');
  assert.equal(await editor.innerText(), 'print("editado antes de recargar")');
  assert.match(await ejecutar(p, "hola"), /editado antes de recargar/);
  await p.locator('[data-celda="hola"] button.restaurar').click();
  await p.reload();
  assert.match(await editor.innerText(), /nombre = "Ana"/);
  await p.close();
});

test("keyboard only: Shift+Enter runs the cell, Tab indents, Escape then Tab leaves the editor", async () => {
  const p = await abrir(OTRA);
  await esperarInterprete(p);
  await p.locator('[data-celda="hola"] .cm-content').focus();
  await p.keyboard.press("Shift+Enter");
  await p.waitForFunction(() => document.querySelector('[data-celda="hola"] .salida').textContent.includes("Hola, Ana"));
  await p.keyboard.press("Escape");
  await p.keyboard.press("Tab");
  const foco = () => p.evaluate(() => [document.activeElement.tagName, document.activeElement.className]);
  assert.deepEqual(await foco(), ["PRE", "salida"]); // the cell's output: it scrolls, so it takes focus
  await p.keyboard.press("Tab");
  assert.deepEqual(await foco(), ["BUTTON", "ejecutar"]); // the next cell's Run button
  await p.close();
});

test("output streams in while the cell is still running", async () => {
  const p = await abrir(OTRA);
  await esperarInterprete(p);
  await p.locator('[data-celda="poco-a-poco"] button.ejecutar').click();
  // "paso 0" shows while the cell is still busy sleeping before "paso 2".
  await p.waitForFunction(() => {
    const s = document.querySelector('[data-celda="poco-a-poco"]');
    return s.classList.contains("ocupada") && s.querySelector(".salida").textContent.includes("paso 0");
  }, null, { timeout: 10_000 });
  assert.doesNotMatch(await p.locator('[data-celda="poco-a-poco"] .salida').innerText(), /paso 2/);
  await p.waitForFunction(() => !document.querySelector('[data-celda="poco-a-poco"]').classList.contains("ocupada"));
  assert.match(await p.locator('[data-celda="poco-a-poco"] .salida').innerText(), /paso 0\npaso 1\npaso 2/);
  await p.close();
});

test("a flood of output is capped with a note and the page stays usable", async () => {
  const p = await abrir(OTRA);
  const salida = await ejecutar(p, "mucha-salida", { espera: 120_000 });
  assert.match(salida, /\[Salida recortada: se omitieron [\d.\s]+ líneas/);
  assert.ok(salida.length < 600_000, `${salida.length} characters kept`);
  const alaVista = await p.evaluate(() => { // scrolled to the top, the note still shows at the box's foot
    const caja = document.querySelector('[data-celda="mucha-salida"] .salida');
    caja.scrollTop = 0;
    const [a, b] = [caja.getBoundingClientRect(), caja.querySelector(".recortada").getBoundingClientRect()];
    return b.top >= a.top && b.bottom <= a.bottom + 1;
  });
  assert.ok(alaVista, "the cut note is out of sight");
  const t0 = Date.now();
  assert.match(await ejecutar(p, "hola"), /Hola, Ana/);
  assert.ok(Date.now() - t0 < 5000);
  await p.close();
});

test("one print of 20 MB is cut inside the write: the page gets the cap's share and its note, and runs the next cell", async () => {
  const p = await abrir(OTRA);
  await escribirEnCelda(p, "hola", 'print("z" * 20_000_000)');
  const salida = await ejecutar(p, "hola", { espera: 120_000 });
  assert.ok(salida.length < 300_000, `${salida.length} characters in the cell`); // 256 KB, not 20 MB
  assert.match(salida.slice(0, 100), /^z{100}$/);
  assert.match(salida.slice(-200), /z\n\[Salida recortada: se omitieron 19275 KB\. La celda siguió ejecutándose\.\]\s*$/);
  assert.ok(await p.evaluate(() => document.body.textContent.length) < 400_000);
  await escribirEnCelda(p, "hola", 'print("sigue")');
  assert.equal((await ejecutar(p, "hola")).trim().split("\n")[0], "sigue");
  await p.evaluate(() => localStorage.clear()); // the cell's original for the tests after this one
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("the lesson's input() cell asks in a field under it", async () => {
  const p = await abrir(OTRA);
  await esperarInterprete(p);
  await p.locator('[data-celda="entrada"] button.ejecutar').click();
  await p.locator('[data-celda="entrada"] form.entrada input').fill("Ana");
  await p.keyboard.press("Enter");
  await p.waitForFunction(() => /Hola, Ana/.test(document.querySelector('[data-celda="entrada"] .salida').textContent));
  assert.equal((await p.locator('[data-celda="entrada"] .salida').innerText()).trim(), "¿Cómo te llamas? Ana\nHola, Ana");
  await p.close();
});

test("at 360 px nothing scrolls sideways; dark mode applies", async () => {
  const p = await e.navegador.contexto.newPage({});
  await p.setViewportSize({ width: 360, height: 740 });
  await p.emulateMedia({ colorScheme: "dark" });
  await p.goto(e.servidor.origen + LECCION);
  await esperarInterprete(p);
  assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 360), "horizontal scroll at 360 px");
  const fondo = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(fondo, "rgb(22, 24, 27)");
  await p.close();
});
