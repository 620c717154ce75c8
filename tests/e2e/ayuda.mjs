// Helpers of the browser tests: comun/navegador.mjs's, which bench/ uses too, and those only
// the tests use (a cell's run, a page in a colour scheme, the progress export and import).
export {
  RAIZ, PYTHON, CHROMIUM, FLAGS, LECCION, arrancarServidor, abrirNavegador, vigilarOrigen, anotarAjenas,
  esperarInterprete, esperarServiceWorker, esperarInstantanea,
} from "../../comun/navegador.mjs";

export const OTRA = "/courses/llm-agents/como-funcionan-las-celdas/";

/** Clicks Run on a cell and waits until it is no longer busy; returns its output text. */
export async function ejecutar(pagina, id, { espera = 60_000 } = {}) {
  const celda = pagina.locator(`[data-celda="${id}"]`);
  await celda.locator("button.ejecutar").click();
  await pagina.waitForFunction((i) => {
    const s = document.querySelector(`[data-celda="${i}"]`);
    return s && !s.classList.contains("ocupada");
  }, id, { timeout: espera });
  return celda.locator(".salida").innerText();
}

/** A new page in a colour scheme and size, recording its errors in .errores, at url. */
export async function abrirPagina(contexto, url, { esquema = "light", tamano } = {}) {
  const p = await contexto.newPage();
  p.errores = [];
  p.on("pageerror", (x) => p.errores.push(x));
  await p.emulateMedia({ colorScheme: esquema });
  if (tamano) await p.setViewportSize(tamano);
  await p.goto(url);
  return p;
}

/** Clicks the course index's "Exportar mi progreso"; resolves with the downloaded file's path. */
export async function exportarProgreso(indice) {
  const [descarga] = await Promise.all([indice.waitForEvent("download"), indice.locator("button.exportar").click()]);
  return descarga.path();
}

/** Imports the progress file archivo through the index, in contexto; resolves with that index
 *  page once it says how the import went. */
export async function importarProgreso(contexto, origen, archivo) {
  const i = await contexto.newPage();
  await i.goto(origen + "/courses/llm-agents/");
  await i.locator("input.importar").setInputFiles(archivo);
  await i.locator(".progreso-aviso:not(:empty)").waitFor();
  return i;
}
