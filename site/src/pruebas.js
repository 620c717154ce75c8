// A Comprobar report's tests as the page lists them, one line each, in order. The first failure
// shows whole; each later one is folded under its name, and says when it fails for the reason
// of an earlier one (a slip that breaks twelve tests reads as one problem, not a 3,000 px wall).
import { t } from "./textos.js";
import { marcada } from "./diferencia.js";

function el(etiqueta, clase, texto) {
  const e = document.createElement(etiqueta);
  if (clase) e.className = clase;
  if (texto !== undefined) e.textContent = texto;
  return e;
}

/** What a failure's output says the code did: its closing "y devolvió…"/"y lanzó…" clause, or
 *  the whole output (py/redaccion.py words every failure so). */
export function motivo(output) {
  const m = /\n(y (?:devolvió|lanzó|no devolvió)[^]*)$/.exec(output);
  return (m ? m[1] : output).trim();
}

/** The <li>s of tests ({name, status, output, conversacion, sin_ejecutar}); ocultas: the hidden
 *  tests' names; problema: what the report says once for all (not repeated under each test);
 *  cortada: {en, parada}, the test where the check was cut, and whether the learner cut it (Detener). */
export function lineas(tests, ocultas, problema, cortada = {}) {
  const vistos = new Map(); // motivo -> the name of the first test that failed for it
  let primera = true;
  return tests.map(({ name, status, output, conversacion, sin_ejecutar: sinEjecutar }) => {
    const bien = status === "passed";
    const parada = !bien && cortada.parada && name === cortada.en; // stopped by the learner: not failed
    const clase = bien ? "bien" : sinEjecutar ? "sin-ejecutar" : parada ? "detenida" : "mal";
    const li = el("li", clase);
    const marca = el("span", "marca", { bien: "✓", "sin-ejecutar": "–", detenida: "■", mal: "✗" }[clase]);
    marca.setAttribute("aria-label", t(`reto_marca_${clase.replace("-", "_")}`));
    const nombre = el("span", "nombre", name);
    if (ocultas.has(name)) nombre.title = t("reto_oculta");
    if (bien) {
      li.append(marca, " ", nombre);
      return li;
    }
    if (sinEjecutar) { // never ran: not a failure to explain, nor the same reason as another
      li.append(marca, " ", nombre, el("span", "mismo-motivo", t("reto_sin_ejecutar")));
      return li;
    }
    if (parada && output) output = detenida(output);
    const partes = [];
    if (output && output !== problema) {
      const detalle = el("pre", "detalle");
      detalle.append(...marcada(output)); // where expected and got first differ, marked
      partes.push(detalle);
    }
    if (conversacion) { // the turn a scripted model refused, marked (turnos.js, loaded now)
      const sitio = el("div");
      import("./turnos.js").then((m) => sitio.replaceWith(m.dibujarTurnos([conversacion]))).catch(() => sitio.remove());
      partes.push(sitio);
    }
    const clave = motivo(output || "");
    const igual = vistos.get(clave);
    if (!vistos.has(clave)) vistos.set(clave, name);
    if (primera || !partes.length) {
      li.append(marca, " ", nombre, ...partes);
    } else {
      const plegado = el("details");
      const resumen = el("summary");
      resumen.append(marca, " ", nombre);
      if (igual) resumen.append(el("span", "mismo-motivo", t("reto_mismo_motivo", { prueba: igual })));
      plegado.append(resumen, ...partes);
      li.append(plegado);
    }
    primera = false;
    return li;
  });
}

/** The test the learner stopped: its last line, the cut call's sentence (py/calificador.py puts
 *  the cut there, after what was sent), is said as what happened: Detener, not a slow loop. */
function detenida(output) {
  const k = output.lastIndexOf("\n");
  return (k < 0 ? "" : output.slice(0, k + 1)) + t("reto_prueba_parada");
}
