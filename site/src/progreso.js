// What the learner has done, for the course index and the class report (py/progreso_clase.py):
// cells run, answers (every try, with its time), challenges passed, when each lesson was begun
// and finished, and where they left off. It is all in localStorage under almacen.js's keys, so
// it goes with an export and comes back with an import.
import { clave, leerDato, guardar } from "./almacen.js";
import { pistasVistas } from "./pistas.js";

const ejecutadas = (curso, slug) => new Set(leerDato(clave(curso, slug, "celdas-ejecutadas")) ?? []);
export const ahora = () => new Date().toISOString();

export function marcarCelda(datos, id) {
  const { curso, slug } = datos;
  const hechas = ejecutadas(curso, slug);
  if (!hechas.has(id)) guardar(clave(curso, slug, "celdas-ejecutadas"), JSON.stringify([...hechas, id]), null);
  marcarSitio(curso, slug, `celda-${id}`);
  marcarLeccion(datos);
}

/** Saves a checked answer, keeping every try (the first 50: the first is what staff read). An
 *  answer saved before tries were kept (version 2) starts the list, without its time. */
export function anotarRespuesta(k, respuesta, acierto, huella) {
  const g = leerDato(k);
  const antes = g ? g.intentos ?? [{ respuesta: g.respuesta, acierto: g.acierto }] : [];
  const intentos = [...antes, { respuesta, acierto, fecha: ahora() }].slice(0, 50);
  guardar(k, JSON.stringify({ respuesta, acierto, huella, intentos }), null);
}

/** After anything the learner did in a lesson page (datos: its data island): when the lesson
 *  was begun, and, the first time all of it is done, when it was finished. */
export function marcarLeccion(datos) {
  const { curso, slug } = datos;
  const [empezada, terminada] = ["empezada", "terminada"].map((x) => clave(curso, slug, `leccion:${x}`));
  if (leerDato(empezada) === null) guardar(empezada, ahora(), null);
  const leccion = { slug, celdas: datos.celdas.map((c) => c.id), preguntas: datos.preguntas, retos: datos.retos.map((r) => r.nombre) };
  const h = hecho(curso, leccion);
  const completa = h.celdas === leccion.celdas.length && h.preguntas === leccion.preguntas.length && h.retos === leccion.retos.length;
  if (completa && leerDato(terminada) === null) guardar(terminada, ahora(), null);
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
