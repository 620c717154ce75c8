// The lesson's questions: check an answer, say so in aria-live (and, when a multiple choice is
// wrong, whether something chosen is wrong or something is missing), show the explanations and
// a gap's hint for a common wrong answer, let the learner try again, and save the answer
// (localStorage). "Ver la respuesta" marks the right one beside the learner's own.
import { clave, leerDato, olvidar } from "./almacen.js";
import { anotarRespuesta } from "./progreso.js";
import { t } from "./textos.js";

/** Sets up every question of the page; `alCambiar` hears of each checked answer. */
export function montarPreguntas(datos, alCambiar) {
  return datos.preguntas.map((d) => new Pregunta(document.querySelector(`[data-pregunta="${d.id}"]`), d, datos, alCambiar));
}

const sinEspacios = (s) => s.replace(/\s+/g, "");
const igualesComoConjuntos = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

class Pregunta {
  constructor(seccion, d, { curso, slug }, alCambiar) {
    Object.assign(this, { seccion, d, alCambiar });
    this.clave = clave(curso, slug, `pregunta-${d.id}`);
    this.formulario = seccion.querySelector("form");
    this.resultado = seccion.querySelector(".pregunta-resultado");
    this.general = seccion.querySelector(".pregunta-explicacion");
    this.mostrar = seccion.querySelector(".mostrar-respuesta");
    this.campos = [...this.formulario.elements].filter((e) => e.name);
    this.formulario.addEventListener("submit", (e) => {
      e.preventDefault();
      this.comprobar();
    });
    this.mostrar.addEventListener("click", () => this.revelar());
    seccion.querySelector(".comprobar-pregunta").disabled = false;
    const guardada = leerDato(this.clave); // null if it is not what formas.js says
    // An answer to another version of the question (construir/huellas.py) is forgotten, and the
    // page says why; one saved before fingerprints existed counts as an answer to this one.
    if (guardada && (guardada.huella ?? d.huella) !== d.huella) {
      olvidar(this.clave);
      this.resultado.textContent = t("pregunta_cambiada");
    } else if (guardada) {
      this.poner(guardada.respuesta);
      this.comprobar(false);
    }
  }

  /** The answer as data: option indices, true/false, a line number, or the typed token. */
  respuesta() {
    const marcadas = this.campos.filter((c) => c.checked).map((c) => c.value);
    if (this.d.tipo === "hueco") return this.campos[0].value.trim();
    if (this.d.tipo === "vf") return marcadas.length ? marcadas[0] === "verdadero" : null;
    if (this.d.tipo === "linea") return marcadas.length ? Number(marcadas[0]) : null;
    return marcadas.map(Number);
  }

  poner(r) {
    if (this.d.tipo === "hueco") this.campos[0].value = r;
    else for (const c of this.campos) c.checked = Array.isArray(r) ? r.includes(Number(c.value)) : String(r) === c.value || (r === true && c.value === "verdadero") || (r === false && c.value === "falso");
  }

  acierta(r) {
    const d = this.d;
    if (d.tipo === "hueco") return d.respuesta.some((x) => sinEspacios(x) === sinEspacios(r));
    if (d.tipo === "vf" || d.tipo === "linea") return r === d.respuesta;
    return igualesComoConjuntos(r, d.correctas);
  }

  comprobar(guardarla = true) {
    const r = this.respuesta();
    if (r === null || r === "" || (Array.isArray(r) && !r.length)) {
      this.resultado.textContent = t("pregunta_elige");
      return;
    }
    const bien = this.acierta(r);
    this.seccion.classList.toggle("bien", bien);
    this.seccion.classList.toggle("mal", !bien);
    // Each chosen option's own explanation; the general one (which gives the answer away) once right.
    const elegidas = Array.isArray(r) ? r : [];
    for (const p of this.seccion.querySelectorAll(".explicacion")) p.hidden = !(bien || elegidas.includes(Number(p.dataset.opcion)));
    this.general.hidden = !bien || !this.general.textContent.trim();
    const pista = elegidas.some((k) => this.seccion.querySelector(`.explicacion[data-opcion="${k}"]`));
    const hueco = bien ? -1 : this.pistaDeHueco(r);
    this.seccion.querySelectorAll(".pista-hueco").forEach((p) => (p.hidden = Number(p.dataset.pista) !== hueco));
    this.resultado.textContent = t(bien ? "pregunta_bien" : this.falta(elegidas) ? "pregunta_falta"
      : elegidas.length > 1 ? "pregunta_sobra" : hueco >= 0 ? "pregunta_mal_hueco" : pista ? "pregunta_mal" : "pregunta_mal_sin_pista");
    this.mostrar.hidden = bien;
    if (guardarla) {
      anotarRespuesta(this.clave, r, bien, this.d.huella); // every try, for the class report
      this.alCambiar?.(this.d.id);
    }
  }

  falta(elegidas) { // a multiple choice whose every chosen option is right, and that misses one
    return this.d.tipo === "multiple" && elegidas.length > 0 && elegidas.every((k) => this.d.correctas.includes(k));
  }

  pistaDeHueco(r) { // the author's hint for this wrong gap answer, or -1
    return this.d.tipo === "hueco" ? (this.d.pistas ?? []).findIndex((xs) => xs.some((x) => sinEspacios(x) === sinEspacios(r))) : -1;
  }

  esCorrecta(valor) { // whether a control's value is (part of) the right answer
    const d = this.d;
    if (d.tipo === "vf") return (valor === "verdadero") === d.respuesta;
    return d.tipo === "linea" ? Number(valor) === d.respuesta : d.correctas.includes(Number(valor));
  }

  /** Marks the right answer beside the learner's own, which stays, and shows every explanation. */
  revelar() {
    const d = this.d;
    this.seccion.querySelectorAll(".marca-respuesta").forEach((m) => m.remove());
    const marca = (clase, texto) => Object.assign(document.createElement("span"), { className: `marca-respuesta ${clase}`, textContent: texto });
    if (d.tipo === "hueco") this.campos[0].after(marca("correcta", t("pregunta_es_la_respuesta", { respuesta: d.respuesta[0] })));
    for (const c of d.tipo === "hueco" ? [] : this.campos) {
      const buena = this.esCorrecta(c.value);
      if (buena || c.checked) c.closest("label").append(marca(buena ? "correcta" : "tuya", t(buena ? "pregunta_correcta" : "pregunta_tu_respuesta")));
    }
    for (const p of this.seccion.querySelectorAll(".explicacion")) p.hidden = false;
    this.general.hidden = !this.general.textContent.trim();
    this.mostrar.hidden = true;
    this.resultado.textContent = t("pregunta_mostrada");
  }
}
