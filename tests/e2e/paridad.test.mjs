// Parity in a real page: a sample of the corpus typed into a challenge's editor gets,
// test by test, the statuses calificar.py gives at the build's seed (veredictos.json).
// The whole corpus runs through the same comprobador.py in Pyodide under Node
// (tests/node/grader_corpus.test.mjs); here are the cases only a page can check: a
// whole editor, Python 3.14 syntax, the stdlib, loops cut by the page's clock, and data that
// crosses the page's JSON (2.0 stays a float, a test's own PERMISOS).
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { servidorYNavegador } from "./montaje.mjs";
import { esperarInterprete, RAIZ } from "./ayuda.mjs";
import { comprobarReto, escribirEnReto } from "./ayuda-reto.mjs";

const MUESTRA = {
  "llamar-herramientas": ["bien_editor_completo.py", "bien_fstring_anidado.py", "bien_importa.py",
    "mal_input_lista.py", "mal_entorno_global.py", "mal_rechaza_decimal_entero.py", "hostil_eq.py", "hostil_bucle.py",
    "bien_valida_antes.py", "mal_por_posicion.py"],
  // A test's tool raises KeyboardInterrupt: the page's clock must not take it for Detener.
  "errores-como-observaciones": ["bien_else.py", "mal_repr.py", "mal_except_desnudo.py", "hostil_bucle.py"],
  // The loop's model and the user's answers live on the trusted side, in the page too.
  "el-bucle": ["bien_editor_completo.py", "bien_while.py", "mal_sin_copia.py", "mal_captura_valueerror.py",
    "mal_herramientas_de_lectura.py", "hostil_lee_guion.py", "hostil_reemplaza_modelo.py"],
  "permisos": ["bien_editor_completo.py", "mal_pregunta_lecturas.py", "mal_pregunta_antes_del_esquema.py",
    "mal_politica_fija.py",
    "hostil_confirmar_no_json.py", "hostil_confirmar_parcheado.py"],
};
const VEREDICTOS = JSON.parse(readFileSync(join(RAIZ, "tests", "entregas", "veredictos.json"), "utf8"));

const e = servidorYNavegador();
afterEach(() => e.navegador.ajenas.comprobar());

for (const [reto, casos] of Object.entries(MUESTRA)) {
  test(`page: ${reto}, a sample of the corpus gets calificar.py's statuses`, async (t) => {
    const p = await e.navegador.contexto.newPage();
    await p.goto(`${e.servidor.origen}/courses/llm-agents/${reto}/`);
    await esperarInterprete(p);
    for (const archivo of casos) {
      const caso = `${reto}/${archivo}`;
      await t.test(caso, async () => {
        await escribirEnReto(p, readFileSync(join(RAIZ, "tests", "entregas", caso), "utf8"));
        const r = await comprobarReto(p, 90_000);
        const { fallan, mensaje = "" } = VEREDICTOS[caso];
        const esperadas = fallan === "todas" ? r.pruebas.map((x) => x.nombre) : fallan;
        assert.deepEqual(r.fallidas.map((f) => f.nombre), esperadas);
        const detalle = `${r.estado}\n${r.fallidas[0]?.detalle}`;
        if (r.fallidas.length) assert.ok([].concat(mensaje).some((m) => detalle.includes(m)), `${detalle} lacks ${mensaje}`);
      });
    }
    await p.close();
  });
}
