// Layout in Chromium: Cumulative Layout Shift while a lesson starts (first and
// warm visit), phones at 360 px (no sideways page scroll, tracebacks that keep
// their columns, one-line cell toolbars), prose tables, static code coloured
// as the editors, and the Esc-then-Tab hint near the first editor.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { abrirNavegador, abrirPagina, ejecutar, esperarInstantanea, esperarInterprete, esperarServiceWorker, LECCION, PYTHON, RAIZ } from "./ayuda.mjs";

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());
const INDICE = "/courses/llm-agents/";
const MOVIL = { width: 360, height: 740 };

const abrir = (ruta, { contexto = e.navegador.contexto, esquema, tamano } = {}) =>
  abrirPagina(contexto, e.servidor.origen + ruta, { esquema, tamano });

const lecciones = async (p) => p.$$eval(".lecciones li > a[href]", (as) => as.map((a) => new URL(a.href).pathname));

// --- Cumulative Layout Shift -------------------------------------------------

/** Layout shifts (not after input) from navigation until the interpreter is ready and the editors
 * are mounted, plus 1 s. A phone's first visit downloads nothing until a Run: editors only. */
async function cls(contexto, tamano, { listo = true } = {}) {
  const p = await contexto.newPage();
  if (tamano) await p.setViewportSize(tamano);
  await p.addInitScript(() => {
    window.__cls = { total: 0, fuentes: [] };
    new PerformanceObserver((lista) => {
      for (const x of lista.getEntries()) {
        if (x.hadRecentInput) continue;
        window.__cls.total += x.value;
        window.__cls.fuentes.push(`${x.value.toFixed(4)} at ${Math.round(x.startTime)} ms: ${x.sources.map((s) => s.node?.className || s.node?.nodeName || "?").join(", ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await p.goto(e.servidor.origen + LECCION);
  if (listo) await esperarInterprete(p);
  await p.waitForFunction(() => {
    const d = JSON.parse(document.getElementById("datos").textContent);
    return document.querySelectorAll(".cm-editor").length === d.celdas.length + d.retos.length;
  });
  await p.waitForTimeout(1000);
  const r = await p.evaluate(() => window.__cls);
  return { ...r, p };
}

/** A fresh profile (a true first visit), then a warm visit once the service worker and the
 * memory snapshot are in place. */
async function primeraYTibia(tamano) {
  const navegador = await abrirNavegador(e.servidor.origen);
  try {
    const movil = tamano && tamano.width <= 600;
    const primera = await cls(navegador.contexto, tamano, { listo: !movil });
    if (movil) await primera.p.locator("button.ejecutar").first().click(); // starts the download
    await esperarServiceWorker(primera.p);
    await esperarInstantanea(primera.p);
    await primera.p.close();
    const tibia = await cls(navegador.contexto, tamano);
    await tibia.p.close();
    navegador.ajenas.comprobar();
    return { primera, tibia };
  } finally {
    await navegador.cerrar();
  }
}

for (const tamano of [undefined, MOVIL]) {
  const ancho = tamano ? "360 px" : "1280 px";
  test(`layout shift while a lesson starts stays under 0.02, first and warm visit, ${ancho}`, async () => {
    const { primera, tibia } = await primeraYTibia(tamano);
    console.log(`CLS, ${LECCION} at ${ancho}: first visit ${primera.total.toFixed(4)}, warm visit ${tibia.total.toFixed(4)}`);
    assert.ok(primera.total < 0.02, `CLS first visit ${primera.total.toFixed(4)}:\n${primera.fuentes.join("\n")}`);
    assert.ok(tibia.total < 0.02, `CLS warm visit ${tibia.total.toFixed(4)}:\n${tibia.fuentes.join("\n")}`);
  });
}

// --- Static code and the editor that replaces it -------------------------------

/** Before the editors mount (DOMContentLoaded; pagina.js waits for the worker first): each
 * static copy's height, where its first character starts, and each character's colour. */
function anotarEstatico() {
  document.addEventListener("DOMContentLoaded", () => {
    window.__estatico = [...document.querySelectorAll(".editor")].map((ed) => {
      const caja = ed.getBoundingClientRect();
      const textos = [];
      const w = document.createTreeWalker(ed.querySelector("code"), NodeFilter.SHOW_TEXT);
      for (let n; (n = w.nextNode());) textos.push(n);
      const r = document.createRange();
      r.setStart(textos[0], 0);
      r.setEnd(textos[0], 1);
      const colores = textos.flatMap((n) => [...n.data].filter((c) => c.trim()).map((c) => [c, getComputedStyle(n.parentElement).color]));
      return { alto: caja.height, x: r.getBoundingClientRect().left - caja.left, colores };
    });
  });
}

/** The same, from the mounted CodeMirror editors. */
const medirEditores = (p) => p.evaluate(() => [...document.querySelectorAll(".editor")].map((ed) => {
  const caja = ed.getBoundingClientRect();
  const linea = ed.querySelector(".cm-line");
  const colores = [];
  for (const l of ed.querySelectorAll(".cm-line")) {
    const w = document.createTreeWalker(l, NodeFilter.SHOW_TEXT);
    for (let n; (n = w.nextNode());) colores.push(...[...n.data].filter((c) => c.trim()).map((c) => [c, getComputedStyle(n.parentElement).color]));
  }
  const x = linea.getBoundingClientRect().left + parseFloat(getComputedStyle(linea).paddingLeft) - caja.left;
  return { alto: caja.height, x, colores, reto: !!ed.closest(".reto"), texto: getComputedStyle(ed.querySelector(".cm-content")).color };
}));

async function estaticoYEditores(ruta, opciones) {
  const p = await e.navegador.contexto.newPage();
  await p.emulateMedia({ colorScheme: opciones.esquema });
  if (opciones.tamano) await p.setViewportSize(opciones.tamano);
  await p.addInitScript(anotarEstatico);
  await p.goto(e.servidor.origen + ruta);
  await p.waitForFunction(() => document.documentElement.classList.contains("con-js"));
  // CodeMirror may finish parsing (and colouring) in later frames on a busy machine: measure once
  // the number of coloured spans has held still for 300 ms.
  await p.waitForFunction(() => {
    const n = document.querySelectorAll(".cm-content span").length;
    const [antes, desde] = window.__spans ?? [-1, 0];
    if (n !== antes) window.__spans = [n, performance.now()];
    return n === antes && performance.now() - desde >= 300;
  }, null, { polling: 100 });
  const antes = await p.evaluate(() => window.__estatico);
  // On a phone long lines wrap (editor.js), and CodeMirror estimates the height of the lines it has
  // not drawn yet, far from the window, until they come near it: what is in view at mount is drawn
  // and measured, so nothing the reader sees moves. Bring every line near, then compare.
  if (opciones.tamano) {
    await p.evaluate(async () => {
      const fotograma = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (const ed of document.querySelectorAll(".editor")) {
        for (const block of ["start", "end"]) {
          ed.scrollIntoView({ block });
          await fotograma();
        }
      }
    });
  }
  const despues = await medirEditores(p);
  await p.close();
  return { antes, despues };
}

test("each cell's static code has its editor's height and left edge, so mounting moves nothing", async () => {
  const indice = await abrir(INDICE);
  const rutas = await lecciones(indice);
  await indice.close();
  for (const tamano of [undefined, MOVIL]) {
    for (const ruta of rutas) {
      const { antes, despues } = await estaticoYEditores(ruta, { esquema: "light", tamano });
      assert.equal(antes.length, despues.length);
      despues.forEach((d, i) => {
        if (d.reto) return; // below: a challenge's template ends with a newline
        const donde = `${ruta}, editor ${i + 1}, ${tamano ? "360 px" : "1280 px"}`;
        assert.ok(Math.abs(antes[i].alto - d.alto) < 0.5, `${donde}: static ${antes[i].alto} px high, editor ${d.alto} px`);
        assert.ok(Math.abs(antes[i].x - d.x) < 0.5, `${donde}: static text at ${antes[i].x} px, editor's at ${d.x} px`);
      });
    }
  }
});

test("a challenge's static template has its editor's height", async () => {
  const { antes, despues } = await estaticoYEditores("/courses/llm-agents/llamar-herramientas/", { esquema: "light" });
  const i = despues.findIndex((d) => d.reto);
  assert.ok(Math.abs(antes[i].alto - despues[i].alto) < 0.5, `static ${antes[i].alto} px high, editor ${despues[i].alto} px`);
});

test("static code is coloured as the editors, light and dark", async () => {
  const indice = await abrir(INDICE);
  const rutas = await lecciones(indice);
  await indice.close();
  for (const esquema of ["light", "dark"]) {
    let comparados = 0;
    const distintos = [];
    for (const ruta of rutas) {
      const { antes, despues } = await estaticoYEditores(ruta, { esquema });
      despues.forEach((d, i) => {
        assert.deepEqual(antes[i].colores.map((c) => c[0]).join(""), d.colores.map((c) => c[0]).join(""), `${ruta}: not the same code`);
        // Every character the static copy colours has the editor's colour. (The editor also
        // colours calls of names Pygments cannot tell from other names: open_url(...).)
        antes[i].colores.forEach(([c, color], k) => {
          if (color === d.texto) return;
          comparados += 1;
          if (color !== d.colores[k][1]) distintos.push(`${ruta} editor ${i + 1}, «${c}» ${k}: ${color} static, ${d.colores[k][1]} editor`);
        });
      });
    }
    assert.deepEqual(distintos.slice(0, 10), [], `${esquema}: ${distintos.length} of ${comparados} characters differ`);
    assert.ok(comparados > 500, `${esquema}: only ${comparados} coloured characters compared`);
  }
});

// Pygments' token classes and the editor's colour each one must show (editor.js's HighlightStyle).
const COMO_EL_EDITOR = { k: "clave", kn: "clave", ow: "clave", kc: "numero", mi: "numero", mf: "numero",
  s1: "cadena", s2: "cadena", c1: "comentario", nf: "funcion", nc: "funcion", nb: "funcion" };

test("static code with no editor (prose, questions) takes the editor's colours, light and dark", async () => {
  const indice = await abrir(INDICE);
  const rutas = await lecciones(indice);
  await indice.close();
  for (const esquema of ["light", "dark"]) {
    const vistos = new Set();
    for (const ruta of rutas) {
      const p = await abrir(ruta, { esquema });
      const r = await p.evaluate((tabla) => {
        const prueba = document.body.appendChild(document.createElement("span"));
        const color = (v) => ((prueba.style.color = `var(--cm-${v})`), getComputedStyle(prueba).color);
        const fuera = [];
        const vistos = [];
        for (const [clase, v] of Object.entries(tabla)) {
          for (const x of document.querySelectorAll(`.resaltado .${clase}`)) {
            vistos.push(clase);
            if (getComputedStyle(x).color !== color(v)) fuera.push(`.${clase} «${x.textContent}»: ${getComputedStyle(x).color}, not --cm-${v} ${color(v)}`);
          }
        }
        prueba.remove();
        return { fuera, vistos };
      }, COMO_EL_EDITOR);
      assert.deepEqual(r.fuera, [], `${ruta}, ${esquema}`);
      r.vistos.forEach((c) => vistos.add(c));
      await p.close();
    }
    assert.ok(vistos.size >= 5, `${esquema}: only ${[...vistos]} seen in static code`);
  }
});

// --- Phones --------------------------------------------------------------------

const anchoDePagina = (p) => p.evaluate(() => document.documentElement.scrollWidth);

/** Each cell toolbar: are its name and its buttons on one line? */
const barras = (p) => p.$$eval(".celda-barra", (bs) => bs.map((b) => {
  const medio = (x) => { const r = x.getBoundingClientRect(); return r.top + r.height / 2; };
  const nombre = medio(b.querySelector(".celda-nombre"));
  const botones = [...b.querySelectorAll(":scope > button")].map((x) => [x.textContent.trim(), medio(x)]);
  return { nombre: b.querySelector(".celda-nombre").textContent, fuera: botones.filter(([, y]) => Math.abs(y - nombre) > 4).map(([t]) => t) };
}));

for (const esquema of ["light", "dark"]) {
  test(`at 360 px, ${esquema}: no sideways scroll of any page, and one-line cell toolbars`, async () => {
    const indice = await abrir(INDICE, { esquema, tamano: MOVIL });
    assert.ok(await anchoDePagina(indice) <= 360, `${INDICE}: ${await anchoDePagina(indice)} px wide`);
    const rutas = await lecciones(indice);
    await indice.close();
    for (const ruta of rutas) {
      const p = await abrir(ruta, { esquema, tamano: MOVIL });
      await p.waitForFunction(() => document.documentElement.classList.contains("con-js"));
      assert.ok(await anchoDePagina(p) <= 360, `${ruta}: ${await anchoDePagina(p)} px wide`);
      assert.deepEqual((await barras(p)).filter((b) => b.fuera.length), [], `${ruta}: toolbar buttons off the name's line`);
      // Run the first cell (on a phone's first visit this downloads the interpreter): its
      // output, the indicator and any traceback must not widen the page either.
      const datos = await p.evaluate(() => JSON.parse(document.getElementById("datos").textContent));
      if (datos.celdas.length) {
        await ejecutar(p, datos.celdas[0].id, { espera: 120_000 });
        assert.ok(await anchoDePagina(p) <= 360, `${ruta} after a run: ${await anchoDePagina(p)} px wide`);
        assert.deepEqual((await barras(p)).filter((b) => b.fuera.length), [], `${ruta} after a run: toolbar buttons off the name's line`);
      }
      assert.deepEqual(p.errores, []);
      await p.close();
    }
  });
}

test("at 360 px a long traceback line wraps inside the output, its rest indented, and the explanation fits", async () => {
  const p = await abrir(LECCION, { tamano: MOVIL });
  // Longer than 360 px: it used to be cut at the box's edge (or scrolled sideways).
  await p.waitForFunction(() => document.documentElement.classList.contains("con-js"));
  await p.locator('[data-celda="fallo"] .cm-content').click();
  await p.keyboard.press("Control+A");
  await p.keyboard.press("Delete");
  await p.keyboard.insertText('def primera_linea(ruta):\n    return leer(ENTORNO, ruta).splitlines()[0] + "una cola larga, que sigue"\n\nprimera_linea("no-existe.txt")');
  await ejecutar(p, "fallo", { espera: 120_000 });
  const r = await p.evaluate(() => {
    const traza = document.querySelector('[data-celda="fallo"] .salida .traza');
    const salida = traza.closest(".salida");
    const explicacion = salida.querySelector(".traza + .explicacion");
    const lineas = traza.textContent.replace(/\n$/, "").split("\n");
    // Line boxes the traceback takes, and where each starts: a wrapped line's rest starts at the
    // hanging indent (the traza's padding), every line of its own at the left edge.
    const rango = document.createRange();
    rango.selectNodeContents(traza);
    const cajas = [...rango.getClientRects()];
    const borde = traza.getBoundingClientRect().left;
    const sangria = parseFloat(getComputedStyle(traza).paddingLeft);
    const tops = new Set(cajas.map((x) => Math.round(x.top)));
    const sangradas = new Set(cajas.filter((x) => Math.abs(x.left - borde - sangria) < 2).map((x) => Math.round(x.top)));
    return { lineas: lineas.length, cajas: tops.size, sangradas: sangradas.size, sangria, texto: traza.textContent,
             ancho: salida.scrollWidth, visible: salida.clientWidth, pagina: document.documentElement.scrollWidth,
             explicacion: explicacion && [explicacion.scrollWidth, explicacion.clientWidth, explicacion.textContent] };
  });
  await p.locator('[data-celda="fallo"] button.restaurar').click();
  assert.ok(r.cajas > r.lineas, `the long line should wrap: ${r.lineas} lines in ${r.cajas} line boxes:\n${r.texto}`);
  assert.equal(r.sangradas, r.cajas - r.lineas, "each wrapped rest, and only it, starts at the hanging indent");
  assert.ok(r.sangria > 0);
  assert.ok(r.ancho <= r.visible, `the output scrolls sideways: ${r.ancho} > ${r.visible}`);
  assert.ok(r.pagina <= 360, `the page is ${r.pagina} px wide`);
  assert.ok(r.explicacion, "no explanation under the traceback");
  assert.ok(r.explicacion[0] <= r.explicacion[1], `the explanation overflows: ${r.explicacion}`);
  assert.match(r.explicacion[2], /^leer\(\) ha buscado la clave 'no-existe.txt'/);
  await p.close();
});

// --- Tables in prose ---------------------------------------------------------------

test("a table in a lesson's prose has rules and a header, scrolls on its own at 360 px, and shows that it does", async () => {
  // The table as the build renders lesson Markdown (construir/paginas.py), put into a real page.
  const md = "| herramienta | argumentos | devuelve |\n|---|---|---|\n" +
    "| `leer` | `ruta`: la ruta del fichero dentro del entorno | `contenido_del_fichero_completo_en_una_cadena` |\n" +
    "| `buscar` | `texto`, `ruta` | las líneas que lo contienen |\n";
  const r = spawnSync(PYTHON, ["-c", "import sys; from construir.paginas import _md; print(_md.render(sys.stdin.read()))"],
    { cwd: RAIZ, input: md, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  for (const esquema of ["light", "dark"]) {
    const p = await abrir(LECCION, { esquema, tamano: MOVIL });
    await p.evaluate((html) => document.querySelector("main h2").insertAdjacentHTML("beforebegin", html), r.stdout);
    const t = await p.evaluate(() => {
      const tabla = document.querySelector("main table");
      const celda = getComputedStyle(tabla.querySelector("td"));
      const cabecera = getComputedStyle(tabla.querySelector("th"));
      return { borde: celda.borderTopStyle, grosor: celda.borderTopWidth, relleno: celda.paddingLeft,
               fondo: cabecera.backgroundColor, pagina: getComputedStyle(document.body).backgroundColor,
               ancho: tabla.scrollWidth, visible: tabla.clientWidth, documento: document.documentElement.scrollWidth };
    });
    assert.equal(t.borde, "solid");
    assert.equal(t.grosor, "1px");
    assert.ok(parseFloat(t.relleno) >= 6, `cell padding ${t.relleno}`);
    assert.notEqual(t.fondo, t.pagina, "the header row should stand out");
    assert.ok(t.ancho > t.visible, `the table should scroll: ${t.ancho} in ${t.visible} px`);
    assert.ok(t.documento <= 360, `the page is ${t.documento} px wide`);
    // display: block must not cost the table its semantics.
    assert.match(await p.locator("main table").ariaSnapshot(), /- table[\s\S]*columnheader "herramienta"[\s\S]*cell "leer"/);
    // And it shows that it scrolls: a shadow on the side that hides columns, none on the other.
    const sombras = async () => [await brillo(p, "left"), await brillo(p, "right")];
    const [izquierda, derecha] = await sombras();
    await p.locator("main table").evaluate((x) => (x.scrollLeft = x.scrollWidth));
    const [izquierda2, derecha2] = await sombras();
    const oscura = esquema === "light" ? (a, b) => a < b - 8 : (a, b) => a > b + 8; // a lighter shade in the dark
    assert.ok(oscura(derecha, derecha2), `${esquema}: no shadow at the cut right edge (${derecha} vs ${derecha2})`);
    assert.ok(oscura(izquierda2, izquierda), `${esquema}: no shadow at the cut left edge once scrolled (${izquierda2} vs ${izquierda})`);
    await p.close();
  }
});

/** The mean brightness (0–255) of a strip 6 px wide at one edge of the box `caja` (the prose
 *  table), over the height of `fila` (its last body row), as drawn on the screen (a screenshot
 *  read back through a canvas). */
async function brillo(p, lado, caja = "main table", fila = "main table tbody tr:last-child td") {
  const tabla = await p.locator(caja).first().boundingBox();
  caja = await p.locator(fila).first().boundingBox();
  const x = lado === "left" ? tabla.x + 2 : tabla.x + tabla.width - 8;
  const png = await p.screenshot({ clip: { x, y: caja.y + 2, width: 6, height: caja.height - 4 } });
  return p.evaluate(async (datos) => {
    const img = new Image();
    img.src = `data:image/png;base64,${datos}`;
    await img.decode();
    const c = Object.assign(document.createElement("canvas"), { width: img.width, height: img.height }).getContext("2d");
    c.drawImage(img, 0, 0);
    const d = c.getImageData(0, 0, img.width, img.height).data;
    let suma = 0;
    for (let i = 0; i < d.length; i += 4) suma += (d[i] + d[i + 1] + d[i + 2]) / 3;
    return Math.round(suma / (d.length / 4));
  }, png.toString("base64"));
}

test("static code wider than its box shows that it scrolls, as a table does, at 1280 px", async () => {
  // HERRAMIENTAS' entry in «Llamar a herramientas»: its descriptions stopped mid-word at the box's edge.
  for (const esquema of ["light", "dark"]) {
    const p = await abrir("/courses/llm-agents/llamar-herramientas/", { esquema, tamano: { width: 1280, height: 900 } });
    const pre = p.locator("main .resaltado:not(.texto) pre").first();
    await pre.scrollIntoViewIfNeeded();
    const r = await pre.evaluate((x) => ({ ancho: x.scrollWidth, visible: x.clientWidth }));
    assert.ok(r.ancho > r.visible, `the block should scroll: ${r.ancho} in ${r.visible} px`);
    // The text made transparent (its glyphs would darken a strip by themselves): only the shadows are read.
    await pre.evaluate((x) => [x, ...x.querySelectorAll("*")].forEach((n) => (n.style.color = "transparent")));
    const sombras = async () => [await brillo(p, "left", "main .resaltado:not(.texto) pre", "main .resaltado:not(.texto) pre"),
      await brillo(p, "right", "main .resaltado:not(.texto) pre", "main .resaltado:not(.texto) pre")];
    const [izquierda, derecha] = await sombras();
    await pre.evaluate((x) => (x.scrollLeft = x.scrollWidth));
    const [izquierda2, derecha2] = await sombras();
    const oscura = esquema === "light" ? (a, b) => a < b - 8 : (a, b) => a > b + 8;
    assert.ok(oscura(derecha, derecha2), `${esquema}: no shadow at the cut right edge (${derecha} vs ${derecha2})`);
    assert.ok(oscura(izquierda2, izquierda), `${esquema}: no shadow at the cut left edge once scrolled (${izquierda2} vs ${izquierda})`);
    await p.close();
  }
});

// --- The Esc-then-Tab hint ---------------------------------------------------------

test("every page with an editor says once, at its first editor, how to leave it with the keyboard", async () => {
  const { ayuda_teclado: texto } = JSON.parse(readFileSync(join(RAIZ, "site", "textos.es.json"), "utf8"));
  assert.match(texto, /Esc.*Tab/);
  const indice = await abrir(INDICE);
  const rutas = await lecciones(indice);
  await indice.close();
  for (const ruta of rutas) {
    const p = await abrir(ruta);
    await p.waitForFunction(() => document.documentElement.classList.contains("con-js"));
    const r = await p.evaluate(() => {
      const visibles = [...document.querySelectorAll(".ayuda-teclado")].filter((x) => x.checkVisibility());
      const primera = document.querySelector(".editor");
      return { editores: document.querySelectorAll(".editor").length, textos: visibles.map((x) => x.textContent),
               junto: visibles.length === 1 && visibles[0].nextElementSibling === primera };
    });
    if (r.editores) {
      assert.deepEqual(r.textos, [texto], `${ruta}: the hint should show once`);
      assert.ok(r.junto, `${ruta}: the hint should sit right above the first editor`);
    } else {
      assert.deepEqual(r.textos, [], `${ruta}: no editor, no hint`);
    }
    await p.close();
  }
});
