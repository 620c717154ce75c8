// Offline cache, cache-first. build.py fills in the four constants below.
// Each build gets its own cache, named after a hash of the whole precache list,
// and every entry is checked against its content hash while installing: a page
// is served from exactly one build, never a mix. Unchanged entries are copied
// from the previous build's cache instead of downloaded again, once their bytes
// pass the same check (an older sw.js, or any script of this origin, may have
// written them); one that fails is downloaded instead. Old caches are deleted
// on activation, which happens only once no page uses the old build.
// The wasm is the exception: it is fetched through the HTTP cache at each install, and served
// from there when it is there (desdeCacheHttp), under a URL that names Pyodide's version.
// Entries are not hashed again when served: install puts each one in this
// build's cache only after its check, and hashing on every load would cost time
// on every visit (docs/cifras.md, "The service worker") and hold each response
// until its whole body is read, where wasm now compiles as it streams.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__; // [[path, content hash], ...]
const CONSERVAR = __CONSERVAR__; // other caches of this build (interpreter snapshot)
const BASE = "__BASE__"; // the path the site is served under (build.py --base), "/" at the root
const INMUTABLE = [`${BASE}static/`, `${BASE}pyodide/`]; // paths whose content never changes
const CSP = "__CSP__"; // the pages' Content-Security-Policy, with build.py --conectar's origins

// Caches belong to an origin, and one origin may hold several sites (GitHub Pages puts every
// project under user.github.io): a site under a sub-path marks its caches with it, and deletes
// only its own.
const MARCA = BASE === "/" ? "" : `@${BASE}`;
const NOMBRE = `curso-${VERSION}${MARCA}`;
const propia = (nombre) => (MARCA ? nombre.endsWith(MARCA) : !nombre.includes("@"));
const REVISION = new Map(PRECACHE);
const PARALELAS = 4;

const claveDe = (ruta, rev) => `${ruta}?rev=${rev}`;
const esWasm = (ruta) => ruta.startsWith(`${BASE}pyodide/`) && ruta.endsWith(".wasm");

async function resumen(bytes) {
  const h = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(h.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function traer(cache, ruta, rev) {
  const clave = claveDe(ruta, rev);
  // Same content in an older build's cache; the wasm is fetched anyway, to refill the HTTP cache
  // if it lost it (see desdeCacheHttp; free when it has it).
  const previa = !esWasm(ruta) && (await caches.match(clave));
  if (previa && (await resumen(await previa.clone().arrayBuffer())) === rev) return cache.put(clave, previa);
  const r = await fetch(ruta, { cache: INMUTABLE.some((p) => ruta.startsWith(p)) ? "default" : "no-cache" });
  if (!r.ok) throw new Error(`${ruta}: HTTP ${r.status}`);
  const cuerpo = await r.arrayBuffer();
  const real = await resumen(cuerpo);
  if (real !== rev) throw new Error(`${ruta}: contenido de otra versión (${real} ≠ ${rev})`);
  // The body is already decoded: drop the headers that described the wire form.
  const cabeceras = new Headers(r.headers);
  cabeceras.delete("content-encoding");
  cabeceras.delete("content-length");
  return cache.put(clave, new Response(cuerpo, { status: r.status, statusText: r.statusText, headers: cabeceras }));
}

async function instalar() {
  const cache = await caches.open(NOMBRE);
  const pendientes = [...PRECACHE];
  const trabajar = async () => {
    while (pendientes.length) {
      const [ruta, rev] = pendientes.shift();
      await traer(cache, ruta, rev);
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALELAS }, trabajar));
  } catch (e) {
    await caches.delete(NOMBRE); // a half-filled cache must never be used
    throw e;
  }
}

async function activar() {
  const conservar = new Set([NOMBRE, ...CONSERVAR]);
  for (const nombre of await caches.keys()) {
    if (propia(nombre) && !conservar.has(nombre)) await caches.delete(nombre);
  }
}

self.addEventListener("install", (e) => e.waitUntil(instalar()));
self.addEventListener("activate", (e) => e.waitUntil(activar()));

// A page served from here finds the interpreter here too: its first-visit preload hints
// (construir/paginas.py) would only read the interpreter's files a second time (their
// sizes: docs/cifras.md, "The service worker").
const PRIMERA_VISITA = /<link [^>]*data-primera-visita>\n?/g;

// A host that cannot set headers (GitHub Pages, a plain file server) sends no COOP/COEP, and
// without them a page is not cross-origin isolated: Stop must restart the interpreter and
// input() cannot wait. What this worker serves carries them, as coi-serviceworker does, so
// from the second load on the pages are isolated anyway, also when an entry is missing from
// the cache (evicted, say) and comes from the network. Where the host sets them, the response
// is passed on as it came.
const AISLAMIENTO = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-embedder-policy": "require-corp",
  "cross-origin-resource-policy": "same-origin",
};
// The policy too: the pages carry it in a <meta>, but the worker that runs the cells has no
// <meta>, and with it reaches only the origins the pages may reach, as under _headers.
const SIN_CABECERAS = { ...AISLAMIENTO, "content-security-policy": CSP };

async function servir(r, navegacion) {
  const aislada = r.headers.has("cross-origin-embedder-policy");
  // A redirect followed cannot be rebuilt as this same response (its URL would be lost).
  if (r.redirected || (aislada && !navegacion)) return r;
  const cabeceras = new Headers(r.headers);
  for (const [k, v] of Object.entries(SIN_CABECERAS)) if (!cabeceras.has(k)) cabeceras.set(k, v);
  let cuerpo = r.body;
  if (navegacion) {
    cabeceras.delete("content-length");
    cuerpo = (await r.text()).replace(PRIMERA_VISITA, "");
  }
  return new Response(cuerpo, { status: r.status, statusText: r.statusText, headers: cabeceras });
}

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin) return;
  const ruta = url.pathname.endsWith("/index.html") ? url.pathname.slice(0, -"index.html".length) : url.pathname;
  const rev = REVISION.get(ruta);
  if (!rev) return;
  const guardada = () => caches.open(NOMBRE).then((c) => c.match(claveDe(ruta, rev)));
  if (esWasm(ruta)) return e.respondWith(desdeCacheHttp(e.request).catch(guardada).then((r) => r || fetch(e.request)));
  e.respondWith(guardada().then((r) => r || fetch(e.request)).then((r) => servir(r, e.request.mode === "navigate")));
});

// The wasm comes from the HTTP cache when a download left it there: V8 keeps its compiled code
// beside that entry and reads it back for a response from there only, never from Cache Storage
// (a warm visit's first cell: 141-173 ms instead of 358, docs/cifras.md, "Issue 35"). Never from
// the network: an entry the HTTP cache lost (or never kept: a host may forbid it) is served from
// this build's cache, as every other file is, until the next build's install refills it (traer).
// "only-if-cached" takes a stale entry as it is: the URL names Pyodide's version, and its bytes
// never change.
async function desdeCacheHttp(peticion) {
  const r = await fetch(peticion.url, { cache: "only-if-cached", mode: "same-origin" });
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return r;
}
