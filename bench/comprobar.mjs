// Comprobar -> result for the first challenge, warm, in headless Chromium, against
// calificar.py grading the same submission in the same run.
//
//   node bench/comprobar.mjs [--veces 15]      (make bench builds dist/ first)
//
// The page is visited twice (the second visit is the warm one: snapshot, service
// worker) and Comprobar runs once before timing, so jsonschema is in. Then it times,
// inside the page, a click on Comprobar until the result list is drawn; median of
// --veces. calificar.py (isolation on, one submission, fresh judge and child) is
// timed on the same file, median of 3. Target: the page under 150 ms.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { arrancarServidor, abrirNavegador, esperarInterprete, RAIZ, comprobarReto, escribirEnReto, RETO } from "../comun/navegador.mjs";

const args = process.argv.slice(2);
const VECES = args.includes("--veces") ? Number(args[args.indexOf("--veces") + 1]) : 15;
const ENTREGA = join(RAIZ, "tests", "entregas", "llamar-herramientas", "bien_incumple.py");
const mediana = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const servidor = await arrancarServidor();
const navegador = await abrirNavegador(servidor.origen);
let pagina;
try {
  for (let visita = 0; visita < 2; visita++) {
    pagina?.close();
    pagina = await navegador.contexto.newPage();
    await pagina.goto(servidor.origen + RETO);
    await esperarInterprete(pagina);
  }
  await escribirEnReto(pagina, readFileSync(ENTREGA, "utf8"));
  const primera = await comprobarReto(pagina);
  if (primera.fallidas.length) throw new Error(`the submission fails: ${JSON.stringify(primera.fallidas)}`);
  const tiempos = [];
  for (let i = 0; i < VECES; i++) {
    tiempos.push(await pagina.evaluate(() => new Promise((resolver) => {
      const reto = document.querySelector(".reto");
      const lista = reto.querySelector(".reto-pruebas");
      lista.replaceChildren();
      const obs = new MutationObserver(() => {
        if (lista.children.length && !reto.classList.contains("ocupada")) { obs.disconnect(); resolver(performance.now() - t0); }
      });
      obs.observe(reto, { childList: true, subtree: true, attributes: true });
      const t0 = performance.now();
      reto.querySelector("button.comprobar").click();
    })));
  }
  const cli = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = spawnSync("python3", [join(RAIZ, "py", "calificar.py"), "--reto", "llamar-herramientas", "--semilla", "2026", ENTREGA]);
    cli.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(r.stderr.toString());
    const informe = JSON.parse(r.stdout.toString());
    if (informe.score !== informe.max_score) throw new Error("calificar.py does not pass it");
  }
  const pag = mediana(tiempos);
  const lin = mediana(cli);
  console.log(`Comprobar -> result, warm, in the page: ${pag.toFixed(0)} ms (median of ${VECES}; target < 150 ms)`);
  console.log(`calificar.py, same submission (isolated, fresh judge and child): ${lin.toFixed(0)} ms (median of 3)`);
  console.log(`page / calificar.py: ${(pag / lin).toFixed(2)}x`);
} finally {
  await navegador.cerrar();
  servidor.parar();
}
