// The course index: each lesson's progress (cells run, questions right, challenge
// passed), where the learner left off, and the export and import of all progress.
import { todas, reponer } from "./almacen.js";
import { FORMATO, VERSION, EXPORTACION, revisar, revisarGuardado, lista } from "./formas.js";
import { hecho, ultimoSitio } from "./progreso.js";
import { montarAvisoGuardado } from "./aviso-guardado.js";
import { t } from "./textos.js";

const datos = JSON.parse(document.getElementById("datos").textContent);
montarAvisoGuardado(document.querySelector(".guardado-aviso"));

function pintar() {
  const ultimo = ultimoSitio(datos.curso);
  const estados = datos.lecciones.map((leccion) => {
    const h = hecho(datos.curso, leccion);
    return [leccion, h, h.celdas === leccion.celdas.length && h.preguntas === leccion.preguntas.length && h.retos === leccion.retos.length];
  });
  const pendientes = new Set(estados.filter(([, , completa]) => !completa).map(([l]) => l.bloque)); // blocks not done
  const seguir = siguePor(ultimo, estados);
  for (const [leccion, h, completa] of estados) {
    const li = document.querySelector(`[data-leccion="${leccion.slug}"]`);
    const partes = [];
    if (completa) partes.push(t("indice_leccion_hecha")); // the counts would only repeat it
    if (!completa && leccion.celdas.length) partes.push(t("indice_celdas", { n: h.celdas, m: leccion.celdas.length }));
    if (!completa && leccion.preguntas.length) partes.push(t("indice_preguntas", { n: h.preguntas, m: leccion.preguntas.length }));
    if (!completa && leccion.retos.length) partes.push(t(h.retos === leccion.retos.length ? "indice_reto_superado" : "indice_reto_pendiente"));
    if (h.pistas) partes.push(t(h.pistas === 1 ? "indice_pistas_uno" : "indice_pistas", { n: h.pistas }));
    li.querySelector(".progreso").textContent = partes.join(" · ");
    const aqui = seguir?.slug === leccion.slug;
    li.classList.toggle("aqui", aqui);
    const enlace = li.querySelector(".seguir");
    enlace.hidden = !aqui;
    if (aqui) enlace.href = `${leccion.slug}/${seguir.ancla ? `#${seguir.ancla}` : ""}`;
  }
  document.querySelectorAll(".bloque-hecho").forEach((e) => (e.hidden = pendientes.has(Number(e.dataset.bloque))));
  document.querySelector(".curso-hecho").hidden = pendientes.size > 0;
}

/** Where «Sigue donde lo dejaste» leads: the last place worked in, unless it was a challenge now
 *  passed or a lesson now complete; then the next lesson not complete (from the top if none after). */
function siguePor(ultimo, estados) {
  if (!ultimo || estados.every(([, , completa]) => completa)) return null;
  const k = estados.findIndex(([l]) => l.slug === ultimo.slug);
  if (k < 0) return null;
  const [leccion, h, completa] = estados[k];
  const retoHecho = ultimo.ancla.startsWith("reto-") && h.retos === leccion.retos.length;
  if (!completa && !retoHecho) return ultimo;
  const otra = [...estados.slice(k + 1), ...estados.slice(0, k)].find(([, , c]) => !c);
  return otra ? { slug: otra[0].slug, ancla: "" } : ultimo;
}

/** Downloads every saved value that fits formas.js; one that does not is left out, and said. */
function exportar() {
  const guardados = Object.entries(todas()).map(([k, v]) => [k, v, revisarGuardado(k, v)]);
  const buenos = Object.fromEntries(guardados.filter(([, , mal]) => !mal.length).map(([k, v]) => [k, v]));
  const fuera = guardados.flatMap(([, , mal]) => mal.slice(0, 1));
  const versiones = Object.fromEntries(datos.lecciones.map((l) => [l.slug, l.huella])); // the class report's check
  const texto = JSON.stringify({ formato: FORMATO, version: VERSION, fecha: new Date().toISOString(), curso: datos.curso, versiones, datos: buenos }, null, 1);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([texto], { type: "application/json" }));
  a.download = `progreso-${datos.curso}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  document.querySelector(".progreso-aviso").textContent = [t("exportar_hecho", { n: Object.keys(buenos).length, archivo: a.download }),
    fuera.length ? t("exportar_fuera", { lista: lista(fuera) }) : ""].join(" ").trim();
}

/** Checks the whole file against formas.js's EXPORTACION, and writes it only if all of it fits. */
async function importar(archivo) {
  const aviso = document.querySelector(".progreso-aviso");
  let leido = null;
  try {
    leido = JSON.parse(await archivo.text());
  } catch {
    // not JSON: not an export
  }
  if (leido?.formato !== FORMATO) {
    aviso.textContent = t("importar_error", { motivo: t("importar_no_es") });
    return;
  }
  const problemas = revisar(leido, EXPORTACION);
  if (problemas.length) {
    aviso.textContent = t(problemas.length === 1 ? "importar_rechazado_uno" : "importar_rechazado", { n: problemas.length, lista: lista(problemas) });
    return;
  }
  try {
    reponer(leido.datos);
  } catch (e) {
    aviso.textContent = t("importar_sin_sitio", { motivo: e.message });
    return;
  }
  aviso.textContent = t("importar_hecho", { n: Object.keys(leido.datos).length });
  pintar();
}

document.querySelector(".exportar").addEventListener("click", exportar);
const entrada = document.querySelector(".importar");
entrada.addEventListener("change", () => entrada.files[0] && importar(entrada.files[0]).then(() => (entrada.value = "")));
document.querySelector(".progreso-acciones").hidden = false;
pintar();
