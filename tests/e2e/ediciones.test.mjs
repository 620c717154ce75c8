// Edits that know their original: a cell and a challenge edited on one build, then the lesson
// rebuilt with both originals (and a question's options) changed. The page says so, keeps the
// learner's code until they choose, shows both versions side by side, and saves the choice;
// an export of the old build, imported into the new one, does the same. The comparison's chunk
// is not loaded before the learner opens one, and comes from the offline cache.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { arrancarServidor, abrirNavegador, esperarInterprete, esperarServiceWorker, RAIZ, PYTHON } from "./ayuda.mjs";

const LLAMAR = "/courses/llm-agents/llamar-herramientas/";
const INDICE = "/courses/llm-agents/";
const CLAVE = "curso-agentes:llm-agents/llamar-herramientas:";
const CELDA = '[data-celda="a-ciegas"]';
const PREGUNTA = '[data-pregunta="orden-resultados"]';
const MIO_CELDA = "# mi cambio en la celda";
const MIO_RETO = "# mi cambio en el reto";

let dir, servidor, navegador, exportado;
const construir = () => {
  const r = spawnSync(PYTHON, [join(RAIZ, "build.py"), "--lecciones", "lessons", "--salida", "dist"], { cwd: dir, encoding: "utf-8" });
  assert.equal(r.status, 0, r.stderr);
};
/** The author republishes: the cell's code, the challenge's PLANTILLA and a question's option change. */
function cambiarOriginales() {
  const cambiar = (nombre, de, a) => {
    const ruta = join(dir, "lessons", "llm-agents", nombre);
    const texto = readFileSync(ruta, "utf-8");
    assert.ok(texto.includes(de), `${nombre}: ${de}`);
    writeFileSync(ruta, texto.replace(de, a));
  };
  cambiar("llamar-herramientas.md", "entorno = dict(ENTORNO)  # una copia", "entorno = dict(ENTORNO)  # VERSIÓN NUEVA: una copia");
  cambiar("llamar-herramientas.md", "- [ ] `asistente ['text', 'tool_use']\\nusuario ['tool_result']`",
    "- [ ] `asistente ['tool_use']\\nusuario ['tool_result']`");
  cambiar("llamar-herramientas.reto.py", "PLANTILLA = '''\\\n", "PLANTILLA = '''\\\n# VERSIÓN NUEVA del reto\n");
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "ediciones-"));
  cpSync(join(RAIZ, "lessons"), join(dir, "lessons"), { recursive: true });
  construir();
  servidor = await arrancarServidor(join(dir, "dist"));
  navegador = await abrirNavegador(servidor.origen);
});
after(async () => {
  await navegador?.cerrar();
  servidor?.parar();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => navegador.ajenas.comprobar());

async function abrir(contexto, ruta = LLAMAR, tamano) {
  const p = await contexto.newPage();
  p.errores = [];
  p.on("pageerror", (x) => p.errores.push(x));
  p.pedidas = [];
  p.on("request", (r) => p.pedidas.push(r.url()));
  if (tamano) await p.setViewportSize(tamano);
  await p.goto(servidor.origen + ruta);
  if (ruta === LLAMAR) await p.locator(".reto .editor .cm-content").waitFor();
  return p;
}
const editor = (p, sitio) => p.locator(`${sitio} .editor .cm-content`);
// An editor's whole text, from its EditorView (found as EditorView.findFromDOM does), not as drawn.
const texto = (p, sitio) => p.evaluate((s) => document.querySelector(`${s} .editor .cm-content`).cmTile.root.view.state.doc.toString(), sitio);
const guardado = (p, id) => p.evaluate((k) => localStorage.getItem(k), CLAVE + id);
const franja = (p, sitio) => p.locator(`${sitio} .edicion`);
const original = (p, tipo) => p.evaluate((tipo) => {
  const d = JSON.parse(document.getElementById("datos").textContent);
  return tipo === "celda" ? d.celdas.find((c) => c.id === "a-ciegas") : d.retos[0];
}, tipo);

async function escribirAlFinal(p, sitio, linea) {
  await editor(p, sitio).click();
  await p.keyboard.press("Control+End");
  await p.keyboard.insertText(`\n${linea}`);
}

/** The comparison's two sides, as shown: [the lesson's, the learner's], with their names. */
async function lados(p, sitio) {
  const c = p.locator(`${sitio} .comparacion`);
  await c.locator(".cm-mergeView").waitFor();
  return c.evaluate((n) => {
    const doc = (lado) => n.querySelector(`.cm-merge-${lado} .cm-content`).cmTile.root.view.state.doc.toString();
    return { nombres: [...n.querySelectorAll(".comparacion-lados > span")].map((s) => s.textContent), a: doc("a"), b: doc("b") };
  });
}

/** The next visit gets the new build: without this, the service worker serves the old one. */
async function olvidarServiceWorker(p) {
  await esperarInterprete(p);
  await esperarServiceWorker(p);
  await p.evaluate(async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const k of await caches.keys()) if (k.startsWith("curso-")) await caches.delete(k);
  });
}

test("an edit says «modificada», shows its changes, and survives a new original until the learner chooses", async () => {
  const p = await abrir(navegador.contexto);
  assert.equal(await franja(p, CELDA).isHidden(), true, "an untouched cell says nothing");
  await escribirAlFinal(p, CELDA, MIO_CELDA);
  await escribirAlFinal(p, ".reto", MIO_RETO);
  await p.waitForFunction((k) => localStorage.getItem(k + "a-ciegas") && localStorage.getItem(k + "reto-llamar-herramientas"), CLAVE);
  const celda1 = await original(p, "celda");
  assert.deepEqual(JSON.parse(await guardado(p, "a-ciegas")), { texto: celda1.codigo + `\n${MIO_CELDA}`, huella: celda1.huella });
  assert.equal(await franja(p, CELDA).getAttribute("data-estado"), "modificada");
  assert.match(await franja(p, CELDA).innerText(), /^Modificada: tu código es distinto del original/);
  assert.match(await franja(p, ".reto").innerText(), /^Modificada: tu solución es distinta/);
  assert.equal(await p.locator(`${CELDA} .edicion-nueva`).isHidden(), true);
  assert.deepEqual(p.pedidas.filter((u) => /\/static\/comparar\./.test(u)), [], "the comparison's chunk waits for a comparison");

  const ver = p.locator(`${CELDA} button.edicion-ver`);
  assert.equal(await ver.getAttribute("aria-expanded"), "false");
  await ver.click();
  const vistos = await lados(p, CELDA);
  assert.deepEqual(vistos.nombres, ["Original de la lección", "Tu versión"]);
  assert.equal(vistos.a, celda1.codigo);
  assert.equal(vistos.b, celda1.codigo + `\n${MIO_CELDA}`);
  assert.equal(await ver.getAttribute("aria-expanded"), "true");
  await ver.click();
  assert.equal(await p.locator(`${CELDA} .comparacion`).isHidden(), true);

  await p.locator(`${PREGUNTA} input[value="0"]`).check();
  await p.locator(`${PREGUNTA} button.comprobar-pregunta`).click();
  await olvidarServiceWorker(p);
  const indice = await abrir(navegador.contexto, INDICE);
  const fila = '[data-leccion="llamar-herramientas"] .progreso';
  await indice.locator(`${fila}:not(:empty)`).waitFor();
  assert.match(await indice.locator(fila).innerText(), /Preguntas acertadas: 1 de/);
  const [descarga] = await Promise.all([indice.waitForEvent("download"), indice.locator("button.exportar").click()]);
  exportado = join(dir, "progreso.json");
  await descarga.saveAs(exportado);
  assert.equal(JSON.parse(readFileSync(exportado, "utf-8")).version, 3);
  await indice.close();
  await p.close();

  cambiarOriginales();
  construir();
  const q = await abrir(navegador.contexto);
  const celda2 = await original(q, "celda");
  assert.notEqual(celda2.huella, celda1.huella);
  for (let vez = 0; vez < 2; vez++) { // and again after a reload: the notice stays until a choice
    assert.equal(await franja(q, CELDA).getAttribute("data-estado"), "desfasada");
    assert.match(await franja(q, CELDA).innerText(), /^La lección ha cambiado el código de esta celda desde que lo editaste/);
    assert.match(await franja(q, ".reto").innerText(), /^La lección ha cambiado el código con el que empieza este reto/);
    assert.equal(await texto(q, CELDA), celda1.codigo + `\n${MIO_CELDA}`, "nothing lost before choosing");
    assert.match(await texto(q, ".reto"), new RegExp(`${MIO_RETO}$`));
    assert.equal(JSON.parse(await guardado(q, "a-ciegas")).huella, celda1.huella);
    if (vez === 0) {
      // The question's options changed: its old answer is forgotten, and the page says why.
      assert.match(await q.locator(`${PREGUNTA} .pregunta-resultado`).innerText(), /^Esta pregunta ha cambiado desde que la respondiste/);
      assert.equal(await q.locator(`${PREGUNTA} input:checked`).count(), 0);
      assert.equal(await guardado(q, "pregunta-orden-resultados"), null);
      await q.reload();
      await q.locator(".reto .editor .cm-content").waitFor();
    }
  }
  assert.equal(await q.locator(`${PREGUNTA} .pregunta-resultado`).innerText(), "");

  await q.locator(`${CELDA} button.edicion-ver`).click();
  const ambos = await lados(q, CELDA);
  assert.deepEqual(ambos.nombres, ["Versión nueva de la lección", "Tu versión"]);
  assert.match(ambos.a, /VERSIÓN NUEVA/);
  assert.equal(ambos.b, celda1.codigo + `\n${MIO_CELDA}`);
  await q.locator(`${CELDA} button.edicion-nueva`).click();
  assert.equal(await texto(q, CELDA), celda2.codigo);
  assert.match(await q.locator(`${CELDA} .edicion-hecho`).innerText(), /^Ahora la celda tiene el código nuevo/);
  assert.equal(await q.evaluate(() => document.activeElement.className), "edicion-hecho");
  assert.equal(await guardado(q, "a-ciegas"), null, "the original is not saved: the choice is the lack of an edit");
  await editor(q, CELDA).click();
  await q.keyboard.press("Control+z");
  assert.equal(await texto(q, CELDA), celda1.codigo + `\n${MIO_CELDA}`, "Ctrl+Z brings the learner's back, as the page says");
  await q.locator(`${CELDA} button.restaurar`).click();

  const reto2 = await original(q, "reto");
  await q.locator(".reto button.edicion-mia").click();
  assert.match(await q.locator(".reto .edicion-hecho").innerText(), /^Te quedas con tu versión/);
  assert.equal(await franja(q, ".reto").getAttribute("data-estado"), "modificada");
  assert.deepEqual(JSON.parse(await guardado(q, "reto-llamar-herramientas")).huella, reto2.huella);

  await q.reload();
  await q.locator(".reto .editor .cm-content").waitFor();
  assert.equal(await franja(q, CELDA).isHidden(), true);
  assert.equal(await texto(q, CELDA), celda2.codigo);
  assert.equal(await franja(q, ".reto").getAttribute("data-estado"), "modificada");
  assert.match(await texto(q, ".reto"), new RegExp(`${MIO_RETO}$`));
  assert.deepEqual([...q.errores], []);
  await q.close();
});

test("an export of the old build, imported into the new one, brings the same notice and choices", async () => {
  assert.ok(exportado, "needs the first test's export");
  const otro = await abrirNavegador(servidor.origen);
  try {
    const i = await abrir(otro.contexto, INDICE);
    await i.locator("input.importar").setInputFiles(exportado);
    await i.locator(".progreso-aviso:not(:empty)").waitFor();
    // The answer was to the question's old options: the index no longer counts it.
    assert.match(await i.locator('[data-leccion="llamar-herramientas"] .progreso').innerText(), /Preguntas acertadas: 0 de/);
    await i.close();

    const p = await abrir(otro.contexto);
    assert.equal(await franja(p, CELDA).getAttribute("data-estado"), "desfasada");
    assert.equal(await franja(p, ".reto").getAttribute("data-estado"), "desfasada");
    assert.match(await texto(p, CELDA), new RegExp(`${MIO_CELDA}$`));
    assert.match(await p.locator(`${PREGUNTA} .pregunta-resultado`).innerText(), /^Esta pregunta ha cambiado/);
    await p.locator(".reto button.edicion-ver").click();
    const vistos = await lados(p, ".reto");
    assert.deepEqual(vistos.nombres, ["Código inicial nuevo del reto", "Tu solución"]);
    assert.match(vistos.a, /^# VERSIÓN NUEVA del reto\n/);
    assert.match(vistos.b, new RegExp(`${MIO_RETO}$`));
    // The other choice for each, this time.
    await p.locator(".reto button.edicion-nueva").click();
    assert.equal(await texto(p, ".reto"), (await original(p, "reto")).plantilla);
    await p.locator(`${CELDA} button.edicion-mia`).click();
    assert.equal(JSON.parse(await guardado(p, "a-ciegas")).huella, (await original(p, "celda")).huella);
    await p.reload();
    await p.locator(".reto .editor .cm-content").waitFor();
    assert.equal(await franja(p, ".reto").isHidden(), true);
    assert.equal(await franja(p, CELDA).getAttribute("data-estado"), "modificada");
    assert.match(await texto(p, CELDA), new RegExp(`${MIO_CELDA}$`));
    assert.deepEqual(p.errores, []);
  } finally {
    await otro.cerrar();
  }
});

test("an edit saved as a plain string, as before fingerprints, counts as based on today's original", async () => {
  const i = await abrir(navegador.contexto, INDICE); // not the lesson: leaving it saves its editors
  await i.evaluate((k) => localStorage.setItem(k, "print('guardado como texto')\n"), CLAVE + "a-ciegas");
  await i.close();
  const p = await abrir(navegador.contexto, LLAMAR, { width: 360, height: 740 });
  assert.equal(await texto(p, CELDA), "print('guardado como texto')\n");
  assert.equal(await franja(p, CELDA).getAttribute("data-estado"), "modificada");
  // On a phone's width the comparison is one column: the learner's code, the original's lines in place.
  await p.locator(`${CELDA} button.edicion-ver`).click();
  const c = p.locator(`${CELDA} .comparacion`);
  await c.locator(".cm-deletedChunk").first().waitFor();
  assert.equal(await c.locator(".cm-mergeView").count(), 0);
  assert.match(await c.locator(".comparacion-lados").innerText(), /^Tu versión: en verde, lo que has cambiado/);
  assert.deepEqual(p.errores, []);
  await p.close();
});

test("the comparison's chunk comes from the offline cache", async () => {
  const p = await abrir(navegador.contexto);
  await esperarInterprete(p);
  await esperarServiceWorker(p);
  await p.close();
  await navegador.contexto.setOffline(true);
  try {
    const q = await abrir(navegador.contexto);
    assert.equal(await franja(q, ".reto").getAttribute("data-estado"), "modificada"); // kept by the first test
    await q.locator(".reto button.edicion-ver").click();
    const vistos = await lados(q, ".reto");
    assert.deepEqual(vistos.nombres, ["Código inicial del reto", "Tu solución"]);
    assert.ok(q.pedidas.some((u) => /\/static\/comparar\./.test(u)));
    assert.deepEqual(q.errores, []);
    await q.close();
  } finally {
    await navegador.contexto.setOffline(false);
  }
});
