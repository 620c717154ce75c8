// A challenge's hints, revealed one at a time, and its discussion, shown once it is passed.
// The build writes both hidden (construir/paginas.py); a hint may wait for a number of failed
// Comprobar attempts (data-tras). What was seen and how many attempts failed are saved next to
// the challenge's code (almacen.js keys), so both survive a reload and travel in an export;
// with them, its history: when each hint was opened and each check failed before passing, and
// when it passed (the class report's figures, py/progreso_clase.py).
import { leerDato, guardar } from "./almacen.js";
import { t } from "./textos.js";

const numero = (k) => Number(leerDato(k) ?? 0);

/** Sets up seccion's hints and discussion; claveReto is the challenge's key. Returns
 *  terminado(superado), for reto.js to call when a Comprobar ends. */
export function montarPistas(seccion, claveReto) {
  const [kVistas, kFallos, kSuperado, kHistorial] = ["pistas", "fallos", "superado", "historial"].map((x) => `${claveReto}:${x}`);
  const historial = () => leerDato(kHistorial) ?? [];
  const anotar = (evento) => guardar(kHistorial, JSON.stringify([...historial(), { evento, fecha: new Date().toISOString() }].slice(-200)), null);
  const caja = seccion.querySelector(".reto-pistas");
  const discusion = seccion.querySelector(".reto-discusion");
  const items = caja ? [...caja.querySelectorAll(".pistas > li")] : [];
  const boton = caja?.querySelector(".ver-pista");
  const aviso = caja?.querySelector(".pista-aviso");
  // Hints opened once the challenge is passed count against nobody: kept in memory, not saved,
  // so the index's «N pistas vistas» is what helped before passing.
  let libres = 0;
  const superado = () => leerDato(kSuperado) === "1";

  function pintar() {
    const vistas = Math.min(numero(kVistas) + libres, items.length);
    items.forEach((li, k) => (li.hidden = k >= vistas));
    const siguiente = items[vistas];
    const faltan = siguiente && !superado() ? Number(siguiente.dataset.tras) - numero(kFallos) : 0;
    boton.hidden = !siguiente;
    boton.disabled = faltan > 0;
    boton.textContent = t("pista_ver", { k: vistas + 1, n: items.length });
    aviso.textContent = !siguiente ? (items.length > 1 ? t("pista_todas", { n: items.length }) : "")
      : faltan > 0 ? t(faltan === 1 ? "pista_bloqueada_uno" : "pista_bloqueada", { k: vistas + 1, n: faltan }) : "";
  }

  if (items.length) {
    caja.hidden = false;
    boton.addEventListener("click", () => {
      const vistas = numero(kVistas) + libres;
      if (superado()) libres++;
      else guardar(kVistas, String(vistas + 1), null) && anotar("pista");
      pintar();
      const nueva = items[vistas];
      nueva.tabIndex = -1;
      nueva.focus(); // the hint just opened is where the learner reads on
    });
    pintar();
  }
  if (discusion) discusion.hidden = !superado();

  return {
    terminado(paso) { // reto.js has saved :superado already when it passed
      const antes = historial().some((e) => e.evento === "superado") || (paso ? false : superado());
      if (!paso && !antes) guardar(kFallos, String(numero(kFallos) + 1), null) && anotar("fallo");
      if (paso && !antes) anotar("superado");
      if (discusion && paso) discusion.hidden = false;
      if (items.length) pintar();
    },
  };
}

/** How many hints of a challenge were seen (the index shows it next to its state). */
export const pistasVistas = (claveReto) => numero(`${claveReto}:pistas`);
