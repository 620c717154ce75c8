// calificar.py --progreso from real page sessions: two learners, each in a fresh Chromium
// profile, answer a question (one wrong then right, one right at once), open hints and press
// Comprobar (one passes after a failed try, one fails twice), then export from the index. With
// a malformed file and another course's, the command writes the CSV and the HTML report, and
// every figure is checked against those sessions; the report opens from disk with no request
// leaving it, and axe finds nothing. A learner's name is the file's: one is a <script> tag.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { arrancarServidor, abrirNavegador, esperarInterprete, exportarProgreso, vigilarOrigen, RAIZ, PYTHON, CHROMIUM, FLAGS } from "./ayuda.mjs";
import { chromium } from "playwright-core";
import { comprobarReto, escribirEnReto, RETO } from "./ayuda-reto.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const BIEN = readFileSync(join(RAIZ, "tests", "entregas", "llamar-herramientas", "bien_a_mano.py"), "utf8");
const NOMBRE_RARO = "<script>alert(1)<script>beto";
let dir, servidor, resultado, inicio, exportaciones = {};

/** One learner's session in a fresh profile: `hacer(page)` on the challenge's lesson, then the export. */
async function sesion(nombre, hacer) {
  const n = await abrirNavegador(servidor.origen);
  try {
    const p = await n.contexto.newPage();
    await p.goto(servidor.origen + RETO);
    await p.locator(".pregunta button.comprobar-pregunta:not([disabled])").first().waitFor();
    await hacer(p);
    const indice = await n.contexto.newPage();
    await indice.goto(servidor.origen + "/courses/llm-agents/");
    copyFileSync(await exportarProgreso(indice), join(dir, `${nombre}.json`));
    exportaciones[nombre] = JSON.parse(readFileSync(join(dir, `${nombre}.json`), "utf8"));
    n.ajenas.comprobar();
  } finally {
    await n.cerrar();
  }
}

async function responder(p, opcion) {
  const q = p.locator('[data-pregunta="que-sabe-el-modelo"]');
  await q.locator(`input[value="${opcion}"]`).check();
  await q.locator("button.comprobar-pregunta").click();
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "progreso-clase-"));
  servidor = await arrancarServidor();
  inicio = new Date().toISOString();
  await sesion("ana", async (p) => { // wrong, then right; one hint; fails once, then passes
    await responder(p, 1);
    await responder(p, 0);
    await p.locator(".ver-pista").click();
    await esperarInterprete(p);
    await comprobarReto(p);
    await escribirEnReto(p, BIEN);
    assert.match((await comprobarReto(p)).estado, /¡reto superado!/);
  });
  await sesion(NOMBRE_RARO, async (p) => { // right at once; two hints; fails twice
    await responder(p, 0);
    await p.locator(".ver-pista").click();
    await p.locator(".ver-pista").click();
    await esperarInterprete(p);
    await comprobarReto(p);
    await comprobarReto(p);
  });
  writeFileSync(join(dir, "roto.json"), "{\"formato\": \"curso-agentes/progreso\", ");
  const ajeno = structuredClone(exportaciones.ana);
  ajeno.curso = "otro-curso";
  ajeno.datos = Object.fromEntries(Object.entries(ajeno.datos).map(([k, v]) => [k.replace(":llm-agents/", ":otro-curso/"), v]));
  writeFileSync(join(dir, "otro.json"), JSON.stringify(ajeno));
  resultado = spawnSync("python3", [join(RAIZ, "py", "calificar.py"), "--progreso", "--resumen", "--csv", join(dir, "clase.csv"),
    "--html", join(dir, "clase.html"), "--", ...["ana", NOMBRE_RARO, "roto", "otro"].map((x) => join(dir, `${x}.json`))], { encoding: "utf8" });
}, { timeout: 600_000 });

after(() => {
  servidor?.parar();
  rmSync(dir, { recursive: true, force: true });
});

const CLAVE = "curso-agentes:llm-agents/llamar-herramientas:";

test("an export carries the course, the lessons' versions, every try and event with its time", () => {
  const { curso, versiones, version, datos } = exportaciones.ana;
  assert.deepEqual([curso, version, Object.keys(versiones).length], ["llm-agents", 3, 7]);
  const pregunta = JSON.parse(datos[CLAVE + "pregunta-que-sabe-el-modelo"]);
  assert.deepEqual(pregunta.intentos.map((x) => [x.respuesta, x.acierto]), [[[1], false], [[0], true]]);
  const historial = JSON.parse(datos[CLAVE + "reto-llamar-herramientas:historial"]);
  assert.deepEqual(historial.map((e) => e.evento), ["pista", "fallo", "superado"]);
  const fechas = [...pregunta.intentos.map((x) => x.fecha), ...historial.map((e) => e.fecha), datos[CLAVE + "leccion:empezada"]];
  for (const f of fechas) assert.ok(f >= inicio && f <= new Date().toISOString(), f);
  assert.equal(datos[CLAVE + "reto-llamar-herramientas:fallos"], "1");
  const beto = exportaciones[NOMBRE_RARO].datos;
  assert.deepEqual(JSON.parse(beto[CLAVE + "reto-llamar-herramientas:historial"]).map((e) => e.evento), ["pista", "pista", "fallo", "fallo"]);
});

/** The CSV as Python's csv module reads it, as a spreadsheet would. */
const filasCsv = () => JSON.parse(execFileSync(PYTHON, ["-c",
  "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], encoding='utf-16', newline=''), dialect='excel-tab'))))",
  join(dir, "clase.csv")]).toString());

test("the CSV has a row per file, the figures of each session, and why two files are set aside", () => {
  assert.equal(resultado.status, 0, resultado.stderr);
  assert.match(resultado.stderr, /calificar\.py: progreso de llm-agents: 4 ficheros; cuentan 2, apartados 2\n/);
  const [cabecera, ...filas] = filasCsv();
  assert.equal(cabecera.length, 12);
  const porNombre = Object.fromEntries(filas.map((f) => [f[0], f]));
  assert.deepEqual(filas.map((f) => f[0]), [NOMBRE_RARO, "ana", "otro", "roto"]);
  // empezadas, terminadas, retos, respondidas, a la primera, sin dato, pistas, fallos, fallos sin dato
  assert.deepEqual(porNombre.ana.slice(1, 10), ["1", "0", "1", "1", "0", "0", "1", "1", "0"]);
  assert.deepEqual(porNombre[NOMBRE_RARO].slice(1, 10), ["1", "0", "0", "1", "1", "0", "2", "2", "0"]);
  for (const f of [porNombre.ana, porNombre[NOMBRE_RARO]]) assert.ok(f[10] >= inicio.slice(0, 16) && f[11] === "", f.join("|"));
  assert.equal(porNombre.roto[11], "no es una exportación del progreso: no es JSON");
  assert.equal(porNombre.otro[11], "es de otro curso (otro-curso)");
  assert.deepEqual([porNombre.roto.slice(1, 11), porNombre.otro.slice(1, 11)].flat().filter(Boolean), []);
});

/** A table of the report, as text: the one after the heading with that id. */
const tabla = (p, id) => p.$$eval(`h2#${id} ~ div.tabla`, (ds) => [...ds[0].querySelectorAll("tbody tr")]
  .map((tr) => [...tr.cells].map((c) => c.textContent)));

test("the HTML report gives every figure, names as text, nothing fetched, and passes axe", async () => {
  const navegador = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const contexto = await navegador.newContext();
    const ajenas = vigilarOrigen(contexto, "file://");
    const p = await contexto.newPage();
    const errores = [];
    p.on("pageerror", (x) => errores.push(x));
    await p.goto(pathToFileURL(join(dir, "clase.html")).href);
    assert.equal(await p.getAttribute("html", "lang"), "es");
    assert.deepEqual(await p.$$eval(".totales li", (ls) => ls.map((l) => l.textContent)),
      ["4 ficheros", "2 cuentan", "2 apartados", "7 lecciones",
        `${cursoConstruido().lecciones.reduce((n, l) => n + l.preguntas.length, 0)} preguntas`, "5 retos"]);
    assert.deepEqual(await p.$$eval("#apartados + ul li", (ls) => ls.map((l) => l.textContent.replace(/^.*\//, ""))),
      ["roto.json: no es una exportación del progreso: no es JSON", "otro.json: es de otro curso (otro-curso)"]);
    const lecciones = await tabla(p, "lecciones");
    assert.equal(lecciones.length, 7);
    const leccion = lecciones.find((f) => f[0] === cursoConstruido().lecciones.find((l) => l.slug === "llamar-herramientas").titulo);
    assert.deepEqual(leccion.slice(1, 4).concat(leccion[5]), ["2", "0", "0 %", "0"]);
    assert.deepEqual(lecciones.filter((f) => f !== leccion).map((f) => f[1] + f[2]), Array(6).fill("00"));
    const preguntas = await tabla(p, "preguntas");
    const q = preguntas.find((f) => f[1] === "que-sabe-el-modelo");
    assert.deepEqual([q[2], q[3], q[4], q[6]], ["2", "1 de 2", "50 %", "opción 2 (1)"]);
    assert.deepEqual(preguntas.filter((f) => f !== q).map((f) => f[2] + f[6]), Array(preguntas.length - 1).fill("0—"));
    const retos = await tabla(p, "retos");
    assert.deepEqual(retos.find((f) => f[0] === "llamar-herramientas"), ["llamar-herramientas", "2", "1", "1,0", "1", "1,0", "1"]);
    assert.deepEqual(retos.filter((f) => f[0] !== "llamar-herramientas").map((f) => f.slice(1).join(" ")), Array(4).fill("0 0 — — — —"));
    const alumnos = await tabla(p, "alumnos");
    assert.deepEqual(alumnos.map((f) => f.slice(0, 7)), [
      [NOMBRE_RARO, "1 de 7", "0 de 7", "0 de 5", "1 de 1", "2", "2"],
      ["ana", "1 de 7", "0 de 7", "1 de 5", "0 de 1", "1", "1"],
      ["otro", "—", "—", "—", "—", "—", "—"], ["roto", "—", "—", "—", "—", "—", "—"]]);
    assert.equal(await p.locator("script").count(), 0, "a name is text, never markup");
    await p.evaluate(AXE);
    const violaciones = await p.evaluate(async () => (await axe.run(document)).violations);
    assert.deepEqual(violaciones.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`)), []);
    ajenas.comprobar();
    assert.deepEqual(errores, []);
    if (process.env.CAPTURAS) {
      for (const ancho of [1280, 390]) {
        await p.setViewportSize({ width: ancho, height: 900 });
        await p.screenshot({ path: join(process.env.CAPTURAS, `progreso-${ancho}.png`), fullPage: true });
      }
    }
  } finally {
    await navegador.close();
  }
});

/** The built index's data: the course as the command reads it. */
function cursoConstruido() {
  const html = readFileSync(join(RAIZ, "dist", "courses", "llm-agents", "index.html"), "utf8");
  return JSON.parse(/<script type="application\/json" id="datos">(.*?)<\/script>/s.exec(html)[1]);
}
