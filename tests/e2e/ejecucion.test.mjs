// A cell shows what it does: a running indicator with the elapsed time, then its
// run number; Stop during time.sleep keeps the namespace; input() is answered in
// a field under the cell, and Stop while it waits keeps the namespace too; the
// first visit's download bar is true, monotonic and shown once; a first visit leaves the
// memory snapshot to a worker of its own, after its first output; the worker's own Python
// is real files, before the memory snapshot and after it.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { servidorYNavegador } from "./montaje.mjs";
import { abrirNavegador, ejecutar, esperarInstantanea, esperarInterprete, LECCION, OTRA } from "./ayuda.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const CELDA = '[data-celda="hola"]';

async function abrir() {
  const p = await e.navegador.contexto.newPage();
  p.errores = [];
  p.on("pageerror", (x) => p.errores.push(x));
  await p.goto(e.servidor.origen + OTRA);
  await esperarInterprete(p);
  return p;
}

async function escribir(p, texto) {
  await p.locator(`${CELDA} .cm-content`).click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText(texto);
}

const libre = (p) => p.waitForFunction((s) => !document.querySelector(s).classList.contains("ocupada"), CELDA, { timeout: 30_000 });
const salida = (p) => p.locator(`${CELDA} .salida`).innerText();

test("the grader's modules in the worker are files, whose lines tracebacks show, also after the snapshot", async () => {
  const codigo = "import calificador, linecache\n" +
    "print(calificador.__file__, linecache.getline(calificador.__file__, 1).startswith('\"\"\"'))";
  const p = await abrir();
  await escribir(p, codigo);
  assert.equal((await ejecutar(p, "hola")).trim(), "/curso/calificador.py True");
  await esperarInstantanea(p);
  const q = await abrir(); // the saved edit, in a worker restored from the snapshot
  assert.equal(await q.evaluate(() => document.documentElement.dataset.arranque), "instantanea");
  assert.equal((await ejecutar(q, "hola")).trim(), "/curso/calificador.py True");
  await q.locator(`${CELDA} button.restaurar`).click();
  await Promise.all([p.close(), q.close()]);
});

test("a running cell says so with the elapsed time, then shows its run number, output or not", async () => {
  const p = await abrir();
  await escribir(p, "import time\ntime.sleep(1.5)");
  await p.locator(`${CELDA} button.ejecutar`).click();
  await p.waitForFunction((s) => /Ejecutando… 1 s/.test(document.querySelector(`${s} .indicador`).textContent), CELDA);
  await libre(p);
  const primera = await p.locator(`${CELDA} .indicador`).innerText();
  assert.match(primera, /^\[\d+\]$/);
  await escribir(p, "x = 1");
  await p.locator(`${CELDA} button.ejecutar`).click();
  await libre(p);
  assert.equal(await p.locator(`${CELDA} .indicador`).innerText(), `[${Number(primera.slice(1, -1)) + 1}]`);
  assert.equal(await salida(p), "");
  await p.locator(`${CELDA} button.restaurar`).click();
  await p.close();
});

test("Stop during time.sleep interrupts at once and keeps the variables", async () => {
  const p = await abrir();
  await escribir(p, "guardada = 41\nimport time\ntime.sleep(30)");
  await p.locator(`${CELDA} button.ejecutar`).click();
  await p.waitForFunction((s) => /Ejecutando/.test(document.querySelector(`${s} .indicador`).textContent), CELDA);
  await p.waitForTimeout(300);
  const t0 = Date.now();
  await p.locator(`${CELDA} button.detener`).click();
  await libre(p);
  assert.ok(Date.now() - t0 < 900, `Stop took ${Date.now() - t0} ms`);
  assert.match(await salida(p), /Ejecución detenida\. Las variables definidas hasta ahora se conservan\./);
  await escribir(p, "print(guardada + 1)");
  await p.locator(`${CELDA} button.ejecutar`).click();
  await libre(p);
  assert.equal((await salida(p)).trim(), "42");
  await p.locator(`${CELDA} button.restaurar`).click();
  await p.close();
});

test("input() is answered in a field under the cell; Stop while it waits keeps the namespace", async () => {
  const p = await abrir();
  await escribir(p, 'antes = "sí"\nnombre = input("¿Cómo te llamas? ")\nprint("Hola,", nombre)');
  await p.locator(`${CELDA} button.ejecutar`).click();
  const campo = p.locator(`${CELDA} form.entrada input`);
  await campo.waitFor();
  assert.equal(await p.locator(`${CELDA} form.entrada label`).innerText(), "¿Cómo te llamas?");
  assert.equal(await p.evaluate(() => document.activeElement.closest("form")?.className), "entrada");
  await campo.fill("Ana");
  await campo.press("Enter");
  await libre(p);
  assert.equal((await salida(p)).trim(), "¿Cómo te llamas? Ana\nHola, Ana");
  assert.equal(await p.locator(`${CELDA} form.entrada`).count(), 0);

  await p.locator(`${CELDA} button.ejecutar`).click();
  await campo.waitFor();
  await p.locator(`${CELDA} button.detener`).click();
  await libre(p);
  assert.equal(await p.locator(`${CELDA} form.entrada`).count(), 0);
  assert.match(await salida(p), /Ejecución detenida/);
  await escribir(p, "print(antes)");
  await p.locator(`${CELDA} button.ejecutar`).click();
  await libre(p);
  assert.equal((await salida(p)).trim(), "sí");
  assert.deepEqual(p.errores, []);
  await p.locator(`${CELDA} button.restaurar`).click();
  await p.close();
});

test("a first visit boots without a snapshot; a worker of its own takes it after the first output, and the next visit boots from it", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    const p = await otro.contexto.newPage();
    const trabajadores = [];
    p.on("worker", (w) => trabajadores.push(new URL(w.url()).pathname));
    await p.goto(e.servidor.origen + LECCION);
    await esperarInterprete(p);
    assert.equal(await p.evaluate(() => document.documentElement.dataset.arranque), "red");
    await p.waitForTimeout(1500); // booted, nothing run yet: the page's worker alone, no snapshot
    assert.equal(trabajadores.length, 1, "a second worker started before the first output");
    await assert.rejects(esperarInstantanea(p, 0), /no se guardó/, "a snapshot was stored before the first output");
    assert.match(await ejecutar(p, "cargar"), /tool_use t1 leer/);
    await esperarInstantanea(p);
    assert.equal(trabajadores.length, 2);
    assert.equal(trabajadores[1], trabajadores[0], "the snapshot comes from the same worker script");
    const q = await otro.contexto.newPage();
    await q.goto(e.servidor.origen + LECCION);
    await esperarInterprete(q);
    assert.equal(await q.evaluate(() => document.documentElement.dataset.arranque), "instantanea");
    assert.match(await ejecutar(q, "cargar"), /tool_use t1 leer/);
  } finally {
    await otro.cerrar();
  }
});

test("first visit: the download bar only goes up, says when it is preparing, and never comes back", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    const p = await otro.contexto.newPage();
    await p.addInitScript(() => {
      window.__barra = [];
      const mirar = () => {
        const b = document.querySelector("#estado progress");
        if (b) window.__barra.push({ oculta: b.hidden, valor: b.hasAttribute("value") ? b.value : null, texto: document.querySelector(".estado-detalle").textContent });
        setTimeout(mirar, 50);
      };
      mirar();
    });
    await p.goto(e.servidor.origen + LECCION);
    await esperarInterprete(p);
    await p.locator('[data-celda="cargar"] .cm-content').click();
    await p.keyboard.press("Control+A");
    await p.keyboard.press("Delete");
    await p.keyboard.insertText("import jsonschema\nprint(jsonschema.__name__)");
    await p.locator('[data-celda="cargar"] button.ejecutar').click();
    await p.waitForFunction(() => /jsonschema/.test(document.querySelector('[data-celda="cargar"] .salida').textContent), null, { timeout: 60_000 });
    await p.waitForTimeout(500);
    const barra = await p.evaluate(() => window.__barra);
    const valores = barra.filter((x) => !x.oculta && x.valor !== null).map((x) => x.valor);
    assert.ok(valores.length > 0, "the bar never showed");
    assert.deepEqual(valores, [...valores].sort((a, b) => a - b), "the bar went back");
    const visible = barra.map((x) => !x.oculta);
    const tramos = visible.filter((v, i) => v && !visible[i - 1]).length;
    assert.equal(tramos, 1, "the bar appeared more than once");
    assert.ok(barra.some((x) => x.texto === "Preparando el intérprete…" || x.oculta), "no preparing phase");
    await p.locator('[data-celda="cargar"] button.restaurar').click();
  } finally {
    await otro.cerrar();
  }
});

test("on a phone's first visit nothing downloads until the first Run, the page says so, and cells run", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    const p = await otro.contexto.newPage();
    await p.setViewportSize({ width: 360, height: 740 });
    const pedidas = [];
    p.on("request", (r) => pedidas.push(new URL(r.url()).pathname));
    await p.goto(e.servidor.origen + LECCION);
    await p.locator('[data-celda="cargar"] button.ejecutar:not([disabled])').waitFor();
    await p.waitForTimeout(1000);
    assert.deepEqual(pedidas.filter((r) => r.startsWith("/pyodide/")), [], "the interpreter downloaded before any Run");
    assert.match(await p.locator(".estado-texto").innerText(), /^El intérprete \(unos [\d,]+ MB\) se descarga con tu primera celda y queda guardado\.$/);
    assert.equal(await p.evaluate(() => document.body.innerText.match(/se descarga/g).length), 1, "one notice of the download");
    await p.locator('[data-celda="cargar"] button.ejecutar').click();
    await p.waitForFunction(() => /ModeloGuionizado/.test(document.querySelector('[data-celda="cargar"] .salida').textContent), null, { timeout: 90_000 });
    assert.ok(pedidas.some((r) => r.endsWith(".wasm")));
  } finally {
    await otro.cerrar();
  }
});
