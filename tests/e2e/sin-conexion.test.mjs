// After one visit, the service worker holds every lesson, the interpreter, the
// course's .py files and the wheels: with the network off, another lesson opens
// and runs, and so does the open_url cell and the jsonschema import.
import { test } from "node:test";
import assert from "node:assert/strict";
import { servidorYNavegador } from "./montaje.mjs";
import { abrirNavegador, ejecutar, esperarInterprete, esperarServiceWorker, LECCION, OTRA } from "./ayuda.mjs";

const INSTANTANEA = "/__instantanea__";

/** The snapshot entry of the page's build, if any: {n: bytes, bien: whether they match its SHA-256 header}. */
const leerInstantanea = (pagina) => pagina.evaluate(async (clave) => {
  const nombre = JSON.parse(document.getElementById("datos").textContent).config.instantanea;
  const r = await (await caches.open(nombre)).match(clave);
  if (!r) return null;
  const bytes = await r.arrayBuffer();
  const h = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
  return { n: bytes.byteLength, bien: h === r.headers.get("x-sha256") };
}, INSTANTANEA);

/** Unlike ayuda.mjs's esperarInstantanea, waits for an entry whose bytes match its SHA-256. */
async function esperarInstantaneaValida(pagina) {
  for (let i = 0; i < 300; i++) {
    const s = await leerInstantanea(pagina);
    if (s?.bien) return s;
    await pagina.waitForTimeout(100);
  }
  throw new Error("no se guardó ninguna instantánea válida");
}

const e = servidorYNavegador();

test("after one visit, every lesson opens and runs offline", async () => {
  const primera = await e.navegador.contexto.newPage();
  await primera.goto(e.servidor.origen + LECCION);
  // First visit: a progress bar counts the download, with a note saying it happens once.
  await primera.waitForFunction(() => {
    const barra = document.querySelector("#estado progress");
    return !barra.hidden && barra.value > 0 && /\d MB de \d/.test(document.querySelector("#estado").textContent);
  }, null, { timeout: 30_000 });
  assert.match(await primera.locator(".estado-nota").innerText(), /se descarga una sola vez/);
  await esperarInterprete(primera);
  assert.match(await primera.locator("#estado").innerText(), /Intérprete listo en/);
  await esperarServiceWorker(primera);
  const cacheadas = await primera.evaluate(async () => {
    const nombres = await caches.keys();
    return { nombres, claves: (await (await caches.open(nombres.find((n) => n.startsWith("curso-")))).keys()).map((r) => new URL(r.url).pathname) };
  });
  for (const ruta of [LECCION, OTRA, "/courses/llm-agents/", "/courses/llm-agents/guionizado.py", "/pyodide/314.0.7/pyodide.asm.wasm"]) {
    assert.ok(cacheadas.claves.includes(ruta), `${ruta} is not precached: ${cacheadas.claves}`);
  }
  assert.ok(cacheadas.claves.some((r) => r.endsWith(".whl")), "no wheel precached");
  await esperarInstantaneaValida(primera);
  await primera.close();

  await e.navegador.contexto.setOffline(true);
  try {
    const otra = await e.navegador.contexto.newPage();
    await otra.goto(e.servidor.origen + OTRA);
    await esperarInterprete(otra);
    assert.equal(await otra.locator(".estado-nota").isVisible(), false); // no download note once cached
    assert.match(await ejecutar(otra, "hola"), /Hola, Ana/);
    await otra.close();

    const leccion = await e.navegador.contexto.newPage();
    await leccion.goto(e.servidor.origen + LECCION);
    assert.match(await ejecutar(leccion, "cargar"), /tool_use t1 leer/);
    assert.match(await ejecutar(leccion, "esquema"), /argumentos válidos para leer/);
    // The second boot of the profile restores the interpreter from its snapshot.
    assert.equal(await leccion.evaluate(() => document.documentElement.dataset.arranque), "instantanea");
    await leccion.close();
  } finally {
    await e.navegador.contexto.setOffline(false);
  }
  e.navegador.ajenas.comprobar();
});

test("the offline check can fail: with no visit first, an offline lesson does not load", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    await otro.contexto.setOffline(true);
    const p = await otro.contexto.newPage();
    await assert.rejects(p.goto(e.servidor.origen + OTRA));
  } finally {
    await otro.cerrar();
  }
});

// A damaged entry in the Cache API is never used as good: a copy in an older
// build's cache is checked before the install reuses it, and a snapshot whose
// bytes no longer match its SHA-256 is dropped for a plain boot.
test("damaged cache entries are never used: a bad older copy is downloaded again, a bad snapshot boots plain", async () => {
  const otro = await abrirNavegador(e.servidor.origen);
  try {
    const ruta = "/courses/llm-agents/guionizado.py";
    const precache = (await (await fetch(e.servidor.origen + "/sw.js")).text()).match(/const PRECACHE = (\[\[.*?\]\]);/)[1];
    const clave = `${ruta}?rev=${new Map(JSON.parse(precache)).get(ruta)}`;
    const bueno = await (await fetch(e.servidor.origen + ruta)).text();
    const p = await otro.contexto.newPage();
    await p.goto(e.servidor.origen + "/no-existe"); // the 404 page registers no service worker
    await p.evaluate(async (k) => (await caches.open("curso-anterior")).put(k, new Response("print('dañado')")), clave);
    await p.goto(e.servidor.origen + LECCION);
    await esperarInterprete(p);
    await esperarServiceWorker(p);
    const copia = await p.evaluate(async (k) => {
      const nombre = (await caches.keys()).find((n) => n.startsWith("curso-"));
      return (await (await caches.open(nombre)).match(k)).text();
    }, clave);
    assert.equal(copia, bueno);

    // Flip one byte of the stored snapshot, keeping its header: the next boot is plain and stores a good one.
    const antes = await esperarInstantaneaValida(p);
    await p.evaluate(async (k) => {
      const nombre = JSON.parse(document.getElementById("datos").textContent).config.instantanea;
      const cache = await caches.open(nombre);
      const r = await cache.match(k);
      const bytes = new Uint8Array(await r.arrayBuffer());
      bytes[bytes.length >> 1] ^= 0xff;
      await cache.put(k, new Response(bytes, { headers: r.headers }));
    }, INSTANTANEA);
    assert.deepEqual(await leerInstantanea(p), { n: antes.n, bien: false });
    await p.close();
    for (const esperado of ["red", "instantanea"]) {
      const q = await otro.contexto.newPage();
      await q.goto(e.servidor.origen + LECCION);
      await esperarInterprete(q);
      assert.equal(await q.evaluate(() => document.documentElement.dataset.arranque), esperado);
      assert.match(await ejecutar(q, "cargar"), /tool_use t1 leer/);
      await esperarInstantaneaValida(q);
      await q.close();
    }
    otro.ajenas.comprobar();
  } finally {
    await otro.cerrar();
  }
});
