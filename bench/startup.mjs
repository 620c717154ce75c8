// Start-up figures of a lesson page in headless Chromium, against a bare page
// (dist/bench/base/) that loads the same Pyodide from the same server in a
// plain module worker and runs the same cell. Both are measured in this run,
// alternating, each cold (empty profile) and warm (same profile, second visit).
//
//   node bench/startup.mjs [--rondas 3]      (make bench builds dist/ first)
//
// Figures: navigation -> first cell output (performance mark, ms since the
// navigation started); bytes the server sent for the first visit; Run -> output
// for print(1) once the interpreter is ready. Medians over the rounds.
import { arrancarServidor, abrirNavegador, LECCION } from "../tests/e2e/ayuda.mjs";

const args = process.argv.slice(2);
const RONDAS = args.includes("--rondas") ? Number(args[args.indexOf("--rondas") + 1]) : 3;
const REPETICIONES_RUN = 20;
const CELDA = "cargar"; // the test lesson's first cell: open_url + exec + print

const mediana = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const servidor = await arrancarServidor(undefined, ["--contar"]);
const enviados = async () => Number(await (await fetch(servidor.origen + "/__bytes__")).text());

async function codigoDeLaCelda() {
  const html = await (await fetch(servidor.origen + LECCION)).text();
  const datos = JSON.parse(html.match(/<script type="application\/json" id="datos">([\s\S]*?)<\/script>/)[1]);
  return datos.celdas.find((c) => c.id === CELDA).codigo;
}

async function primeraSalida(pagina) {
  await pagina.waitForFunction(() => performance.getEntriesByName("primera-salida").length > 0, null, { timeout: 120_000 });
  return pagina.evaluate(() => performance.getEntriesByName("primera-salida")[0].startTime);
}

const listo = (pagina) => pagina.evaluate(() => performance.getEntriesByName("interprete-listo")[0].startTime);

/** ms from click to the output showing "1", median of REPETICIONES_RUN. */
async function runAOutput(pagina, correr) {
  const tiempos = [];
  for (let i = 0; i < REPETICIONES_RUN; i++) tiempos.push(await pagina.evaluate(correr));
  return mediana(tiempos);
}

const base = {
  nombre: "bare page",
  async visitar(contexto, codigo) {
    const p = await contexto.newPage();
    await p.goto(`${servidor.origen}/bench/base/#${encodeURIComponent(codigo)}`, { waitUntil: "commit" });
    const ms = await primeraSalida(p);
    await p.waitForFunction(() => document.body.dataset.fin === "ok");
    return { p, ms, listo: await listo(p), salida: await p.locator("#salida").innerText() };
  },
  run: () => new Promise((resolver) => {
    const salida = document.getElementById("salida");
    const obs = new MutationObserver(() => {
      if (document.body.dataset.fin === "ok") { obs.disconnect(); resolver(performance.now() - t0); }
    });
    obs.observe(document.body, { attributes: true });
    const t0 = performance.now();
    window.ejecutar("print(1)");
  }),
};

const leccion = {
  nombre: "lesson page",
  consulta: "",
  async visitar(contexto) {
    const p = await contexto.newPage();
    await p.goto(servidor.origen + LECCION + this.consulta, { waitUntil: "commit" });
    await p.locator(`[data-celda="${CELDA}"] button.ejecutar`).click(); // as soon as it can be clicked
    const ms = await primeraSalida(p);
    return { p, ms, listo: await listo(p), salida: await p.locator(`[data-celda="${CELDA}"] .salida`).innerText() };
  },
  async prepararRun(p) {
    await p.locator('[data-celda="usar"] .cm-content').click();
    await p.keyboard.press("Control+A");
    await p.keyboard.insertText("print(1)");
  },
  run: () => new Promise((resolver) => {
    const seccion = document.querySelector('[data-celda="usar"]');
    const salida = seccion.querySelector(".salida");
    const obs = new MutationObserver(() => {
      if (salida.textContent === "1\n" && !seccion.classList.contains("ocupada")) { obs.disconnect(); resolver(performance.now() - t0); }
    });
    obs.observe(seccion, { attributes: true, childList: true, subtree: true, characterData: true });
    const t0 = performance.now();
    seccion.querySelector("button.ejecutar").click();
  }),
  async esperarCaches(p) {
    await p.evaluate(() => new Promise((resolver) => {
      const mirar = async () => {
        const reg = await navigator.serviceWorker.getRegistration("/");
        const nombres = await caches.keys();
        if (reg?.active?.state === "activated" && nombres.some((n) => n.startsWith("instantanea-"))) resolver();
        else setTimeout(mirar, 100);
      };
      mirar();
    }));
  },
};

// The same page told to boot without the memory snapshot: what a browser gets
// if restoring ever fails (the snapshot is a private Pyodide API).
const sinInstantanea = {
  ...leccion,
  nombre: "lesson page, no snapshot",
  consulta: "?instantanea=no",
  async esperarCaches(p) {
    await p.evaluate(() => new Promise((resolver) => {
      const mirar = async () => {
        const reg = await navigator.serviceWorker.getRegistration("/");
        if (reg?.active?.state === "activated") resolver();
        else setTimeout(mirar, 100);
      };
      mirar();
    }));
  },
};

async function ronda(pagina, codigo) {
  const navegador = await abrirNavegador(servidor.origen, { soloAnotar: true });
  try {
    const b0 = await enviados();
    const fria = await pagina.visitar(navegador.contexto, codigo);
    const bytesHastaSalida = (await enviados()) - b0;
    if (pagina.esperarCaches) await pagina.esperarCaches(fria.p);
    await fria.p.waitForTimeout(500); // let stragglers (precache, snapshot write) finish
    const bytes = (await enviados()) - b0;
    if (pagina.prepararRun) await pagina.prepararRun(fria.p);
    const run = await runAOutput(fria.p, pagina.run);
    await fria.p.close();
    const caliente = await pagina.visitar(navegador.contexto, codigo);
    const arranque = await caliente.p.evaluate(() => document.documentElement.dataset.arranque || "-");
    if (!/tool_use t1 leer/.test(fria.salida) || !/tool_use t1 leer/.test(caliente.salida)) {
      throw new Error(`${pagina.nombre}: unexpected output ${JSON.stringify([fria.salida, caliente.salida])}`);
    }
    await caliente.p.close();
    navegador.ajenas.comprobar();
    return { fria: fria.ms, caliente: caliente.ms, listoFria: fria.listo, listoCaliente: caliente.listo, bytes, bytesHastaSalida, run, arranque };
  } finally {
    await navegador.cerrar();
  }
}

const codigo = await codigoDeLaCelda();
const resultados = { base: [], leccion: [], sin: [] };
try {
  for (let i = 0; i < RONDAS; i++) {
    resultados.base.push(await ronda(base, codigo));
    resultados.leccion.push(await ronda(leccion, codigo));
    resultados.sin.push(await ronda(sinInstantanea, codigo));
    process.stderr.write(`round ${i + 1}/${RONDAS} done\n`);
  }
} finally {
  servidor.parar();
}

const m = (quien, campo) => mediana(resultados[quien].map((r) => r[campo]));
const MB = (b) => `${(b / 1e6).toFixed(2)} MB`;
const ms = (x) => `${Math.round(x)} ms`;
const fila = (nombre, campo, formato) => {
  const [b, l, n] = ["base", "leccion", "sin"].map((q) => m(q, campo));
  return [nombre, formato(b), formato(l), (l / b).toFixed(2), formato(n), (n / b).toFixed(2)];
};
const msDecimal = (x) => `${x.toFixed(1)} ms`;
const filas = [
  fila("navigation -> first output, cold", "fria", ms),
  fila("navigation -> first output, warm", "caliente", ms),
  fila("navigation -> interpreter ready, cold", "listoFria", ms),
  fila("navigation -> interpreter ready, warm", "listoCaliente", ms),
  fila("bytes sent, first visit (to first output)", "bytesHastaSalida", MB),
  fila("bytes sent, first visit (incl. offline precache)", "bytes", MB),
  fila("Run -> output, print(1), once ready", "run", msDecimal),
];
console.log(`Start-up, headless Chromium, median of ${RONDAS} rounds (lesson page boot on warm visits: ${resultados.leccion.map((r) => r.arranque).join(", ")}; without snapshot: ${resultados.sin.map((r) => r.arranque).join(", ")})\n`);
console.log("| figure | bare page | lesson page | ratio | lesson page, snapshot off | ratio |\n|---|---|---|---|---|---|");
for (const f of filas) console.log(`| ${f.join(" | ")} |`);
const objetivos = [
  ["warm start within 1.1x of the bare page", m("leccion", "caliente") <= 1.1 * m("base", "caliente")],
  ["first-load transfer at most 7 MB", m("leccion", "bytes") <= 7e6],
  ["Run -> output under 50 ms", m("leccion", "run") < 50],
];
console.log("");
for (const [nombre, ok] of objetivos) console.log(`${ok ? "met    " : "MISSED "} ${nombre}`);
