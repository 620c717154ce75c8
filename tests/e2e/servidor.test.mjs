// serve.py's headers, straight over HTTP: isolation, types, caching, precompressed files.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { arrancarServidor, LECCION, RAIZ } from "./ayuda.mjs";

const DIST = join(RAIZ, "dist");
/** Every file of dist/, as a URL path. */
const archivosDeDist = () => readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).map((e) => "/" + join(e.parentPath, e.name).slice(DIST.length + 1));

let servidor;
before(async () => { servidor = await arrancarServidor(); });
after(() => servidor?.parar());

const pedir = (ruta, cabeceras = {}) => fetch(servidor.origen + ruta, { headers: cabeceras, redirect: "manual" });

test("every response is cross-origin isolated", async () => {
  for (const ruta of [LECCION, "/sw.js", "/pyodide/314.0.7/pyodide.mjs", "/no-existe"]) {
    const r = await pedir(ruta);
    assert.equal(r.headers.get("cross-origin-opener-policy"), "same-origin", ruta);
    assert.equal(r.headers.get("cross-origin-embedder-policy"), "require-corp", ruta);
  }
});

// Only the site's own scripts and wasm, nothing fetched off the origin; static hosts get the
// same policy from _headers, on every path (/*): no file of dist/ is served without it.
test("every response carries the Content-Security-Policy of _headers, for every file of dist/", async () => {
  const [, enHeaders] = readFileSync(join(RAIZ, "_headers"), "utf8").match(/^\/\*\n(?: {2}.*\n)*? {2}Content-Security-Policy: (.*)$/m);
  const directivas = Object.fromEntries(enHeaders.split("; ").map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]));
  assert.equal(directivas["default-src"], "'self'");
  assert.equal(directivas["script-src"], "'self' 'wasm-unsafe-eval'"); // no eval, no inline script
  assert.equal(directivas["connect-src"], "'self'"); // no request leaves the origin
  const archivos = archivosDeDist().filter((r) => !/\.(br|gz)$/.test(r));
  assert.ok(archivos.some((r) => /^\/static\/pagina\.\w+\.js$/.test(r)), archivos.join(" "));
  for (const ruta of [...archivos, "/", "/courses/llm-agents/", "/no-existe", "/courses/llm-agents"]) {
    assert.equal((await pedir(ruta)).headers.get("content-security-policy"), enHeaders, ruta);
  }
});

// That policy runs no inline script: a page of dist/ with one would be blocked on any host
// that sends _headers. The JSON data islands are not scripts.
test("no page of dist/ has an inline script", () => {
  const paginas = archivosDeDist().filter((r) => r.endsWith(".html"));
  assert.ok(paginas.includes(LECCION + "index.html"), paginas.join(" "));
  for (const ruta of paginas) {
    for (const [etiqueta] of readFileSync(join(DIST, ruta), "utf8").matchAll(/<script\b[^>]*>/g)) {
      assert.match(etiqueta, /\ssrc="|\stype="application\/json"/, `${ruta}: ${etiqueta}`);
    }
  }
});

// A host that sends no headers still gets the policy: every page carries it in a <meta>, the
// same value (tests/e2e/modelo-real.test.mjs checks a build with --conectar on such a host).
test("every page of dist/ carries the same policy in its <meta>, before anything it loads", () => {
  const [, enHeaders] = readFileSync(join(DIST, "_headers"), "utf8").match(/^ {2}Content-Security-Policy: (.*)$/m);
  for (const ruta of archivosDeDist().filter((r) => r.endsWith(".html"))) {
    const cabeza = readFileSync(join(DIST, ruta), "utf8").split("<title>")[0];
    const meta = cabeza.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
    assert.equal(meta?.[1].replaceAll("&amp;", "&"), enHeaders, ruta);
    assert.doesNotMatch(cabeza, /<(script|link)\b/, ruta);
  }
});

test("types and cache lifetimes", async () => {
  const wasm = await pedir("/pyodide/314.0.7/pyodide.asm.wasm");
  assert.equal(wasm.headers.get("content-type"), "application/wasm");
  assert.match(wasm.headers.get("cache-control"), /max-age=31536000, immutable/);
  const mjs = await pedir("/pyodide/314.0.7/pyodide.mjs");
  assert.match(mjs.headers.get("content-type"), /^text\/javascript/);
  for (const ruta of [LECCION, "/sw.js", "/courses/llm-agents/guionizado.py"]) {
    assert.equal((await pedir(ruta)).headers.get("cache-control"), "no-cache", ruta);
  }
  const pagina = await pedir(LECCION);
  const js = (await pagina.text()).match(/src="(\/static\/pagina\.[A-Z0-9]+\.js)"/)[1];
  assert.match((await pedir(js)).headers.get("cache-control"), /immutable/);
});

test("precompressed copies are served when accepted, and revalidation works", async () => {
  const raw = await pedir("/pyodide/314.0.7/pyodide.asm.wasm", { "accept-encoding": "identity" });
  assert.equal(raw.headers.get("content-encoding"), null);
  const n = Number(raw.headers.get("content-length"));
  const br = await pedir("/pyodide/314.0.7/pyodide.asm.wasm", { "accept-encoding": "gzip, br" });
  assert.equal(br.headers.get("content-encoding"), "br");
  const gz = await pedir("/pyodide/314.0.7/pyodide.asm.wasm", { "accept-encoding": "gzip" });
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  assert.ok((await br.arrayBuffer()).byteLength > 0); // fetch decodes it
  assert.ok(Number(gz.headers.get("content-length")) < n / 2);
  const etag = raw.headers.get("etag");
  const otra = await pedir("/pyodide/314.0.7/pyodide.asm.wasm", { "accept-encoding": "identity", "if-none-match": etag });
  assert.equal(otra.status, 304);
});

test("paths outside dist/ and hidden files are not served; folders redirect to a slash", async () => {
  assert.equal((await pedir("/%2e%2e/build.py")).status, 404);
  assert.equal((await pedir("/../serve.py")).status, 404);
  const r = await pedir("/courses/llm-agents");
  assert.equal(r.status, 301);
  assert.equal(r.headers.get("location"), "/courses/llm-agents/");
});
