// A "Copiar" button on each block of static code in a lesson (prose examples and {red}'s request
// bodies): it copies the code's text, and says whether it could.
import { t } from "./textos.js";

const AVISO_MS = 2000;

export function montarCopiar() {
  for (const bloque of document.querySelectorAll(".resaltado:not(.texto)")) {
    const pre = bloque.querySelector("pre");
    if (!pre) continue;
    const boton = Object.assign(document.createElement("button"), { type: "button", className: "copiar", textContent: t("copiar") });
    boton.setAttribute("aria-live", "polite"); // "Copiado ✓" is heard, not only seen
    let temporizador = null;
    boton.addEventListener("click", async () => {
      let bien = true;
      try {
        await navigator.clipboard.writeText(pre.textContent);
      } catch {
        bien = false; // no clipboard (an insecure origin, a refused permission)
      }
      boton.textContent = t(bien ? "copiado" : "copiar_fallo");
      clearTimeout(temporizador);
      temporizador = setTimeout(() => (boton.textContent = t("copiar")), AVISO_MS);
    });
    bloque.prepend(boton);
  }
}
