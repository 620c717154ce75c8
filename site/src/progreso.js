// What the learner has done, for the course index: cells run, questions right,
// challenges passed, and where they left off. It is all in localStorage under
// almacen.js's keys, so it goes with an export and comes back with an import.
import { clave, leerDato, guardar } from "./almacen.js";
import { pistasVistas } from "./pistas.js";

const ejecutadas = (curso, slug) => new Set(leerDato(clave(curso, slug, "celdas-ejecutadas")) ?? []);

export function marcarCelda(curso, slug, id) {
  const hechas = ejecutadas(curso, slug);
  if (!hechas.has(id)) guardar(clave(curso, slug, "celdas-ejecutadas"), JSON.stringify([...hechas, id]), null);
  marcarSitio(curso, slug, `celda-${id}`);
}

/** The last place the learner worked in: a lesson and an anchor in it. */
export function marcarSitio(curso, slug, ancla) {
  guardar(clave(curso, "", "ultimo-sitio"), JSON.stringify({ slug, ancla }), null);
}

export function ultimoSitio(curso) {
  return leerDato(clave(curso, "", "ultimo-sitio"));
}

/** {celdas, preguntas, retos, pistas}: how many of a lesson's (as the index lists them) are done,
 *  and how many hints of its challenges were seen (pistas.js keeps them). */
export function hecho(curso, { slug, celdas, preguntas, retos }) {
  const hechas = ejecutadas(curso, slug);
  const acertada = ({ id, huella }) => { // and to this version of the question (preguntas.js)
    const g = leerDato(clave(curso, slug, `pregunta-${id}`)) ?? {};
    return g.acierto === true && (g.huella ?? huella) === huella;
  };
  const superado = (nombre) => leerDato(`${clave(curso, slug, `reto-${nombre}`)}:superado`) === "1";
  return {
    celdas: celdas.filter((id) => hechas.has(id)).length,
    preguntas: preguntas.filter(acertada).length,
    retos: retos.filter(superado).length,
    pistas: retos.reduce((n, nombre) => n + pistasVistas(clave(curso, slug, `reto-${nombre}`)), 0),
  };
}
