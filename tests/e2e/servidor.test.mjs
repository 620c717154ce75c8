// serve.py's headers, straight over HTTP: isolation, types, caching, precompressed files.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { arrancarServidor, LECCION, RAIZ } from "./ayuda.mjs";

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
// same policy from _headers, on every path (/*).
test("every response carries the Content-Security-Policy of _headers; the bench's bare page none", async () => {
  const [, enHeaders] = readFileSync(join(RAIZ, "_headers"), "utf8").match(/^\/\*\n(?: {2}.*\n)*? {2}Content-Security-Policy: (.*)$/m);
  const directivas = Object.fromEntries(enHeaders.split("; ").map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]));
  assert.equal(directivas["default-src"], "'self'");
  assert.equal(directivas["script-src"], "'self' 'wasm-unsafe-eval'"); // no eval, no inline script
  assert.equal(directivas["connect-src"], "'self'"); // no request leaves the origin
  for (const ruta of [LECCION, "/courses/llm-agents/", "/", "/sw.js", "/pyodide/314.0.7/pyodide.mjs", "/no-existe", "/courses/llm-agents"]) {
    assert.equal((await pedir(ruta)).headers.get("content-security-policy"), enHeaders, ruta);
  }
  const pagina = await pedir(LECCION);
  const js = (await pagina.text()).match(/src="(\/static\/pagina\.[A-Z0-9]+\.js)"/)[1];
  assert.equal((await pedir(js)).headers.get("content-security-policy"), enHeaders, js);
  assert.equal((await pedir("/bench/base/")).headers.get("content-security-policy"), null);
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
