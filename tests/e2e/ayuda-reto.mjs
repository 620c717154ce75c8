// Helpers for a lesson's challenge in the browser tests: comun/navegador.mjs's (bench/comprobar.mjs
// uses them too), and the count of a challenge's tests from the build's data.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RAIZ, RETO } from "../../comun/navegador.mjs";

export { RETO, escribirEnReto, comprobarReto } from "../../comun/navegador.mjs";

/** How many tests the challenge at ruta has (the replay and its pruebas), from the build's data
 *  in dist/: the tests count what the challenge holds, not what it held when they were written. */
export function pruebasDelReto(ruta = RETO) {
  const html = readFileSync(join(RAIZ, "dist", ruta, "index.html"), "utf8");
  const datos = JSON.parse(/<script type="application\/json" id="datos">(.*?)<\/script>/s.exec(html)[1]);
  return JSON.parse(datos.retos[0].esperado).pruebas.length + 1;
}
