// Helpers for a lesson's challenge in the browser tests and in bench/comprobar.mjs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RAIZ } from "./ayuda.mjs";

export const RETO = "/courses/llm-agents/llamar-herramientas/";

/** How many tests the challenge at ruta has (the replay and its pruebas), from the build's data
 *  in dist/: the tests count what the challenge holds, not what it held when they were written. */
export function pruebasDelReto(ruta = RETO) {
  const html = readFileSync(join(RAIZ, "dist", ruta, "index.html"), "utf8");
  const datos = JSON.parse(/<script type="application\/json" id="datos">(.*?)<\/script>/s.exec(html)[1]);
  return JSON.parse(datos.retos[0].esperado).pruebas.length + 1;
}

/** Replaces the challenge editor's text, as typing would. */
export async function escribirEnReto(pagina, texto) {
  await pagina.locator(".reto .cm-content").click();
  await pagina.keyboard.press("Control+A");
  await pagina.keyboard.press("Delete");
  await pagina.keyboard.insertText(texto);
}

/** Clicks Comprobar and waits for the result; {estado, pruebas, fallidas: [{nombre, detalle}]}. */
export async function comprobarReto(pagina, espera = 60_000) {
  await pagina.evaluate(() => document.querySelector(".reto-pruebas").replaceChildren());
  await pagina.evaluate(() => (document.querySelector(".reto-estado").textContent = ""));
  await pagina.locator(".reto button.comprobar").click();
  await pagina.waitForFunction(() => {
    const s = document.querySelector(".reto");
    return !s.classList.contains("ocupada") && s.querySelector(".reto-estado").textContent;
  }, null, { timeout: espera });
  return pagina.evaluate(() => {
    const lineas = [...document.querySelectorAll(".reto-pruebas > li")].map((li) => ({
      nombre: li.querySelector(".nombre").textContent,
      bien: li.classList.contains("bien"),
      detalle: li.querySelector(".detalle")?.textContent ?? "",
    }));
    return { estado: document.querySelector(".reto-estado").textContent, pruebas: lineas,
             fallidas: lineas.filter((l) => !l.bien) };
  });
}
