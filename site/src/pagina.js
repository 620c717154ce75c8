// Entry point of a lesson page: starts the interpreter at once, turns each
// cell into an editor, and runs cells one at a time, earlier cells first when
// a cell says it uses their names (":usa:" in the lesson source).
import { Interprete } from "./interprete.js";
import { Celda } from "./celda.js";
import { Carga } from "./carga.js";
import { registrarServiceWorker } from "./registro-sw.js";
import { t } from "./textos.js";

const datos = JSON.parse(document.getElementById("datos").textContent);
const carga = new Carga(document.getElementById("estado"), datos.config.bytesInterprete);
const ejecutadas = new Set(); // cells whose names the current namespace holds
let cola = Promise.resolve();
let tareaActual = null;

const interprete = new Interprete(datos.config, {
  alProgreso: (m) => carga.progreso(m.cargados, m.total),
  alListo: (m) => {
    carga.listo(m.ms);
    document.documentElement.dataset.arranque = m.origen; // "red" or "instantanea"
    performance.mark("interprete-listo");
    registrarServiceWorker(carga);
  },
  alErrorCarga: (motivo) => carga.error(motivo),
  alReiniciar: (motivo) => {
    ejecutadas.clear();
    if (!tareaActual) carga.aviso(motivo);
  },
});

const celdas = new Map();
for (const d of datos.celdas) {
  const seccion = document.querySelector(`[data-celda="${d.id}"]`);
  celdas.set(d.id, new Celda(seccion, d, {
    curso: datos.curso,
    slug: datos.slug,
    alEjecutar: pedir,
    alDetener: detener,
  }));
}
addEventListener("pagehide", () => celdas.forEach((c) => c.guardarYa()));
document.documentElement.classList.add("con-js");

function pedir(celda) {
  if (celda.enCola) return;
  celda.enCola = true;
  celda.estado(true);
  celda.limpiar();
  celda.nota(interprete.estaListo ? t("en_cola") : t("esperando"));
  cola = cola.then(() => tarea(celda)).catch((e) => console.error(e));
}

function detener(celda) {
  if (!tareaActual || tareaActual.celda !== celda) return;
  tareaActual.cancelada = true;
  interprete.detener();
}

/** Cells this one depends on, transitively, that the namespace lacks, in page order. */
function pendientes(celda, vistas = new Set()) {
  const lista = [];
  for (const id of celda.usa) {
    if (vistas.has(id)) continue;
    vistas.add(id);
    const previa = celdas.get(id);
    lista.push(...pendientes(previa, vistas));
    if (!ejecutadas.has(id)) lista.push(previa);
  }
  return lista;
}

async function tarea(celda) {
  tareaActual = { celda, cancelada: false };
  try {
    await interprete.listo;
    celda.limpiar();
    const previas = pendientes(celda);
    if (previas.length) {
      celda.nota(t("ejecutadas_antes", { celdas: previas.map((p) => t("celda", { n: p.n })).join(", ") }));
    }
    for (const previa of previas) {
      previa.limpiar();
      const r = await correr(previa, celda);
      if (!r.ok) {
        if (!r.detenida && !r.reinicio) celda.nota(t("fallo_previa", { celda: t("celda", { n: previa.n }) }), "nota aviso");
        return;
      }
      if (tareaActual.cancelada) return;
    }
    await correr(celda, celda);
  } finally {
    tareaActual = null;
    celda.enCola = false;
    celda.estado(false);
  }
}

async function correr(celda, pedida) {
  const r = await interprete.ejecutar(celda.id, celda.codigo(), celda.nombre, (m) => celda.recibir(m));
  if (r.ok) {
    ejecutadas.add(celda.id);
    if (!performance.getEntriesByName("primera-salida").length) performance.mark("primera-salida");
  } else if (r.detenida || r.reinicio) {
    pedida.mostrarResultado(r);
    if (pedida !== celda) celda.mostrarResultado(r);
    return r;
  }
  celda.mostrarResultado(r);
  return r;
}
