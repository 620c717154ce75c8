// A lesson's challenge: its editor, Comprobar, Detener and Restaurar, and the result, one line
// per test (pruebas.js). The code is saved like a cell's; the last result and whether the
// challenge was ever passed are saved next to it, so both survive a reload.
import { editorGuardado } from "./editor-guardado.js";
import { clave, leerDato, guardar } from "./almacen.js";
import { montarPistas } from "./pistas.js";
import { lineas } from "./pruebas.js";
import { t } from "./textos.js";

export class Reto {
  constructor(seccion, datos, { curso, slug, alComprobar, alDetener }) {
    this.seccion = seccion;
    this.datos = datos;
    this.id = `reto-${datos.nombre}`;
    this.clave = clave(curso, slug, this.id);
    this.ocultas = new Set(JSON.parse(datos.esperado).pruebas.filter((p) => p.oculta).map((p) => p.nombre));
    this.estadoTexto = seccion.querySelector(".reto-estado");
    this.lista = seccion.querySelector(".reto-pruebas");
    this.salida = seccion.querySelector(".reto-salida");
    this.boton = seccion.querySelector(".comprobar");
    this.editor = editorGuardado({
      contenedor: seccion.querySelector(".editor"),
      clave: this.clave,
      original: datos.plantilla,
      huella: datos.huella,
      tipo: "reto",
      etiqueta: t("reto_etiqueta"),
      alEjecutar: () => alComprobar(this),
    });
    this.boton.addEventListener("click", () => alComprobar(this));
    this.botonDetener = seccion.querySelector(".detener");
    // A test has started: the report will say the learner stopped it.
    this.botonDetener.addEventListener("click", () => alDetener(this, (this.parada = Boolean(this.prueba))));
    const restaurar = seccion.querySelector(".restaurar");
    restaurar.addEventListener("click", () => this.restaurar());
    this.boton.disabled = restaurar.disabled = false;
    this.pistas = montarPistas(seccion, this.clave);
    const guardado = leerDato(`${this.clave}:resultado`);
    if (guardado) this.mostrar(guardado, t("reto_guardado"));
  }

  codigo() {
    return this.editor.texto();
  }

  guardarYa() {
    this.editor.guardarYa();
  }

  restaurar() {
    this.editor.restaurar();
    this.estadoTexto.textContent = t("reto_restaurado");
  }

  /** A check is queued: the previous result goes at once (over it, a loop looked as if it passed). */
  empezar(texto) {
    this.parada = false;
    this.prueba = "";
    this.lista.replaceChildren();
    this.salida.hidden = true;
    this.seccion.classList.remove("superado");
    this.ocupado(true, texto);
  }

  ocupado(si, texto = "") {
    this.seccion.classList.toggle("ocupada", si);
    this.boton.disabled = si;
    this.botonDetener.disabled = !si;
    if (texto) this.estadoTexto.textContent = texto;
  }

  oyentes() {
    const alPrueba = (prueba) => this.ocupado(true, t("reto_comprobando", { prueba: (this.prueba = prueba) }));
    return { alPrueba };
  }

  /** Shows the outcome of a run (a Resultado of protocolo.js) and saves it if it is a report. */
  terminar(r) {
    this.ocupado(false);
    if (r.ok) {
      const { score, max_score, output = "", cortada_en } = r.informe;
      const tests = r.informe.tests.map(({ name, status, output, sin_ejecutar }) => ({ name, status, output, ...(sin_ejecutar && { sin_ejecutar }) }));
      const informe = { score, max_score, output, cortada_en, parada: Boolean(this.parada && cortada_en), tests };
      guardar(`${this.clave}:resultado`, JSON.stringify(informe), null);
      if (informe.score === informe.max_score) guardar(`${this.clave}:superado`, "1", null);
      this.pistas.terminado(informe.score === informe.max_score);
      this.mostrar({ ...informe, tests: r.informe.tests }); // a refused conversation is shown, not saved
      this.editor.marcarLinea(lineaNombrada(informe, this.problema)); // as a cell marks its error's line
    } else {
      this.pistas.terminado(false); // a check that did not end is a failed attempt too
      const motivo = r.reinicio || t("detenida");
      this.estadoTexto.textContent = t("reto_no_termino", { prueba: this.prueba || "", motivo });
    }
  }

  mostrar(informe, titulo = "") {
    const { score: n, max_score: m, cortada_en: prueba, parada } = informe;
    const puntos = t(n === m ? "reto_superado" : "reto_puntos", { n, m });
    const corte = prueba === undefined || prueba === null ? "" : t(parada ? "reto_parada" : "reto_cortada", { prueba });
    // The output is why the code could not be graded at all, if it could not (said once, not per
    // test), then what the code printed, under its own heading (redaccion.salida_por_partes).
    const k = informe.output.search(/(^|\n\n)Lo que ha escrito tu código:\n/);
    const escrito = k < 0 ? "" : informe.output.slice(k).replace(/^\n\n/, "");
    this.problema = (k < 0 ? informe.output : informe.output.slice(0, k)).trim();
    if (parada && this.problema && informe.tests.some((x) => x.name === prueba && x.output === this.problema)) this.problema = t("reto_carga_parada");
    this.estadoTexto.textContent = [titulo ? `${titulo}: ${puntos}` : puntos, corte, this.problema].filter(Boolean).join("\n");
    this.seccion.classList.toggle("superado", n === m);
    this.lista.replaceChildren(...lineas(informe.tests, this.ocultas, this.problema, { en: prueba, parada }));
    this.salida.hidden = !escrito;
    this.salida.querySelector("pre").textContent = escrito.replace(/^[^\n]*\n/, "");
  }
}

/** The line of the learner's code that the first failure names ("en la línea 5 de tu código",
 *  "(línea 2)", "error de sintaxis en la línea 2": py/redaccion.py's words), or null. */
function lineaNombrada({ tests }, problema) {
  const primera = tests.find((x) => x.status !== "passed" && !x.sin_ejecutar);
  const m = /en la línea (\d+) de tu código|\(línea (\d+)\)|de sintaxis en la línea (\d+)/.exec(problema || primera?.output || "");
  return m ? Number(m[1] || m[2] || m[3]) : null;
}
