// The one notice of a page that read something it ignored (almacen.js's leerDato): what, and
// that it was kept. Said once for all, in the page's .guardado-aviso, updated as reads go on.
import { alIgnorado } from "./almacen.js";
import { lista } from "./formas.js";
import { t } from "./textos.js";

export function montarAvisoGuardado(aviso) {
  if (!aviso) return;
  alIgnorado((problemas) => {
    aviso.hidden = !problemas.length;
    aviso.textContent = !problemas.length ? ""
      : t(problemas.length === 1 ? "guardado_ignorado_uno" : "guardado_ignorado", { n: problemas.length, lista: lista(problemas) });
  });
}
