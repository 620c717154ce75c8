// build.py on a copy of lessons/: a malformed lesson fails with file:line and
// leaves the previous dist/ exactly as it was.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, unlinkSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RAIZ, PYTHON } from "./ayuda.mjs";

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
const ROTAS = [
  ["an unknown option", CABECERA + "```{celda}\n:id: a\n:color: rojo\nprint(1)\n```\n", 12, /«color» no se admite aquí/],
  ["an unknown directive", CABECERA + "```{cuestionario}\nhola\n```\n", 10, /directiva desconocida \{cuestionario\}/],
  [":usa: of a missing cell", CABECERA + "```{celda}\n:usa: nadie\nprint(1)\n```\n", 11, /«:usa: nadie» no nombra ninguna celda anterior/],
  ["an empty cell", CABECERA + "```{celda}\n:id: vacia\n```\n", 12, /«codigo» está vacío/],
  ["a missing front-matter key", CABECERA.replace("orden: 99\n", "") + "```{celda}\nprint(1)\n```\n", 1, /falta «orden»/],
  ["a bad slug", CABECERA.replace("slug: rota", "slug: Rota_1"), 3, /«slug» vale 'Rota_1'/],
  ["broken YAML", CABECERA.replace("orden: 99", "orden: [99"), 5, /YAML no válido/],
  ["a directive inside a list", CABECERA + "- un punto\n\n  ```{celda}\n  print(1)\n  ```\n", 12, /dentro de una lista o una cita/],
  ["an unclosed fence", CABECERA + "```{celda}\nprint(1)\n", 10, /no se cierra/],
  [":reto: of a missing challenge", CABECERA + "```{reto}\n:reto: nadie\n```\n", 11, /no existe el reto «nadie»: falta lessons\/llm-agents\/nadie\.reto\.py/],
  ["a {reto} with a body", CABECERA + "```{reto}\n:reto: llamar-herramientas\nEscribe la función.\n```\n", 12, /el cuerpo de \{reto\} va vacío/],
];

test("the good lessons build", () => {
  const r = construir();
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /4 lecciones/);
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
  assert.equal(retos.length, 2);
  for (const archivo of retos) {
    const fuente = readFileSync(join(RAIZ, "lessons", "llm-agents", archivo), "utf8");
    const [, solucion] = fuente.match(/^SOLUCION = '''\\\n([\s\S]*?)'''/m);
    const [, plantilla] = fuente.match(/^PLANTILLA = '''\\\n([\s\S]*?)'''/m);
    const lineas = solucion.split("\n").map((l) => l.trim()).filter((l) => l.length >= 12 && !plantilla.includes(l));
    assert.ok(lineas.length >= 5, `${archivo}: ${lineas}`);
    for (const linea of lineas) {
      assert.ok(!todo.includes(linea) && !todo.includes(JSON.stringify(linea).slice(1, -1)), `${archivo}: «${linea}» is in dist/`);
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
      assert.match(r.stderr, /no se escribió nada/);
      assert.equal(huella(join(dir, "dist")), antes);
      assert.deepEqual(readdirSync(dir).sort(), ["dist", "lessons"]); // no leftover temp folder
    } finally {
      unlinkSync(rota);
    }
  });
}
