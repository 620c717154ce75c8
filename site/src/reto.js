// A lesson's challenge: its editor, Comprobar and Restaurar, and the result, one
// line per test. The code is saved like a cell's; the last result and whether the
// challenge was ever passed are saved next to it, so both survive a reload.
import { editorGuardado } from "./editor-guardado.js";
import { clave, leer, guardar } from "./almacen.js";
import { t } from "./textos.js";

export class Reto {
  constructor(seccion, datos, { curso, slug, alComprobar }) {
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
    const restaurar = seccion.querySelector(".restaurar");
    restaurar.addEventListener("click", () => this.restaurar());
    this.boton.disabled = restaurar.disabled = false;
    const guardado = JSON.parse(leer(`${this.clave}:resultado`) || "null");
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

  ocupado(si, texto = "") {
    this.seccion.classList.toggle("ocupada", si);
    this.boton.disabled = si;
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
      const informe = { score: r.informe.score, max_score: r.informe.max_score, output: r.informe.output || "",
                        tests: r.informe.tests.map(({ name, status, output }) => ({ name, status, output })) };
      guardar(`${this.clave}:resultado`, JSON.stringify(informe), null);
      if (informe.score === informe.max_score) guardar(`${this.clave}:superado`, "1", null);
      this.mostrar({ ...informe, tests: r.informe.tests }); // a refused conversation is shown, not saved
    } else {
      const motivo = r.reinicio || t("detenida");
      this.estadoTexto.textContent = t("reto_no_termino", { prueba: this.prueba || "", motivo });
    }
  }

  mostrar(informe, titulo = "") {
    const { score: n, max_score: m } = informe;
    const puntos = t(n === m ? "reto_superado" : "reto_puntos", { n, m });
    // The output is why the code could not be graded at all, if it could not (said once, not per
    // test), then what the code printed, under its own heading (redaccion.salida_por_partes).
    const k = informe.output.search(/(^|\n\n)Lo que ha escrito tu código:\n/);
    const escrito = k < 0 ? "" : informe.output.slice(k).replace(/^\n\n/, "");
    this.problema = (k < 0 ? informe.output : informe.output.slice(0, k)).trim();
    this.estadoTexto.textContent = [titulo ? `${titulo}: ${puntos}` : puntos, this.problema].filter(Boolean).join("\n");
    this.seccion.classList.toggle("superado", n === m);
    this.lista.replaceChildren(...informe.tests.map((p) => this.linea(p)));
    this.salida.hidden = !escrito;
    this.salida.querySelector("pre").textContent = escrito.replace(/^[^\n]*\n/, "");
  }

  linea({ name, status, output, conversacion }) {
    const li = document.createElement("li");
    const bien = status === "passed";
    li.className = bien ? "bien" : "mal";
    const marca = document.createElement("span");
    marca.className = "marca";
    marca.textContent = bien ? "✓" : "✗";
    marca.setAttribute("aria-label", bien ? "superada" : "fallida");
    const nombre = document.createElement("span");
    nombre.className = "nombre";
    nombre.textContent = name;
    if (this.ocultas.has(name)) nombre.title = t("reto_oculta");
    li.append(marca, " ", nombre);
    if (!bien && output && output !== this.problema) {
      const detalle = document.createElement("pre");
      detalle.className = "detalle";
      detalle.textContent = output;
      li.append(detalle);
    }
    if (!bien && conversacion) { // the turn a scripted model refused, marked (turnos.js, loaded now)
      const sitio = li.appendChild(document.createElement("div"));
      import("./turnos.js").then((m) => sitio.replaceWith(m.dibujarTurnos([conversacion], false))).catch(() => sitio.remove());
    }
    return li;
  }
}
