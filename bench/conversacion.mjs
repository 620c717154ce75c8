// Drawing a conversation of 200 messages in the page (site/src/conversacion.js building
// py/vista.py's tree, as the worker sends it), against the browser parsing the build's HTML of
// the same tree (construir/arbol.py), in the same run: the cost of drawing it in JavaScript over
// the cost of the page having it. It also prints what drawing the tree costs CPython (the worker's
// Pyodide is slower).
//
//   node bench/conversacion.mjs [--veces 25] [--mensajes 200]      (make bench builds dist/ first)
//
// The conversation: a system text, a question, then turns of an answer (a text and two calls)
// and its results (one of them 2,000 characters, folded), as py/vista.py describes them. Each
// round draws it into the page and forces its layout (so the time includes style and layout,
// what a learner waits for); median of --veces. Target: under 50 ms.
import { spawnSync } from "node:child_process";
import { arrancarServidor, abrirNavegador, PYTHON, RAIZ } from "../comun/navegador.mjs";

const args = process.argv.slice(2);
const opcion = (n, d) => (args.includes(n) ? Number(args[args.indexOf(n) + 1]) : d);
const [VECES, MENSAJES] = [opcion("--veces", 25), opcion("--mensajes", 200)];

const PY = `
import json, sys
sys.path[:0] = [".", "py"]
import time
from construir import arbol
import vista
n = ${MENSAJES}
M = [("sistema", "Trabajas con los ficheros del usuario."), ("usuario", "¿Qué me falta para la tortilla?")]
k = 0
while len(M) < n:
    k += 1
    M.append(("asistente", [{"type": "text", "text": "Miro la vuelta %d." % k},
        {"type": "tool_use", "id": "a%d" % k, "name": "leer", "input": {"ruta": "recetas/tortilla.txt"}},
        {"type": "tool_use", "id": "b%d" % k, "name": "buscar", "input": {"patron": "patatas"}}]))
    M.append(("usuario", [{"type": "tool_result", "tool_use_id": "a%d" % k, "content": "x" * 2000, "is_error": False},
        {"type": "tool_result", "tool_use_id": "b%d" % k, "content": "lista.txt: pan, leche, patatas", "is_error": True}]))
M = M[:n]
textos = json.load(open("site/textos.es.json", encoding="utf-8"))
t0 = time.perf_counter()
for _ in range(20):
    datos = vista.arbol(vista.de(M))
ms = (time.perf_counter() - t0) / 20 * 1000
print(json.dumps({"arbol": datos, "html": arbol.html_de(datos, textos), "n": len(M), "python": ms}))`;
const r = spawnSync(PYTHON, ["-c", PY], { cwd: RAIZ, encoding: "utf-8", maxBuffer: 1 << 28 });
if (r.status !== 0) throw new Error(r.stderr);
const { arbol, html, n, python } = JSON.parse(r.stdout);

const servidor = await arrancarServidor();
const navegador = await abrirNavegador(servidor.origen);
try {
  const p = await navegador.contexto.newPage();
  await p.goto(servidor.origen + "/courses/llm-agents/llamar-herramientas/");
  await p.locator(".conversacion").first().hover(); // loads the view's module, as a learner would
  await p.waitForFunction(() => performance.getEntriesByType("resource").some((x) => /\/conversacion\.\w+\.js$/.test(x.name)));
  const t = await p.evaluate(async ({ arbol, html, veces }) => {
    const url = performance.getEntriesByType("resource").map((x) => x.name).find((n) => /\/conversacion\.\w+\.js$/.test(n));
    const { dibujar } = await import(url);
    const main = document.querySelector("main");
    const mediana = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const vez = (poner) => {
      const t0 = performance.now();
      const nodo = poner();
      void nodo.offsetHeight; // style and layout, forced
      const ms = performance.now() - t0;
      nodo.remove();
      return ms;
    };
    const js = [], estatico = [];
    for (let i = 0; i < veces; i++) {
      js.push(vez(() => main.appendChild(dibujar(arbol))));
      estatico.push(vez(() => {
        const caja = document.createElement("div");
        caja.innerHTML = html;
        return main.appendChild(caja);
      }));
    }
    return { js: mediana(js), estatico: mediana(estatico) };
  }, { arbol, html, veces: VECES });
  console.log(`dibujar ${n} mensajes en la página: ${t.js.toFixed(1)} ms (objetivo: < 50 ms) = ` +
    `${(t.js / t.estatico).toFixed(2)} x el navegador leyendo el HTML de la construcción (${t.estatico.toFixed(1)} ms); ` +
    `el árbol, en CPython: ${python.toFixed(1)} ms`);
} finally {
  await navegador.cerrar();
  servidor.parar();
}
