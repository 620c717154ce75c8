// What each saved key holds (almacen.js names the keys), in one description: the page's start
// reads every value through it (one that does not fit is ignored, kept, and the page says so),
// and an import checks a whole file against it before it writes anything (indice.js).
// A form is data: "texto", "numero", "booleano", "nulo"; {igual: v}; {entero: true}, a string
// of digits; {json: form}, a string holding JSON of that form; {lista: form}; {una: [forms]};
// {campos: {name: form}}, an object with those fields ("name?": may be missing; others are left
// alone); {mapa: form}, an object whose every value has that form; {ref: name}, formas.json's
// formas[name]; {claves: true}, an object of saved keys and their values, each checked by ENTRADAS.
import { t } from "./textos.js";
import FORMAS from "../formas.json"; // the same description py/progreso_clase.py reads

export const PREFIJO = FORMAS.prefijo;
export const FORMATO = FORMAS.formato;
// 2: edits are {texto, huella} and answers carry their question's huella (almacen.js). 3: an
// answer keeps every try (intentos), a challenge its history, a lesson when it was begun and
// finished, and `fallos` counts only before passing; the export names its course and lessons'
// versions. An import takes any version: a value of version 1 reads as based on the current lesson.
export const VERSION = FORMAS.version;

const CLAVE = new RegExp(FORMAS.clave); // course, lesson, what
// By what comes after the lesson, first match: its form, and what it is, for the learner.
const ENTRADAS = FORMAS.entradas.map(([patron, forma, texto]) => [new RegExp(patron), forma, texto]);
export const EXPORTACION = FORMAS.exportacion;

const tipoDe = (v) => (v === null ? "nulo" : typeof v === "string" ? "texto" : typeof v === "number" ? "numero" : typeof v === "boolean" ? "booleano" : null);

/** What is wrong with valor against forma, as sentences, [] if nothing; ruta: where it is in
 *  the value checked ("" for the whole value, "tests[2].name"). */
export function revisar(valor, forma, ruta = "") {
  const donde = ruta ? `«${ruta}» ` : "";
  const deberia = (f) => [t("forma_deberia", { donde, forma: f })];
  const dentro = (k) => (ruta ? `${ruta}${typeof k === "number" ? `[${k}]` : `.${k}`}` : typeof k === "number" ? `[${k}]` : k);
  if (typeof forma === "string") return tipoDe(valor) === forma ? [] : deberia(t(`forma_${forma}`));
  if ("igual" in forma) return valor === forma.igual ? [] : deberia(JSON.stringify(forma.igual));
  if (forma.entero) return typeof valor === "string" && /^\d{1,9}$/.test(valor) ? [] : deberia(t("forma_entero"));
  if (forma.json) {
    if (typeof valor !== "string") return deberia(t("forma_texto"));
    let dato;
    try {
      dato = JSON.parse(valor);
    } catch {
      return [t("forma_no_json", { donde })];
    }
    return revisar(dato, forma.json, ruta);
  }
  if (forma.ref) return revisar(valor, FORMAS.formas[forma.ref], ruta);
  if (forma.una) return forma.una.some((f) => !revisar(valor, f).length) ? [] : [t("forma_no_encaja", { donde })];
  if (forma.lista) {
    if (!Array.isArray(valor)) return deberia(t("forma_lista"));
    return valor.flatMap((v, k) => revisar(v, forma.lista, dentro(k))).slice(0, 1); // one is enough to say
  }
  if (typeof valor !== "object" || valor === null || Array.isArray(valor)) return deberia(t("forma_objeto"));
  if (forma.mapa) return Object.entries(valor).flatMap(([k, v]) => revisar(v, forma.mapa, dentro(k))).slice(0, 1);
  if (forma.claves) return Object.entries(valor).flatMap(([k, v]) => revisarGuardado(k, v));
  return Object.entries(forma.campos).flatMap(([nombre, f]) => {
    const campo = nombre.replace(/\?$/, "");
    if (!Object.hasOwn(valor, campo)) return nombre.endsWith("?") ? [] : [t("forma_falta", { donde, campo: dentro(campo) })];
    return revisar(valor[campo], f, dentro(campo));
  });
}

/** What the saved key k is, for the learner ("tu respuesta a la pregunta «x» de «y»"). */
export function queEs(k) {
  const [, , leccion, que] = CLAVE.exec(k) ?? [];
  const entrada = entradaDe(k);
  return entrada ? t(entrada[2], { nombre: entrada[0].exec(que)[1], leccion }) : `«${k}»`;
}

const entradaDe = (k) => {
  const partes = CLAVE.exec(k);
  return partes && ENTRADAS.find(([patron]) => patron.test(partes[3]));
};

/** The form of the saved key k's value (a {json} form is parsed when read), or null. */
export const formaDe = (k) => entradaDe(k)?.[1] ?? null;

/** What is wrong with the saved pair (k, v), as sentences that name it; [] if nothing. */
export function revisarGuardado(k, v) {
  const entrada = entradaDe(k);
  if (!entrada) return [t("forma_clave_ajena", { clave: k })];
  return revisar(v, entrada[1]).map((p) => `${queEs(k)} (${p})`);
}

/** The sentence that lists problemas: the first few, and how many more. */
export function lista(problemas, cuantos = 3) {
  const resto = problemas.length - cuantos;
  return problemas.slice(0, cuantos).join("; ") + (resto > 0 ? t(resto === 1 ? "forma_y_uno_mas" : "forma_y_mas", { n: resto }) : "");
}
