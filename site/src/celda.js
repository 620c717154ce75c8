// One runnable cell on the page: its editor, buttons, saved edits and output.
import { editorGuardado } from "./editor-guardado.js";
import { clave } from "./almacen.js";
import { t } from "./textos.js";
import { Indicador } from "./indicador.js";
import { pedirEntrada } from "./entrada.js";
import { errorDeCelda, codigoDe } from "./error-de-celda.js";

const LIMITE_PAGINA = 512 * 1024; // characters kept in one output, page side

export class Celda {
  constructor(seccion, datos, { curso, slug, anteriores, alEjecutar, alDetener }) {
    Object.assign(this, { seccion, id: datos.id, n: datos.n, usa: datos.usa, original: datos.codigo, anteriores, termina: datos.termina });
    this.nombre = `<celda ${datos.n}>`;
    this.indicador = new Indicador(seccion.querySelector(".celda-barra"));
    this.clave = clave(curso, slug, datos.id);
    this.salida = seccion.querySelector(".salida");
    [this.botonEjecutar, this.botonDetener, this.botonRestaurar] = [".ejecutar", ".detener", ".restaurar"].map((s) => seccion.querySelector(s));

    this.editor = editorGuardado({
      contenedor: seccion.querySelector(".editor"), clave: this.clave, original: this.original, huella: datos.huella,
      tipo: "celda", etiqueta: t("editor_etiqueta", { n: this.n }), alEjecutar: () => alEjecutar(this),
    });
    this.botonEjecutar.addEventListener("click", () => alEjecutar(this));
    this.botonDetener.addEventListener("click", () => alDetener(this));
    this.botonRestaurar.addEventListener("click", () => this.restaurar());
    this.botonEjecutar.disabled = this.botonRestaurar.disabled = false; // disabled in the HTML: a click before this would be lost
  }

  codigo() {
    return this.editor.texto();
  }

  /** One run in the interpreter, with its indicator and its input() fields; resolves with the result. */
  async correr(interprete) {
    this.indicador.empezar();
    const r = await interprete.ejecutar(this.id, this.codigo(), this.nombre, this.oyentes((x) => interprete.responder(x)), codigoDe(this.anteriores));
    this.cerrarEntrada?.();
    this.indicador.terminar(r.ok);
    return r;
  }

  guardarYa() {
    this.editor.guardarYa();
  }

  restaurar() {
    this.editor.restaurar();
    this.limpiar();
    this.nota(t("restaurada"));
  }

  estado(ocupada) {
    this.seccion.classList.toggle("ocupada", ocupada);
    this.botonDetener.disabled = !ocupada;
  }

  limpiar() {
    this.salida.textContent = "";
    this.seccion.querySelector(".medidor")?.remove(); // an earlier run's real-model meter (medidor.js)
    this.ultimo = null;
    this.caracteres = 0;
    this.dibujado = Promise.resolve();
    this.editor.marcarLinea(null);
  }

  escribir(flujo, texto) {
    if (this.caracteres >= LIMITE_PAGINA) return;
    this.caracteres += texto.length;
    if (this.ultimo && this.ultimo.flujo === flujo) {
      this.ultimo.nodo.appendData(texto);
      return;
    }
    const nodo = document.createTextNode(texto);
    this.salida.append(flujo === "stderr" ? this.trozo("stderr", nodo) : nodo);
    this.ultimo = { flujo, nodo };
  }

  oyentes(responder) { // what interprete.js calls while this cell runs
    const recortada = (lineas, bytes) => this.nota(t(lineas > 1 ? "salida_recortada" : "salida_recortada_parte", // a cut line's rest is no "1 líneas"
      { lineas: lineas.toLocaleString("es"), bytes: `${Math.round(bytes / 1024)} KB` }), "nota recortada");
    const alEntrada = (prompt) => (this.cerrarEntrada = pedirEntrada(this.seccion, prompt, responder));
    return { alSalida: (flujo, texto) => this.escribir(flujo, texto), alRecortada: recortada, alEntrada,
             alConversacion: (turnos) => this.conversacion(turnos), alApi: () => this.seccion };
  }

  /** py/vista.py's drawn turns, put where the output is (turnos.js loads once); see this.dibujado. */
  conversacion(turnos) {
    const sitio = this.salida.appendChild(document.createElement("div"));
    this.ultimo = null;
    const dibujo = import("./turnos.js").then((m) => sitio.replaceWith(m.dibujarTurnos(turnos)))
      .catch(() => sitio.replaceWith(this.trozo("nota aviso", t("conversacion_no_dibujada") + "\n")));
    this.dibujado = Promise.all([this.dibujado, dibujo]);
  }

  trozo(clase, contenido) {
    const span = document.createElement("span");
    span.className = clase;
    span.append(contenido);
    return span;
  }

  nota(texto, clase = "nota") {
    this.salida.append(this.trozo(clase, texto + "\n"));
    this.ultimo = null;
  }

  mostrarResultado(r) {
    if (r.ok) return;
    if (r.detenida) this.nota(t("detenida"), "nota aviso");
    else if (r.reinicio) this.nota(r.reinicio, "nota aviso");
    else if (r.traza) {
      this.salida.append(...errorDeCelda(r));
      this.ultimo = null;
      if (r.linea) this.editor.marcarLinea(r.linea);
      if (r.conversacion) this.conversacion([r.conversacion]);
    }
  }
}
