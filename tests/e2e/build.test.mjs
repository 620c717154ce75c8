// build.py on a copy of lessons/: a malformed lesson fails with file:line and
// leaves the previous dist/ exactly as it was.
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
const LECTURAS = CABECERA.replace("---\n\n", "lecturas:\n  - titulo: Uno\n    url: https://example.org/uno\n  - titulo: Dos\n    url: http://example.org/dos\n---\n\n");
const ROTAS = [
  ["an unknown option", CABECERA + "```{celda}\n:id: a\n:color: rojo\nprint(1)\n```\n", 12, /«:color:» no se admite en \{celda\}; se admite: :id:, :usa:$/],
  ["a misspelt option", CABECERA + "```{celda}\n:uza: a\nprint(1)\n```\n", 11, /«:uza:» no se admite en \{celda\}; ¿querías decir «:usa:»\?$/],
  ["an unknown directive", CABECERA + "```{cuestionario}\nhola\n```\n", 10, /directiva desconocida \{cuestionario\}/],
  ["a cell too long to mount whole", CABECERA + "```{celda}\n:id: larga\n" + "print(1)\n".repeat(31) + "```\n", 10, /la celda «larga» tiene 31 líneas; el máximo es 30/],
  [":usa: of a missing cell", CABECERA + "```{celda}\n:usa: nadie\nprint(1)\n```\n", 11, /«:usa: nadie» no nombra ninguna celda anterior/],
  ["an empty cell", CABECERA + "```{celda}\n:id: vacia\n```\n", 12, /: el código de \{celda\} está vacío$/],
  ["a missing front-matter key", CABECERA.replace("orden: 99\n", "") + "```{celda}\nprint(1)\n```\n", 1, /: falta «orden» en la cabecera$/],
  // A misspelt key is reported at its own line, once, with the key it was meant to be.
  ["a misspelt front-matter key", CABECERA.replace("resumen:", "resúmen:"), 5, /: «resúmen» no se admite en la cabecera; ¿querías decir «resumen»\?$/],
  ["a bad slug", CABECERA.replace("slug: rota", "slug: Rota_1"), 3, /«slug» vale 'Rota_1'/],
  ["broken YAML", CABECERA.replace("orden: 99", "orden: [99"), 5, /YAML no válido/],
  // A bad entry of a list is reported at that entry, by its number.
  ["a bad url in the second reading", LECTURAS, 10, /: «url» de la lectura 2 debe empezar por https:\/\/ \(vale 'http:\/\/example\.org\/dos'\)$/],
  ["a second reading without its url", LECTURAS.replace("    url: http://example.org/dos\n", ""), 9, /: falta «url» en la lectura 2$/],
  ["a second reading with an unknown key", LECTURAS.replace("url: http://example.org/dos", "url: https://example.org/dos\n    enlace: x"), 11, /: «enlace» no se admite en la lectura 2; se admite: titulo, url$/],
  ["a directive inside a list", CABECERA + "- un punto\n\n  ```{celda}\n  print(1)\n  ```\n", 12, /dentro de una lista o una cita/],
  ["an unclosed fence", CABECERA + "```{celda}\nprint(1)\n", 10, /: la directiva ```\{celda\} no se cierra: falta la línea ``` final$/],
  // A fence left open swallows what follows it; the error is at its opening line.
  ["a cell left open before prose and a cell", CABECERA + "```{celda}\nprint(1)\n\nMás texto.\n\n```{celda}\nprint(2)\n```\n", 10,
    /: la directiva ```\{celda\} no se cierra: falta la línea ``` final antes de la línea 15 \(```\{celda\}\), que abre otro bloque/],
  ["a cell left open before prose and a code block", CABECERA + "```{celda}\nprint(1)\n\nMás texto.\n\n```python\nx = 1\n```\n", 10,
    /: la directiva ```\{celda\} no se cierra: falta la línea ``` final antes de la línea 15 \(```python\)/],
  ["a cell left open to the end", CABECERA + "```{celda}\nprint(1)\n\nMás texto, que sería parte de la celda.\n", 10, /: la directiva ```\{celda\} no se cierra/],
  ["a code block left open before a cell", CABECERA + "```python\nx = 1\n\n```{celda}\nprint(2)\n```\n", 10,
    /: el bloque ```python no se cierra: falta la línea ``` final antes de la línea 13 \(```\{celda\}\), que abre otro bloque \(si esa línea es parte del bloque, usa ```` para abrirlo y cerrarlo\)$/],
  ["a code block left open to the end", CABECERA + "Más texto.\n\n~~~\nx = 1\n", 12, /: el bloque ~~~ no se cierra: falta la línea ~~~ final$/],
  ["a code block in a list left open", CABECERA + "- un punto\n\n  ```python\n  x = 1\n\n- otro punto\n", 12, /: el bloque ```python no se cierra/],
  [":reto: of a missing challenge", CABECERA + "```{reto}\n:reto: nadie\n```\n", 11, /no existe el reto «nadie»: falta lessons\/llm-agents\/nadie\.reto\.py/],
  ["a {reto} with a body", CABECERA + "```{reto}\n:reto: llamar-herramientas\nEscribe la función.\n```\n", 12, /el cuerpo de \{reto\} va vacío/],
  ["a question of an unknown kind", CABECERA + "```{pregunta}\n:tipo: foo\n¿Algo?\n- [ ] a\n- [x] b\n> ok\n```\n", 11, /«:tipo:» de \{pregunta\} vale 'foo', y solo se admite: unica, multiple/],
  ["a single-choice question with two right options", CABECERA + "```{pregunta}\n:tipo: unica\n¿Algo?\n- [x] a\n- [x] b\n> ok\n```\n", 13, /exactamente una opción correcta, marcada con \[x\], y tiene 2/],
  ["an option without an explanation", CABECERA + "```{pregunta}\n:tipo: unica\n¿Algo?\n- [ ] a\n  por a\n- [x] b\n```\n", 15, /falta la explicación de esta opción/],
  ["a true/false question without its answer", CABECERA + "```{pregunta}\n:tipo: vf\n¿Algo?\n> ok\n```\n", 10, /a una pregunta «vf» le falta :respuesta:/],
  ["a bug-line question pointing past the snippet", CABECERA + "```{pregunta}\n:tipo: linea\n:respuesta: 9\n¿Algo?\n~~~python\nx = 1\n~~~\n> ok\n```\n", 12, /:respuesta: es el número de la línea con el error, entre 1 y 1/],
  ["a gap question without its gap", CABECERA + "```{pregunta}\n:tipo: hueco\n:respuesta: x\n¿Algo?\n~~~python\nx = 1\n~~~\n> ok\n```\n", 14, /marca un solo hueco con ___/],
  ["a multiple-choice question with no right option", CABECERA + "```{pregunta}\n:tipo: multiple\n¿Algo?\n- [ ] a\n- [ ] b\n> ok\n```\n", 13, /marca con \[x\] al menos una opción correcta/],
];

test("the good lessons build", () => {
  const r = construir();
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /6 lecciones/);
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

// Nothing secret in the page: no line of a reference solution reaches dist/, in any text file.
test("no line of a reference solution is in dist/", () => {
  const textos = [];
  const recorrer = (d) => readdirSync(d, { withFileTypes: true }).forEach((x) => {
    const ruta = join(d, x.name);
    if (x.isDirectory()) recorrer(ruta);
    else if (/\.(html|js|mjs|json|py|css|txt)$/.test(x.name)) textos.push(readFileSync(ruta, "utf8"));
  });
  recorrer(join(dir, "dist"));
  const todo = textos.join("\n");
  const retos = readdirSync(join(RAIZ, "lessons", "llm-agents")).filter((n) => n.endsWith(".reto.py"));
  assert.equal(retos.length, 4);
  for (const archivo of retos) {
    const fuente = readFileSync(join(RAIZ, "lessons", "llm-agents", archivo), "utf8");
    const [, solucion] = fuente.match(/^SOLUCION = '''\\\n([\s\S]*?)'''/m);
    const [, plantilla] = fuente.match(/^PLANTILLA = '''\\\n([\s\S]*?)'''/m);
    const lineas = solucion.split("\n").map((l) => l.trim()).filter((l) => l.length >= 12 && !plantilla.includes(l));
    assert.ok(lineas.length >= 5, `${archivo}: ${lineas}`);
    for (const linea of lineas) {
      const enIsla = JSON.stringify(linea).slice(1, -1).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
      assert.ok(!todo.includes(linea) && !todo.includes(JSON.stringify(linea).slice(1, -1)) && !todo.includes(enIsla),
        `${archivo}: «${linea}» is in dist/`);
    }
  }
});

test("a challenge file missing a name fails the build with its file:line", () => {
  const reto = join(dir, "lessons", "llm-agents", "roto.reto.py");
  const rota = join(dir, "lessons", "llm-agents", "rota.md");
  const fuente = readFileSync(join(RAIZ, "lessons", "llm-agents", "llamar-herramientas.reto.py"), "utf8");
  writeFileSync(reto, fuente.replace(/^FUNCION = .*$/m, "FUNCION = 3"));
  writeFileSync(rota, CABECERA + "```{reto}\n:reto: roto\n```\n");
  try {
    const antes = huella(join(dir, "dist"));
    const r = construir();
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const linea = fuente.split("\n").findIndex((l) => l.startsWith("FUNCION = ")) + 1;
    assert.equal(r.stderr.split("\n")[0], `lessons/llm-agents/roto.reto.py:${linea}: FUNCION debe ser un texto (el nombre de la función que escribe quien aprende)`);
    assert.equal(huella(join(dir, "dist")), antes);
  } finally {
    unlinkSync(reto);
    unlinkSync(rota);
  }
});


for (const [caso, texto, linea, mensaje] of ROTAS) {
  test(`a lesson with ${caso} fails with file:line and leaves dist/ as it was`, () => {
    const antes = huella(join(dir, "dist"));
    const rota = join(dir, "lessons", "llm-agents", "rota.md");
    writeFileSync(rota, texto);
    try {
      const r = construir();
      assert.equal(r.status, 1, r.stdout + r.stderr);
      const primera = r.stderr.split("\n")[0];
      assert.ok(primera.startsWith(`lessons/llm-agents/rota.md:${linea}: `), primera);
      assert.match(primera, mensaje);
      // Never the names of the parsed dict: the author wrote a front matter, directives, a body.
      assert.doesNotMatch(r.stderr, /«(meta|bloques|codigo|cuerpo|opciones)»|\b(meta|bloques)\b/);
      assert.match(r.stderr, /no se escribió nada/);
      assert.equal(huella(join(dir, "dist")), antes);
      assert.deepEqual(readdirSync(dir).sort(), ["dist", "lessons"]); // no leftover temp folder
    } finally {
      unlinkSync(rota);
    }
  });
}
