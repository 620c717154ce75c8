// One runnable cell on the page: its editor, buttons, saved edits and output.
import { crearEditor } from "./editor.js";
import { clave, leer, guardar } from "./almacen.js";
import { t } from "./textos.js";

const LIMITE_PAGINA = 512 * 1024; // characters kept in one output, page side
const GUARDAR_MS = 300;

export class Celda {
  constructor(seccion, datos, { curso, slug, alEjecutar, alDetener }) {
    this.seccion = seccion;
    this.id = datos.id;
    this.n = datos.n;
    this.usa = datos.usa;
    this.original = datos.codigo;
    this.nombre = `<celda ${datos.n}>`;
    this.clave = clave(curso, slug, datos.id);
    this.salida = seccion.querySelector(".salida");
    this.botonEjecutar = seccion.querySelector(".ejecutar");
    this.botonDetener = seccion.querySelector(".detener");
    this.botonRestaurar = seccion.querySelector(".restaurar");

    const guardado = leer(this.clave);
    const contenedor = seccion.querySelector(".editor");
    contenedor.textContent = ""; // replaces the static, highlighted copy
    this.editor = crearEditor({
      padre: contenedor,
      codigo: guardado ?? this.original,
      etiqueta: t("editor_etiqueta", { n: this.n }),
      alEjecutar: () => alEjecutar(this),
      alCambiar: () => this.programarGuardado(),
    });
    this.botonEjecutar.addEventListener("click", () => alEjecutar(this));
    this.botonDetener.addEventListener("click", () => alDetener(this));
    this.botonRestaurar.addEventListener("click", () => this.restaurar());
    this.botonEjecutar.disabled = false; // disabled in the HTML: a click before this would be lost
    this.botonRestaurar.disabled = false;
  }

  codigo() {
    return this.editor.texto();
  }

  programarGuardado() {
    clearTimeout(this.temporizador);
    this.temporizador = setTimeout(() => this.guardarYa(), GUARDAR_MS);
  }

  guardarYa() {
    clearTimeout(this.temporizador);
    guardar(this.clave, this.codigo(), this.original);
  }

  restaurar() {
    this.editor.poner(this.original);
    this.guardarYa();
    this.limpiar();
    this.nota(t("restaurada"));
  }

  estado(ocupada) {
    this.seccion.classList.toggle("ocupada", ocupada);
    this.botonDetener.disabled = !ocupada;
  }

  limpiar() {
    this.salida.textContent = "";
    this.ultimo = null;
    this.caracteres = 0;
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
    if (flujo === "stderr") {
      const span = document.createElement("span");
      span.className = "stderr";
      span.append(nodo);
      this.salida.append(span);
    } else {
      this.salida.append(nodo);
    }
    this.ultimo = { flujo, nodo };
  }

  oyentes() { // what interprete.js calls while this cell runs
    const recortada = (lineas, bytes) => this.nota(t("salida_recortada", { lineas: lineas.toLocaleString("es"), bytes: `${Math.round(bytes / 1024)} KB` }));
    return { alSalida: (flujo, texto) => this.escribir(flujo, texto), alRecortada: recortada };
  }

  nota(texto, clase = "nota") {
    const p = document.createElement("span");
    p.className = clase;
    p.textContent = texto + "\n";
    this.salida.append(p);
    this.ultimo = null;
  }

  mostrarResultado(r) {
    if (r.ok) return;
    if (r.detenida) this.nota(t("detenida"), "nota aviso");
    else if (r.reinicio) this.nota(r.reinicio, "nota aviso");
    else if (r.traza) {
      const pre = document.createElement("span");
      pre.className = "traza";
      pre.textContent = r.traza;
      this.salida.append(pre);
      this.ultimo = null;
      if (r.linea) this.editor.marcarLinea(r.linea);
    }
  }
}
