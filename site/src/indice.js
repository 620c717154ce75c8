// The course index: each lesson's progress (cells run, questions right, challenge
// passed), where the learner left off, and the export and import of all progress.
import { todas, reponer } from "./almacen.js";
import { hecho, ultimoSitio } from "./progreso.js";
import { t } from "./textos.js";

const datos = JSON.parse(document.getElementById("datos").textContent);
const FORMATO = "curso-agentes/progreso";
// 2: edits are {texto, huella} and answers carry their question's huella (almacen.js). An import
// takes any version: a value of version 1 reads as based on the current lesson.
const VERSION = 2;

function pintar() {
  const ultimo = ultimoSitio(datos.curso);
  const estados = datos.lecciones.map((leccion) => {
    const h = hecho(datos.curso, leccion);
    return [leccion, h, h.celdas === leccion.celdas.length && h.preguntas === leccion.preguntas.length && h.retos === leccion.retos.length];
  });
  const pendientes = new Set(estados.filter(([, , completa]) => !completa).map(([l]) => l.bloque)); // blocks not done
  for (const [leccion, h, completa] of estados) {
    const li = document.querySelector(`[data-leccion="${leccion.slug}"]`);
    const partes = [];
    if (completa) partes.push(t("indice_leccion_hecha")); // the counts would only repeat it
    if (!completa && leccion.celdas.length) partes.push(t("indice_celdas", { n: h.celdas, m: leccion.celdas.length }));
    if (!completa && leccion.preguntas.length) partes.push(t("indice_preguntas", { n: h.preguntas, m: leccion.preguntas.length }));
    if (!completa && leccion.retos.length) partes.push(t(h.retos === leccion.retos.length ? "indice_reto_superado" : "indice_reto_pendiente"));
    if (h.pistas) partes.push(t(h.pistas === 1 ? "indice_pistas_uno" : "indice_pistas", { n: h.pistas }));
    li.querySelector(".progreso").textContent = partes.join(" · ");
    const aqui = ultimo && ultimo.slug === leccion.slug && pendientes.size > 0;
    li.classList.toggle("aqui", aqui);
    const seguir = li.querySelector(".seguir");
    seguir.hidden = !aqui;
    if (aqui) seguir.href = `${leccion.slug}/#${ultimo.ancla}`;
  }
  document.querySelectorAll(".bloque-hecho").forEach((e) => (e.hidden = pendientes.has(Number(e.dataset.bloque))));
  document.querySelector(".curso-hecho").hidden = pendientes.size > 0;
}

function exportar() {
  const texto = JSON.stringify({ formato: FORMATO, version: VERSION, fecha: new Date().toISOString(), datos: todas() }, null, 1);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([texto], { type: "application/json" }));
  a.download = `progreso-${datos.curso}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  document.querySelector(".progreso-aviso").textContent = t("exportar_hecho", { n: Object.keys(todas()).length, archivo: a.download });
}

async function importar(archivo) {
  const aviso = document.querySelector(".progreso-aviso");
  try {
    const leido = JSON.parse(await archivo.text());
    if (leido.formato !== FORMATO || typeof leido.datos !== "object") throw new Error(t("importar_no_es"));
    reponer(leido.datos);
    aviso.textContent = t("importar_hecho", { n: Object.keys(leido.datos).length });
    pintar();
  } catch (e) {
    aviso.textContent = t("importar_error", { motivo: e.message });
  }
}

document.querySelector(".exportar").addEventListener("click", exportar);
const entrada = document.querySelector(".importar");
entrada.addEventListener("change", () => entrada.files[0] && importar(entrada.files[0]).then(() => (entrada.value = "")));
document.querySelector(".progreso-acciones").hidden = false;
pintar();
