// The first visit: the HTML asks for the interpreter's files itself (preload hints), the
// worker's requests find them in the HTTP cache, so each is sent once; the service worker's
// pages come without the hints, the bar counts the bytes sent, not the bytes unpacked, and the
// boot compiles no module of the standard library (their bytecode is in the zip).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import { arrancarServidor, abrirNavegador, ejecutar, esperarInterprete, esperarServiceWorker, LECCION, OTRA, RAIZ } from "./ayuda.mjs";

let servidor;
before(async () => { servidor = await arrancarServidor(undefined, ["--contar"]); });
after(() => servidor?.parar());

const porRuta = async () => (await fetch(`${servidor.origen}/__bytes__?por=ruta`)).json();
const pistas = (p) => p.$$eval("link[data-primera-visita]", (ls) => ls.map((l) => new URL(l.href).pathname));

test("a first visit asks for the interpreter from the HTML and downloads each file once", async () => {
  // Only recording off-origin requests: a Playwright route would turn the HTTP cache off.
  const navegador = await abrirNavegador(servidor.origen, { soloAnotar: true });
  try {
    const p = await navegador.contexto.newPage();
    await p.goto(servidor.origen + LECCION);
    const rutas = await pistas(p);
    assert.deepEqual(rutas.filter((r) => r.startsWith("/pyodide/")).map((r) => r.split("/").pop()),
      ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.mjs", "pyodide.asm.mjs"]);
    assert.match(rutas[0], /^\/static\/trabajador\.\w+\.js$/);
    await esperarInterprete(p);
    const barra = await p.locator(".estado-texto").innerText();
    await esperarServiceWorker(p);
    await p.waitForTimeout(500); // the precache's last requests
    const enviados = await porRuta();
    // The lock comes inside the page (its packages are not served): no request for it.
    assert.deepEqual(Object.keys(enviados).filter((r) => r.endsWith(".json")), []);
    for (const ruta of rutas) {
      const br = statSync(join(RAIZ, "dist", ruta + ".br"), { throwIfNoEntry: false })?.size;
      const entero = statSync(join(RAIZ, "dist", ruta)).size;
      assert.equal(enviados[ruta], br ?? entero, `${ruta}: ${enviados[ruta]} bytes sent, one copy is ${br ?? entero}`);
    }
    assert.match(barra, /^Intérprete listo en/);
    await p.close();

    const tibia = await navegador.contexto.newPage();
    await tibia.goto(servidor.origen + LECCION);
    assert.deepEqual(await pistas(tibia), [], "the service worker's page still has the first visit's hints");
    await esperarInterprete(tibia);
    await tibia.close();
    navegador.ajenas.comprobar();
  } finally {
    await navegador.cerrar();
  }
});

test("the download note counts the bytes sent with brotli, not the unpacked ones", async () => {
  const navegador = await abrirNavegador(servidor.origen);
  try {
    const p = await navegador.contexto.newPage();
    await p.goto(servidor.origen + LECCION, { waitUntil: "domcontentloaded" });
    const { descargas, indexURL } = await p.evaluate(() => JSON.parse(document.getElementById("datos").textContent).config);
    for (const [archivo, [tamano, enviado]] of Object.entries(descargas)) {
      const ruta = join(RAIZ, "dist", indexURL, archivo);
      assert.deepEqual([tamano, enviado], [statSync(ruta).size, statSync(ruta + ".br").size], archivo);
    }
    const total = Object.values(descargas).reduce((a, [, b]) => a + b, 0);
    assert.ok(total < 6e6, `${total} bytes: unpacked, the interpreter is about 22 MB`);
    const megas = `${(total / 1e6).toLocaleString("es", { maximumFractionDigits: 1 })} MB`;
    assert.equal(await p.locator(".estado-nota").innerText(),
      `El intérprete (unos ${megas}) se descarga una sola vez y lo reutilizan todas las lecciones, también sin conexión.`);
    await esperarInterprete(p);
    await p.close();
  } finally {
    await navegador.cerrar();
  }
});

// construir/bytecode.py finds these modules by importing the worker's Python in Node: the
// browser's boot must not need one more.
test("a first visit's boot and first run compile no module of the standard library", async () => {
  const navegador = await abrirNavegador(servidor.origen);
  try {
    const p = await navegador.contexto.newPage();
    await p.goto(servidor.origen + OTRA);
    await esperarInterprete(p);
    assert.equal(await p.evaluate(() => document.documentElement.dataset.arranque), "red");
    await p.locator('[data-celda="hola"] .cm-content').click();
    await p.keyboard.press("Control+A");
    await p.keyboard.insertText([
      "import sys, zipimport", // frozen modules (os, io, codecs...) have a zip's __file__ but no zip loader
      "desde_fuente = lambda m: isinstance(getattr(m, '__loader__', None), zipimport.zipimporter) and m.__file__.endswith('.py')",
      "print(sorted(n for n, m in sys.modules.items() if desde_fuente(m)))",
      "print(sys.modules['json'].__file__)",
    ].join("\n"));
    assert.equal(await ejecutar(p, "hola"), "[]\n/lib/python314.zip/json/__init__.pyc\n");
    await p.close();
    navegador.ajenas.comprobar();
  } finally {
    await navegador.cerrar();
  }
});
