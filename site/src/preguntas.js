// The lesson's questions: check an answer, say so in aria-live (and, when a multiple choice is
// wrong, whether something chosen is wrong or something is missing), show the explanations and
// a gap's hint for a common wrong answer, let the learner try again, and save the answer
// (localStorage). "Ver la respuesta" marks the right one beside the learner's own. What differs
// by kind is in tipos-de-pregunta.js.
import { clave, leerDato, olvidar } from "./almacen.js";
import { anotarRespuesta } from "./progreso.js";
import { t } from "./textos.js";
import { TIPOS } from "./tipos-de-pregunta.js";

/** Sets up every question of the page; `alCambiar` hears of each checked answer. */
export function montarPreguntas(datos, alCambiar) {
  return datos.preguntas.map((d) => new Pregunta(document.querySelector(`[data-pregunta="${d.id}"]`), d, datos, alCambiar));
}

class Pregunta {
  constructor(seccion, d, { curso, slug }, alCambiar) {
    Object.assign(this, { seccion, d, alCambiar });
    this.clave = clave(curso, slug, `pregunta-${d.id}`);
    this.formulario = seccion.querySelector("form");
    this.resultado = seccion.querySelector(".pregunta-resultado");
    this.general = seccion.querySelector(".pregunta-explicacion");
    this.mostrar = seccion.querySelector(".mostrar-respuesta");
    this.campos = [...this.formulario.elements].filter((e) => e.name);
    this.tipo = TIPOS[d.tipo];
    if (!this.tipo) { // a kind the build knows and this page does not: say so, Comprobar stays off
      this.resultado.textContent = t("pregunta_tipo_desconocido", { tipo: d.tipo });
      console.error(`preguntas.js: la pregunta «${d.id}» es de tipo «${d.tipo}», que no está en tipos-de-pregunta.js`);
      return;
    }
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
  respuesta() { return this.tipo.respuesta(this.campos); }

  poner(r) { this.tipo.poner(this.campos, r); }

  acierta(r) { return this.tipo.acierta(this.d, r); }

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
    return this.tipo.falta?.(this.d, elegidas) ?? false;
  }

  pistaDeHueco(r) { // the author's hint for this wrong gap answer, or -1
    return this.tipo.pista?.(this.d, r) ?? -1;
  }

  /** Marks the right answer beside the learner's own, which stays, and shows every explanation. */
  revelar() {
    const d = this.d;
    this.seccion.querySelectorAll(".marca-respuesta").forEach((m) => m.remove());
    const marca = (clase, texto) => Object.assign(document.createElement("span"), { className: `marca-respuesta ${clase}`, textContent: texto });
    if (this.tipo.escrita) this.campos[0].after(marca("correcta", t("pregunta_es_la_respuesta", { respuesta: this.tipo.escrita(d) })));
    for (const c of this.tipo.esCorrecta ? this.campos : []) {
      const buena = this.tipo.esCorrecta(d, c.value);
      if (buena || c.checked) c.closest("label").append(marca(buena ? "correcta" : "tuya", t(buena ? "pregunta_correcta" : "pregunta_tu_respuesta")));
    }
    for (const p of this.seccion.querySelectorAll(".explicacion")) p.hidden = false;
    this.general.hidden = !this.general.textContent.trim();
    this.mostrar.hidden = true;
    this.resultado.textContent = t("pregunta_mostrada");
  }
}
