// Helpers for a lesson's challenge in the browser tests and in bench/comprobar.mjs.
export const RETO = "/courses/llm-agents/llamar-herramientas/";

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
