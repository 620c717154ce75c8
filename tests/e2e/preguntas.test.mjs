// Questions and progress in Chromium: every question type answered wrong then
// right; all or nothing; answers and the index's progress kept across a reload
// and offline; export, then import into a fresh profile, restores everything.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { abrirNavegador, ejecutar, esperarInterprete, esperarServiceWorker, exportarProgreso, importarProgreso, RAIZ } from "./ayuda.mjs";
import { comprobarReto, escribirEnReto, pruebasDelReto } from "./ayuda-reto.mjs";

const N = pruebasDelReto(); // the first challenge's tests

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const LLAMAR = "/courses/llm-agents/llamar-herramientas/";
const ERRORES = "/courses/llm-agents/errores-como-observaciones/";
const INDICE = "/courses/llm-agents/";

async function abrir(ruta, contexto = e.navegador.contexto) {
  const p = await contexto.newPage();
  p.errores = [];
  p.on("pageerror", (x) => p.errores.push(x));
  await p.goto(e.servidor.origen + ruta);
  await p.locator(".pregunta button.comprobar-pregunta:not([disabled])").first().waitFor();
  return p;
}

/** Clicks the question's Comprobar; returns its aria-live text. */
async function comprobar(p, id) {
  const q = p.locator(`[data-pregunta="${id}"]`);
  await q.locator("button.comprobar-pregunta").click();
  return q.locator(".pregunta-resultado").innerText();
}

async function marcar(p, id, valores, si = true) {
  for (const v of valores) await p.locator(`[data-pregunta="${id}"] input[value="${v}"]`).setChecked(si);
}
const desmarcar = (p, id, valores) => marcar(p, id, valores, false);

test("each question type: wrong, with the chosen option's explanation, then right", async () => {
  const p = await abrir(LLAMAR);
  await marcar(p, "orden-resultados", ["1"]);
  assert.equal(await comprobar(p, "orden-resultados"), "No es correcto. Lee la explicación y vuelve a intentarlo.");
  assert.match(await p.locator('[data-pregunta="orden-resultados"] .explicacion:visible').innerText(), /Quitar el texto incumple la regla 2/);
  await marcar(p, "orden-resultados", ["0"]);
  assert.equal(await comprobar(p, "orden-resultados"), "¡Correcto!");

  await marcar(p, "que-sabe-el-modelo", ["1"]);
  assert.match(await comprobar(p, "que-sabe-el-modelo"), /^No es correcto/);
  await marcar(p, "que-sabe-el-modelo", ["0"]);
  assert.equal(await comprobar(p, "que-sabe-el-modelo"), "¡Correcto!");
  await p.close();

  const q = await abrir(ERRORES);
  await marcar(q, "error-para-el-modelo", ["verdadero"]);
  assert.equal(await comprobar(q, "error-para-el-modelo"), "No es correcto. Vuelve a intentarlo.");
  assert.equal(await q.locator('[data-pregunta="error-para-el-modelo"] .pregunta-explicacion').isVisible(), false);
  await marcar(q, "error-para-el-modelo", ["falso"]);
  assert.equal(await comprobar(q, "error-para-el-modelo"), "¡Correcto!");
  assert.match(await q.locator('[data-pregunta="error-para-el-modelo"] .pregunta-explicacion').innerText(), /responde a una llamada concreta/);

  await marcar(q, "linea-del-error", ["2"]);
  assert.match(await comprobar(q, "linea-del-error"), /^No es correcto/);
  await marcar(q, "linea-del-error", ["7"]);
  assert.equal(await comprobar(q, "linea-del-error"), "¡Correcto!");

  const hueco = q.locator('[data-pregunta="completa-el-bloque"] input.hueco');
  await hueco.fill("error");
  assert.equal(await comprobar(q, "completa-el-bloque"), "No es correcto. Lee la pista y vuelve a intentarlo.");
  assert.match(await q.locator('[data-pregunta="completa-el-bloque"] .pista-hueco:visible').innerText(), /^Casi\. Su valor es un sí o un no/);
  await hueco.fill("isError");
  await comprobar(q, "completa-el-bloque");
  assert.match(await q.locator('[data-pregunta="completa-el-bloque"] .pista-hueco:visible').innerText(), /minúsculas y con un guion bajo/);
  await hueco.fill("nada");
  assert.equal(await comprobar(q, "completa-el-bloque"), "No es correcto. Vuelve a intentarlo.");
  assert.equal(await q.locator('[data-pregunta="completa-el-bloque"] .pista-hueco:visible').count(), 0);
  await hueco.fill("is_error");
  assert.equal(await comprobar(q, "completa-el-bloque"), "¡Correcto!");
  assert.deepEqual([...p.errores, ...q.errores], []);
  await q.close();
});

test("multiple choice is all or nothing, and says so", async () => {
  const p = await abrir(LLAMAR);
  const q = p.locator('[data-pregunta="antes-de-ejecutar"]');
  assert.equal(await q.locator(".pregunta-nota").innerText(), "Marca todas las correctas: no hay puntuación parcial.");
  await desmarcar(p, "antes-de-ejecutar", ["0", "1", "2", "3", "4", "5"]);
  await marcar(p, "antes-de-ejecutar", ["0", "1"]); // one right option missing
  assert.equal(await comprobar(p, "antes-de-ejecutar"), "Casi: todo lo que has marcado es correcto, pero falta alguna opción correcta.");
  assert.equal(await q.locator(".pregunta-explicacion").isVisible(), false);
  await marcar(p, "antes-de-ejecutar", ["2"]); // and a wrong one
  assert.equal(await comprobar(p, "antes-de-ejecutar"),
    "No es correcto: alguna de las opciones que has marcado no lo es. Lee las explicaciones y vuelve a intentarlo.");
  await q.locator("button.mostrar-respuesta").click(); // the learner's ticks stay, the right ones marked beside them
  const marcas = await q.evaluate((s) => [...s.querySelectorAll("input")].map((c) => [c.value, c.checked,
    c.closest("label").querySelector(".marca-respuesta")?.textContent ?? ""]));
  assert.deepEqual(marcas, [["0", true, "✓ correcta"], ["1", true, "✓ correcta"], ["2", true, "✗ la marcaste tú"],
    ["3", false, "✓ correcta"], ["4", false, ""], ["5", false, "✓ correcta"]]);
  assert.equal(await q.locator(".pregunta-resultado").innerText(), "La respuesta correcta está marcada junto a la tuya.");
  await desmarcar(p, "antes-de-ejecutar", ["2"]);
  await marcar(p, "antes-de-ejecutar", ["3", "5"]);
  assert.equal(await comprobar(p, "antes-de-ejecutar"), "¡Correcto!");
  assert.equal(await q.locator(".pregunta-resultado").getAttribute("aria-live"), "polite");
  await p.close();
});

test("questions are form controls with labels, reached with Tab", async () => {
  const p = await abrir(LLAMAR);
  await p.locator('[data-pregunta="orden-resultados"] legend').click();
  const vistos = [];
  for (let i = 0; i < 6; i++) {
    await p.keyboard.press("Tab");
    vistos.push(await p.evaluate(() => {
      const a = document.activeElement;
      return `${a.tagName}:${a.type || ""}:${a.labels?.[0]?.innerText.trim().slice(0, 12) || a.innerText || ""}`;
    }));
  }
  assert.ok(vistos.some((v) => v.startsWith("INPUT:radio:")), vistos.join(" | "));
  assert.ok(vistos.some((v) => v.startsWith("BUTTON:submit:Comprobar")), vistos.join(" | "));
  await p.close();
});

test("answers and progress survive a reload and show in the index, offline too", async () => {
  const p = await abrir(ERRORES);
  await esperarInterprete(p);
  await ejecutar(p, "dos-fallos");
  await marcar(p, "linea-del-error", ["7"]);
  await comprobar(p, "linea-del-error");
  await p.reload();
  await p.locator(".pregunta button.comprobar-pregunta:not([disabled])").first().waitFor();
  assert.equal(await p.locator('[data-pregunta="linea-del-error"] input[value="7"]').isChecked(), true);
  assert.equal(await p.locator('[data-pregunta="linea-del-error"] .pregunta-resultado').innerText(), "¡Correcto!");
  await esperarServiceWorker(p);
  await p.close();
  await e.navegador.contexto.setOffline(true);
  try {
    const i = await e.navegador.contexto.newPage();
    await i.goto(e.servidor.origen + INDICE);
    const fila = i.locator('[data-leccion="errores-como-observaciones"]');
    await fila.locator(".progreso:not(:empty)").waitFor();
    assert.match(await fila.locator(".progreso").innerText(), /Celdas ejecutadas: 2 de 6 · Preguntas acertadas: [1-4] de 4 · Reto pendiente/);
    assert.equal(await fila.locator(".seguir").getAttribute("href"), "errores-como-observaciones/#pregunta-linea-del-error");
    await i.close();
  } finally {
    await e.navegador.contexto.setOffline(false);
  }
});

test("export, then import into a fresh profile, restores edits, answers and the challenge", async () => {
  const p = await abrir(LLAMAR);
  await esperarInterprete(p);
  await marcar(p, "orden-resultados", ["0"]);
  await comprobar(p, "orden-resultados");
  await escribirEnReto(p, readFileSync(join(RAIZ, "tests", "entregas", "llamar-herramientas", "bien_incumple.py"), "utf8"));
  assert.match((await comprobarReto(p)).estado, new RegExp(`^${N} de ${N}`));
  await p.close();
  const indice = await e.navegador.contexto.newPage();
  await indice.goto(e.servidor.origen + INDICE);
  const fila = '[data-leccion="llamar-herramientas"] .progreso';
  await indice.locator(`${fila}:not(:empty)`).waitFor();
  const progreso = await indice.locator(fila).innerText();
  assert.match(progreso, /Reto superado ✓/);
  const archivo = await exportarProgreso(indice);
  const exportado = JSON.parse(readFileSync(archivo, "utf8"));
  assert.equal(exportado.formato, "curso-agentes/progreso");
  await indice.close();

  const otro = await abrirNavegador(e.servidor.origen);
  try {
    const i = await importarProgreso(otro.contexto, e.servidor.origen, archivo);
    assert.match(await i.locator(".progreso-aviso").innerText(), /^Progreso importado/);
    assert.equal(await i.locator(fila).innerText(), progreso);
    const q = await otro.contexto.newPage();
    await q.goto(e.servidor.origen + LLAMAR);
    await q.locator(".reto .cm-content").waitFor();
    assert.match(await q.locator(".reto .cm-content").innerText(), /incumple/);
    assert.match(await q.locator(".reto-estado").innerText(), new RegExp(`${N} de ${N}`));
    assert.equal(await q.locator('[data-pregunta="orden-resultados"] input[value="0"]').isChecked(), true);
  } finally {
    await otro.cerrar();
  }
});

/** Tabs forward until `esta(activeElement)` holds; leaves an editor as a keyboard user does. */
async function tabularHasta(p, esta, maximo = 80) {
  for (let i = 0; i < maximo; i++) {
    const enEditor = await p.evaluate(() => document.activeElement.classList.contains("cm-content"));
    if (enEditor) await p.keyboard.press("Escape"); // Tab indents inside an editor: Esc, then Tab
    await p.keyboard.press("Tab");
    if (await p.evaluate(esta)) return;
  }
  throw new Error("never reached by Tab");
}

test("a keyboard-only pass: run a cell, answer a question, go to the next lesson", async () => {
  const p = await abrir(LLAMAR);
  await esperarInterprete(p);
  await tabularHasta(p, () => document.activeElement.matches('[data-celda="a-ciegas"] button.ejecutar'));
  await p.keyboard.press("Enter");
  await p.waitForFunction(() => /rutas:/.test(document.querySelector('[data-celda="a-ciegas"] .salida').textContent), null, { timeout: 60_000 });
  await tabularHasta(p, () => document.activeElement.matches('[data-pregunta="orden-resultados"] input'));
  await p.keyboard.press("ArrowDown"); // radio groups: arrows move and select
  for (let i = 0; i < 4 && (await p.evaluate(() => document.activeElement.value)) !== "0"; i++) await p.keyboard.press("ArrowUp");
  await tabularHasta(p, () => document.activeElement.matches('[data-pregunta="orden-resultados"] button.comprobar-pregunta'));
  await p.keyboard.press("Enter");
  assert.equal(await p.locator('[data-pregunta="orden-resultados"] .pregunta-resultado').innerText(), "¡Correcto!");
  await tabularHasta(p, () => document.activeElement.matches('a[rel="next"]'), 120);
  await Promise.all([p.waitForURL(/el-bucle/), p.keyboard.press("Enter")]);
  await p.close();
});

test("run all runs every cell in order; reset, once confirmed, forgets the lesson's work", async () => {
  const p = await abrir(ERRORES);
  await p.locator(".pagina-acciones button.ejecutar-todas").click();
  await p.waitForFunction(() => /añadir/.test(document.querySelector('[data-celda="una-o-dos-veces"] .salida').textContent), null, { timeout: 90_000 });
  assert.match(await p.locator('[data-celda="una-o-dos-veces"] .indicador').innerText(), /^\[\d+\]$/);
  await marcar(p, "error-para-el-modelo", ["verdadero"]);
  await comprobar(p, "error-para-el-modelo");
  p.once("dialog", (d) => d.dismiss()); // asked first: nothing is lost on "Cancelar"
  await p.locator(".pagina-acciones button.reiniciar-pagina").click();
  assert.equal(await p.locator('[data-pregunta="error-para-el-modelo"] input[value="verdadero"]').isChecked(), true);
  p.once("dialog", (d) => d.accept());
  await Promise.all([p.waitForEvent("load"), p.locator(".pagina-acciones button.reiniciar-pagina").click()]);
  await p.locator(".pregunta button.comprobar-pregunta:not([disabled])").first().waitFor();
  // The focus stays where the learner left it, on the reset button, not at the top of the document.
  await p.waitForFunction(() => document.activeElement.matches(".pagina-acciones .reiniciar-pagina"));
  assert.equal(await p.locator('[data-pregunta="error-para-el-modelo"] input[value="verdadero"]').isChecked(), false);
  assert.equal(await p.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("/errores-como-observaciones:")).length), 0);
  await p.close();
});

const RESPUESTA = "curso-agentes:llm-agents/errores-como-observaciones:pregunta-linea-del-error";
const EDICION = "curso-agentes:llm-agents/errores-como-observaciones:dos-fallos";

/** In contexto: an edit of the cell dos-fallos and the right answer to linea-del-error. */
async function editarYResponder(contexto) {
  const p = await abrir(ERRORES, contexto);
  await p.locator('[data-celda="dos-fallos"] .cm-content').click();
  await p.keyboard.press("Control+End");
  await p.keyboard.insertText("\n# mi cambio");
  await marcar(p, "linea-del-error", ["7"]);
  await comprobar(p, "linea-del-error");
  await p.close(); // pagehide saves the editor
}

test("an import with one value the page cannot use is refused whole, says why, and leaves every edit as it was", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    await editarYResponder(otro.contexto);
    const p = await abrir(ERRORES, otro.contexto);
    const antes = await p.evaluate(() => ({ ...localStorage }));
    assert.match(antes[EDICION], /# mi cambio/);
    const archivo = join(mkdtempSync(join(tmpdir(), "progreso-")), "progreso.json");
    writeFileSync(archivo, JSON.stringify({ formato: "curso-agentes/progreso", version: 2, datos: {
      [EDICION]: JSON.stringify({ texto: "print('importado')", huella: "x" }),
      [RESPUESTA]: "{no es JSON",
    } }));
    const i = await importarProgreso(otro.contexto, e.servidor.origen, archivo);
    assert.equal(await i.locator(".progreso-aviso").innerText(), "No se ha importado nada, y tu progreso sigue como estaba. "
      + "Un dato del fichero no es lo que esta página espera: tu respuesta a la pregunta «linea-del-error» de "
      + "«errores-como-observaciones» (no es JSON válido).");
    assert.deepEqual(await i.evaluate(() => ({ ...localStorage })), antes);
    assert.match(await i.locator('[data-leccion="errores-como-observaciones"] .progreso').innerText(), /Preguntas acertadas: 1 de 4/);
    await p.reload();
    await p.locator('[data-celda="dos-fallos"] .cm-content').waitFor();
    assert.match(await p.locator('[data-celda="dos-fallos"] .cm-content').innerText(), /# mi cambio/);
    assert.equal(await p.locator('[data-pregunta="linea-del-error"] input[value="7"]').isChecked(), true);
    assert.equal(await p.locator(".guardado-aviso").isVisible(), false);
    assert.deepEqual(p.errores, []);
  } finally {
    await otro.cerrar();
  }
});

test("a page whose saved answer is not JSON starts whole, says once what it ignored, and keeps it until it is replaced", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    await editarYResponder(otro.contexto);
    const p = await abrir(ERRORES, otro.contexto);
    await p.evaluate((k) => localStorage.setItem(k, "{no es JSON"), RESPUESTA);
    await p.reload();
    await p.locator('[data-celda="dos-fallos"] .cm-content').waitFor();
    assert.match(await p.locator('[data-celda="dos-fallos"] .cm-content').innerText(), /# mi cambio/);
    assert.equal(await p.locator(".pagina-acciones").isVisible(), true);
    assert.equal(await p.locator('[data-celda="dos-fallos"] button.ejecutar').isEnabled(), true);
    assert.equal(await p.locator(".guardado-aviso").innerText(), "Esta página no ha usado un dato que tenía guardado "
      + "este navegador, porque no es lo que espera: tu respuesta a la pregunta «linea-del-error» de "
      + "«errores-como-observaciones» (no es JSON válido). No se ha borrado: lo sustituirá lo próximo que guardes de eso mismo.");
    assert.equal(await p.evaluate((k) => localStorage.getItem(k), RESPUESTA), "{no es JSON");
    assert.equal(await p.locator('[data-pregunta="linea-del-error"] input[value="7"]').isChecked(), false);
    await marcar(p, "linea-del-error", ["7"]);
    assert.equal(await comprobar(p, "linea-del-error"), "¡Correcto!");
    assert.equal(await p.locator(".guardado-aviso").isVisible(), false); // replaced: nothing ignored now
    assert.deepEqual(p.errores, []);

    await p.evaluate(() => localStorage.setItem("curso-agentes:llm-agents/:ultimo-sitio", "{no"));
    const i = await otro.contexto.newPage(); // the index: its progress, and what it ignored
    i.errores = [];
    i.on("pageerror", (x) => i.errores.push(x));
    await i.goto(e.servidor.origen + INDICE);
    assert.match(await i.locator(".guardado-aviso").innerText(), /^Esta página no ha usado un dato .*: el sitio donde lo dejaste \(no es JSON válido\)\./);
    assert.match(await i.locator('[data-leccion="errores-como-observaciones"] .progreso').innerText(), /Preguntas acertadas: 1 de 4/);
    assert.deepEqual(i.errores, []);
  } finally {
    await otro.cerrar();
  }
});

test("a question of a kind the page's table lacks says so, naming the kind, instead of asking for an answer", async () => {
  // A build whose table has a kind that site/src/tipos-de-pregunta.js lacks: the lesson's data
  // island, as served, with one question's kind renamed.
  const otro = await abrirNavegador(e.servidor.origen, { serviceWorkers: "block" });
  try {
    await otro.contexto.route((url) => String(url) === e.servidor.origen + LLAMAR, async (ruta) => {
      const respuesta = await ruta.fetch();
      const cuerpo = (await respuesta.text()).replace('"id": "que-sabe-el-modelo", "tipo": "unica"', '"id": "que-sabe-el-modelo", "tipo": "ordenar"');
      assert.match(cuerpo, /"tipo": "ordenar"/);
      await ruta.fulfill({ response: respuesta, body: cuerpo });
    });
    const p = await otro.contexto.newPage();
    const consola = [];
    p.on("console", (m) => m.type() === "error" && consola.push(m.text()));
    p.errores = [];
    p.on("pageerror", (x) => p.errores.push(x));
    await p.goto(e.servidor.origen + LLAMAR);
    await p.locator('[data-pregunta="orden-resultados"] button.comprobar-pregunta:not([disabled])').waitFor();
    const q = p.locator('[data-pregunta="que-sabe-el-modelo"]');
    assert.equal(await q.locator(".pregunta-resultado").innerText(),
      "Esta página no sabe comprobar preguntas de tipo «ordenar»: avisa a quien mantiene el curso.");
    assert.equal(await q.locator("button.comprobar-pregunta").isDisabled(), true);
    assert.ok(consola.some((x) => x.includes("«ordenar»")), consola.join("\n"));
    await marcar(p, "orden-resultados", ["0"]); // the page's other questions still work
    assert.equal(await comprobar(p, "orden-resultados"), "¡Correcto!");
    assert.deepEqual(p.errores, []);
  } finally {
    await otro.cerrar();
  }
});
