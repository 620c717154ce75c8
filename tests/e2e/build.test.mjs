// build.py on a copy of lessons/: a malformed lesson fails with file:line and leaves the
// previous dist/ exactly as it was, and a page's data island survives any text, in Chromium.
// Each authoring error's file:line and message is checked by pytest, in the test file of the
// module that reports it (tests/py/test_leer.py, test_validar.py, ...); the good build and
// the absence of the reference solutions from dist/, in tests/py/test_build.py.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, unlinkSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RAIZ, PYTHON, arrancarServidor, abrirNavegador } from "./ayuda.mjs";

let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "build-"));
  cpSync(join(RAIZ, "lessons"), join(dir, "lessons"), { recursive: true });
});
after(() => rmSync(dir, { recursive: true, force: true }));

function construir() {
  return spawnSync(PYTHON, [join(RAIZ, "build.py"), "--lecciones", "lessons", "--salida", "dist"], { cwd: dir, encoding: "utf-8" });
}

function huella(raiz) {
  const h = createHash("sha256");
  const recorrer = (d) => {
    for (const nombre of readdirSync(d).sort()) {
      const ruta = join(d, nombre);
      const st = statSync(ruta);
      h.update(`${ruta.slice(raiz.length)}:${st.mtimeMs}:`);
      if (st.isDirectory()) recorrer(ruta);
      else h.update(readFileSync(ruta));
    }
  };
  recorrer(raiz);
  return h.digest("hex");
}

const CABECERA = "---\ntitulo: Lección rota\nslug: rota\norden: 99\nresumen: Una lección con un error a propósito.\n---\n\nTexto.\n\n";

// The site built, then a lesson broken: the build says where, and the last good dist/ stays.
test("a malformed lesson fails with file:line, writes nothing and leaves dist/ as it was", () => {
  const buena = construir();
  assert.equal(buena.status, 0, buena.stderr);
  const antes = huella(join(dir, "dist"));
  const rota = join(dir, "lessons", "llm-agents", "rota.md");
  writeFileSync(rota, CABECERA + "```{celda}\n:id: a\n:color: rojo\nprint(1)\n```\n");
  try {
    const r = construir();
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.equal(r.stderr.split("\n")[0], "lessons/llm-agents/rota.md:12: «:color:» no se admite en {celda}; se admite: :id:, :usa:, :termina:");
    assert.match(r.stderr, /no se escribió nada/);
    assert.equal(huella(join(dir, "dist")), antes);
    assert.deepEqual(readdirSync(dir).sort(), ["dist", "lessons"]); // no leftover temp folder
  } finally {
    unlinkSync(rota);
  }
});

// Raw HTML in prose is text, and a cell's text comes back whole from the page's
// JSON island, whatever it holds: "<!--" or "</script>" there would end the island
// early or keep it from ending, and the page would never start.
test("prose HTML is shown as text and any cell text survives the data island", async () => {
  const codigo = 'nota = "<!-- y </script> y <script>"\nprint(nota, "a & b > c")';
  const rota = join(dir, "lessons", "llm-agents", "rota.md");
  writeFileSync(rota, CABECERA + "Con <script>alert(1)</script> en medio, y <!-- esto.\n\n```{celda}\n" + codigo + "\n```\n\nFin.\n");
  const ficha = join(dir, "lessons", "llm-agents", "curso.yaml");  // every lesson is in a block
  const fichaOriginal = readFileSync(ficha, "utf8");
  writeFileSync(ficha, fichaOriginal + "  - titulo: Rota\n    lecciones: [rota]\n");
  let servidor, navegador;
  try {
    const r = construir();
    assert.equal(r.status, 0, r.stderr);
    const html = readFileSync(join(dir, "dist", "courses", "llm-agents", "rota", "index.html"), "utf8");
    const [, isla] = html.match(/<script type="application\/json" id="datos">([\s\S]*?)<\/script>/);
    assert.ok(!isla.includes("<"), "a < in the island can end it or keep it from ending");
    assert.equal(JSON.parse(isla).celdas[0].codigo, codigo);
    assert.match(html, /<p>Con &lt;script&gt;alert\(1\)&lt;\/script&gt; en medio, y &lt;!-- esto\.<\/p>/);
    assert.ok(!html.includes("<script>alert") && !html.includes("<!--"));

    servidor = await arrancarServidor(join(dir, "dist"));
    navegador = await abrirNavegador(servidor.origen);
    const p = await navegador.contexto.newPage();
    const dialogos = [];
    p.on("dialog", (d) => { dialogos.push(d.message()); d.dismiss(); });
    await p.goto(servidor.origen + "/courses/llm-agents/rota/");
    const pagina = await p.evaluate(() => {
      const parrafos = [...document.querySelectorAll("main p")].map((x) => x.textContent);
      return {
        codigo: JSON.parse(document.getElementById("datos").textContent).celdas[0].codigo,
        prosa: parrafos.find((t) => t.startsWith("Con ")),
        celdas: document.querySelectorAll("[data-celda]").length,
        fin: parrafos.includes("Fin."),
      };
    });
    assert.deepEqual(pagina, { codigo, prosa: "Con <script>alert(1)</script> en medio, y <!-- esto.", celdas: 1, fin: true });
    assert.deepEqual(dialogos, []);
  } finally {
    await navegador?.cerrar();
    servidor?.parar();
    unlinkSync(rota);
    writeFileSync(ficha, fichaOriginal);
  }
});
