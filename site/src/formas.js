// What each saved key holds (almacen.js names the keys), in one description: the page's start
// reads every value through it (one that does not fit is ignored, kept, and the page says so),
// and an import checks a whole file against it before it writes anything (indice.js).
// A form is data: "texto", "numero", "booleano", "nulo"; {igual: v}; {entero: true}, a string
// of digits; {json: form}, a string holding JSON of that form; {lista: form}; {una: [forms]};
// {campos: {name: form}}, an object with those fields ("name?": may be missing; others are left
// alone); {claves: true}, an object of saved keys and their values, each checked by ENTRADAS.
import { t } from "./textos.js";

export const PREFIJO = "curso-agentes";
export const FORMATO = "curso-agentes/progreso";
// 2: edits are {texto, huella} and answers carry their question's huella (almacen.js). An import
// takes either version: a value of version 1 reads as based on the current lesson.
export const VERSION = 2;

const CLAVE = new RegExp(`^${PREFIJO}:([^/:]+)/([^/:]*):(.+)$`); // course, lesson, what
// By what comes after the lesson, first match: its form, and what it is, for the learner.
const ENTRADAS = [
  [/^celdas-ejecutadas$/, { json: { lista: "texto" } }, "guardado_celdas"],
  [/^ultimo-sitio$/, { json: { campos: { slug: "texto", ancla: "texto" } } }, "guardado_sitio"],
  [/^pregunta-(.+)$/, { json: { campos: { respuesta: { una: ["texto", "numero", "booleano", { lista: "numero" }] },
                                          acierto: "booleano", "huella?": "texto" } } }, "guardado_pregunta"],
  [/^reto-([^:]+):resultado$/, { json: { campos: { score: "numero", max_score: "numero", output: "texto",
    "cortada_en?": { una: ["texto", "nulo"] }, "parada?": "booleano",
    tests: { lista: { campos: { name: "texto", status: "texto", "output?": "texto", "sin_ejecutar?": "booleano" } } } } } },
  "guardado_resultado"],
  [/^reto-([^:]+):superado$/, { igual: "1" }, "guardado_superado"],
  [/^reto-([^:]+):(?:pistas|fallos)$/, { entero: true }, "guardado_pistas"],
  [/^reto-([^:]+)$/, "texto", "guardado_reto"], // an edit: {texto, huella} as JSON, or plain (version 1)
  [/^([^:]+)$/, "texto", "guardado_celda"],
];

export const EXPORTACION = { campos: { formato: { igual: FORMATO }, version: { una: [{ igual: 1 }, { igual: VERSION }] },
                                      "fecha?": "texto", datos: { claves: true } } };

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
  if (forma.una) return forma.una.some((f) => !revisar(valor, f).length) ? [] : [t("forma_no_encaja", { donde })];
  if (forma.lista) {
    if (!Array.isArray(valor)) return deberia(t("forma_lista"));
    return valor.flatMap((v, k) => revisar(v, forma.lista, dentro(k))).slice(0, 1); // one is enough to say
  }
  if (typeof valor !== "object" || valor === null || Array.isArray(valor)) return deberia(t("forma_objeto"));
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
