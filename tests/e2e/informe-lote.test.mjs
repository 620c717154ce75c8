// calificar.py's reports for staff (--resumen, --csv, --html), from one batch: the whole corpus
// of llamar-herramientas (its FIFO, punycode and too-deep cases included) and a path that is not
// there, graded once; every assertion reads that one run. The gradebook is read back with
// Python's csv module, the summary off stderr, and the HTML report is opened in Chromium from
// disk, with no request allowed, and audited with axe-core.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, chmodSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { RAIZ, PYTHON, CHROMIUM, FLAGS } from "./ayuda.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const RETO = "llamar-herramientas";
const ENTREGAS = join(RAIZ, "tests", "entregas");
const VEREDICTOS = JSON.parse(readFileSync(join(ENTREGAS, "veredictos.json"), "utf8"));

let dir, rutas, lineas, errores, codigo;
const porRuta = () => new Map(lineas.map((l) => [l.entrega, l]));

/** Runs calificar.py; resolves with {codigo, stdout, stderr}. */
function califica(argumentos) {
  return new Promise((resolver, rechazar) => {
    const p = spawn("python3", [join(RAIZ, "py", "calificar.py"), ...argumentos], { stdio: ["ignore", "pipe", "pipe"] });
    const salida = [], error = [];
    p.stdout.on("data", (d) => salida.push(d));
    p.stderr.on("data", (d) => error.push(d));
    p.on("error", rechazar);
    p.on("close", (c) => resolver({ codigo: c, stdout: Buffer.concat(salida).toString(), stderr: Buffer.concat(error).toString() }));
  });
}

const OPCIONES = ["--semilla", "2026", "--tiempo-llamada", "1", "--tiempo-entrega", "4", "--reto", RETO];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "informe-lote-"));
  chmodSync(dir, 0o755);
  // The special cases, made as tests/py/corpus.py makes them (a name that is not UTF-8 cannot
  // cross a command line from Node, so that one is left out).
  const especiales = JSON.parse(execFileSync(PYTHON, ["-c", `
import json, os, sys
sys.path.insert(0, ${JSON.stringify(join(RAIZ, "tests", "py"))})
import corpus
print(json.dumps({c: r for c, r in corpus.prepara_especiales(sys.argv[1]).items() if isinstance(r, str) and r.isascii()}))
`, dir]).toString());
  const casos = Object.keys(VEREDICTOS).filter((c) => c.startsWith(RETO + "/")).sort()
    .filter((c) => VEREDICTOS[c].especial !== "nombre_no_utf8");
  rutas = [...casos.map((c) => especiales[c] || join(ENTREGAS, c)), join(dir, "no-esta.py")];
  const r = await califica(["-j", "2", ...OPCIONES, "--resumen", "--csv", join(dir, "notas.csv"),
    "--html", join(dir, "informe.html"), "--", ...rutas]);
  codigo = r.codigo;
  errores = r.stderr;
  lineas = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
}, { timeout: 900_000 });

after(() => rmSync(dir, { recursive: true, force: true }));

/** The gradebook as Python's csv module reads it (as a spreadsheet sees it: UTF-16LE, BOM, tabs). */
function gradebook() {
  const bytes = readFileSync(join(dir, "notas.csv"));
  assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xfe], "the CSV starts with a UTF-16LE BOM");
  return JSON.parse(execFileSync(PYTHON, ["-c",
    "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], encoding='utf-16', newline=''), dialect='excel-tab'))))",
    join(dir, "notas.csv")]).toString());
}

const INCIDENCIA = {
  "especial_fifo.py": "no se ha podido leer", "hostil_enlace_cero.py": "no se ha podido leer",
  "hostil_sintaxis.py": "no se ha podido cargar",
  // Its compiler fails or dies, whichever comes first on the machine (veredictos.json's two messages).
  "especial_anidado.py": ["no se ha podido cargar", "se ha caído"],
  "hostil_caida.py": "se ha caído", "hostil_os_exit.py": "se ha caído",
  "hostil_bucle.py": "tiempo agotado", "no-esta.py": "sin calificar",
  "bien_incumple.py": "", "mal_orden.py": "",
};

test("the batch prints one unchanged JSON line per file, the missing one included", async () => {
  assert.equal(codigo, 1, errores);  // a path that is not there is the operator's: exit 1
  assert.deepEqual(lineas.map((l) => l.entrega), rutas);
  // The same files graded without the report options give the same lines.
  const algunas = [rutas[0], rutas.at(-1)];
  const r = await califica([...OPCIONES, "--", ...algunas]);
  const sin = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  const quita = ({ execution_time, ...resto }) => resto;  // eslint-disable-line no-unused-vars
  assert.deepEqual(sin.map(quita), algunas.map((ruta) => quita(porRuta().get(ruta))));
  assert.deepEqual(Object.keys(sin[0]), Object.keys(porRuta().get(rutas[0])));
});

test("the CSV has a row per submission, a column per test, and the JSON lines' values", () => {
  const [cabecera, ...filas] = gradebook();
  const pruebas = lineas[0].tests.map((t) => t.name);
  assert.deepEqual(cabecera, ["entrega", "nota", "nota máxima", ...pruebas, "incidencia"]);
  assert.equal(filas.length, lineas.length);
  for (const [i, fila] of filas.entries()) {
    const l = lineas[i];
    assert.equal(fila.length, cabecera.length);
    assert.deepEqual(fila.slice(0, 3), [l.entrega, String(l.score), String(l.max_score)]);
    assert.deepEqual(fila.slice(3, -1), l.tests.map((t) => (t.status === "passed" ? "1" : "0")), l.entrega);
  }
  const incidencia = new Map(filas.map((f) => [f[0].split("/").at(-1), f.at(-1)]));
  for (const [nombre, esperada] of Object.entries(INCIDENCIA)) {
    assert.ok([esperada].flat().includes(incidencia.get(nombre)), `${nombre}: ${incidencia.get(nombre)}`);
  }
  // Every right submission passes everything and has no incidence; none of the hostile ones is missing.
  for (const f of filas.filter((x) => /\/bien_[^/]*$/.test(x[0]))) assert.deepEqual([f[1], f.at(-1)], [f[2], ""], f[0]);
});

// The graded ones: the path that is not there is the operator's slip, in no rate.
const calificadas = () => lineas.filter((l) => !l.entrega.endsWith("/no-esta.py"));

test("the summary on stderr gives the counts and every test's pass rate over the graded ones, worst first", () => {
  const resumen = errores.split("\n").filter((l) => l.startsWith("calificar.py: "))
    .map((l) => l.slice("calificar.py: ".length));
  const inicio = resumen.findIndex((l) => l.startsWith(`resumen de ${RETO}: `));
  assert.ok(inicio >= 0, errores);
  const c = calificadas().length;
  assert.equal(c, lineas.length - 1);
  const aprobadas = lineas.filter((l) => l.score === l.max_score).length;
  assert.equal(resumen[inicio], `resumen de ${RETO}: ${lineas.length} entregas; ${aprobadas} lo aprueban todo ` +
    `(${Math.round((100 * aprobadas) / c)} % de las ${c} calificadas)`);
  assert.match(resumen[inicio + 1], /^incidencias: 1 sin calificar, \d+ no se ha podido leer, \d+ no se ha podido cargar, \d+ se ha caído, \d+ tiempo agotado$/);
  // The distribution: each score someone got, with how many got it.
  const notas = new Map();
  for (const l of calificadas()) notas.set(l.score, (notas.get(l.score) || 0) + 1);
  const dist = resumen.slice(inicio + 3).filter((l) => /^ +\d+: +\d+ █*$/.test(l)).map((l) => l.trim().split(/[: ]+/).slice(0, 2).map(Number));
  assert.deepEqual(dist, [...notas].sort((a, b) => b[0] - a[0]));
  // The tests: percentage, count, name; the counts are the JSON lines'; worst first.
  const filas = resumen.filter((l) => /^ +\d+ % +\d+ {2}/.test(l)).map((l) => {
    const m = l.match(/^ +(\d+) % +(\d+) {2}(.*)$/);
    return [m[3], Number(m[2]), Number(m[1])];
  });
  const pruebas = lineas[0].tests.map((t) => t.name);
  assert.deepEqual(filas.map((f) => f[0]).sort(), [...pruebas].sort());
  for (const [nombre, pasan, por100] of filas) {
    const cuenta = lineas.filter((l) => l.tests.find((t) => t.name === nombre).status === "passed").length;
    assert.equal(pasan, cuenta, nombre);
    assert.equal(por100, Math.round((100 * cuenta) / c), nombre);
  }
  for (let i = 1; i < filas.length; i++) assert.ok(filas[i - 1][1] <= filas[i][1], "worst first");
});

test("the HTML report opens from disk, problems first, shows every submission and why it failed, and passes axe", async () => {
  const navegador = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const p = await navegador.newPage();
    const pedidas = [];
    await p.route("**/*", (ruta) => {
      if (!ruta.request().url().startsWith("file://")) pedidas.push(ruta.request().url());
      return ruta.continue();
    });
    const errores = [];
    p.on("pageerror", (x) => errores.push(x));
    await p.goto(pathToFileURL(join(dir, "informe.html")).href);
    assert.equal(await p.getAttribute("html", "lang"), "es");
    // The table lists every submission once: incidences, then failing from the lowest score, then full scores.
    const tabla = await p.$$eval("#entregas ~ table tbody tr", (trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[2].textContent]));
    assert.deepEqual(tabla.map((f) => f[0]).sort(), [...rutas].sort());
    const grupo = (ruta) => { const l = porRuta().get(ruta); return tabla.find((f) => f[0] === ruta)[1] ? 0 : l.score < l.max_score ? 1 : 2; };
    const ordenados = tabla.map((f) => [grupo(f[0]), porRuta().get(f[0]).score]);
    for (let i = 1; i < ordenados.length; i++) {
      const [[g0, s0], [g1, s1]] = [ordenados[i - 1], ordenados[i]];
      assert.ok(g0 < g1 || (g0 === g1 && s0 <= s1), `sorted: ${tabla[i][0]}`);
    }
    // Problem files come first, each once, with its one message: before the chart.
    const caida = lineas.find((l) => l.entrega.endsWith("/hostil_caida.py"));
    const problema = p.locator("ul.problemas li", { hasText: "hostil_caida.py" });
    assert.ok((await problema.innerText()).includes(caida.tests[0].output.split("\n")[0]));
    assert.match(await problema.innerText(), /se ha caído/);
    assert.equal(await p.locator("ul.problemas li").count(), tabla.filter((f) => f[1]).length);
    assert.ok(await p.evaluate(() => document.querySelector("#problemas").compareDocumentPosition(document.querySelector("#pruebas")) & Node.DOCUMENT_POSITION_FOLLOWING));
    // A failing submission without incidence has its section with every failed test's message; a full score, one line.
    const mal = lineas.find((l) => l.entrega.endsWith("/mal_orden.py"));
    const seccion = p.locator("section.entrega", { has: p.locator("h3", { hasText: "mal_orden.py" }) });
    for (const t of mal.tests.filter((x) => x.status === "failed")) assert.ok((await seccion.innerText()).includes(t.output.split("\n")[0]), t.name);
    assert.equal(await p.locator("section.entrega").count(), tabla.filter((f) => !f[1] && grupo(f[0]) === 1).length);
    assert.equal(await p.locator("#todo + ul li").count(), tabla.filter((f) => grupo(f[0]) === 2).length);
    // The chart: one bar per test, in the summary's order.
    assert.equal(await p.locator("#pruebas ~ table").first().locator("tbody tr").count(), caida.tests.length);
    await p.evaluate(AXE);
    const violaciones = await p.evaluate(async () => (await axe.run(document)).violations);
    assert.deepEqual(violaciones.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`)), []);
    assert.deepEqual(pedidas, [], "the report is self-contained");
    assert.deepEqual(errores, []);
  } finally {
    await navegador.close();
  }
});
