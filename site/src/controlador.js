// Turns each cell into an editor and runs cells one at a time, earlier cells
// first when a cell says it uses their names (":usa:" in the lesson source).
import { Celda } from "./celda.js";
import { Reto } from "./reto.js";
import { marcarCelda, marcarLeccion, marcarSitio } from "./progreso.js";
import { t } from "./textos.js";

export function montar(datos, interprete, carga) {
  const ejecutadas = new Set(); // cells whose names the current namespace holds
  const celdas = new Map();
  let cola = Promise.resolve();
  let tareaActual = null;

  const { curso, slug } = datos;
  for (const d of datos.celdas) {
    celdas.set(d.id, new Celda(document.querySelector(`[data-celda="${d.id}"]`), d, { curso, slug, anteriores: [...celdas.values()], alEjecutar: pedir, alDetener: detener }));
  }
  const retos = datos.retos.map((d) => new Reto(document.querySelector(`[data-reto="${d.nombre}"]`), d,
    { curso, slug, alComprobar: comprobar, alDetener: detener }));
  const guardarTodo = () => [...celdas.values(), ...retos].forEach((c) => c.guardarYa());
  addEventListener("pagehide", guardarTodo);
  document.documentElement.classList.add("con-js");

  function pedir(celda) {
    if (celda.enCola) return;
    celda.enCola = true;
    celda.estado(true);
    celda.limpiar();
    celda.nota(interprete.estaListo ? t("en_cola") : t("esperando"));
    cola = cola.then(() => tarea(celda)).catch((e) => console.error(e));
  }

  // A challenge waits its turn like a cell, runs apart from the cells' namespace, and stops as one.
  function comprobar(reto) {
    if (reto.enCola) return;
    reto.enCola = true;
    marcarSitio(curso, slug, `reto-${reto.datos.nombre}`);
    reto.empezar(interprete.estaListo ? t("en_cola") : t("reto_esperando"));
    cola = cola.then(async () => {
      const { nombre, esperado, fuentes } = reto.datos;
      [reto.prueba, tareaActual] = ["", { celda: reto, cancelada: false }];
      try {
        reto.terminar(await interprete.comprobar(`reto-${nombre}`, reto.codigo(), esperado, fuentes, reto.oyentes()));
        marcarLeccion(datos); // after terminar has saved whether it passed
      } finally {
        [reto.enCola, tareaActual] = [false, null];
      }
    }).catch((e) => console.error(e));
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
      await interprete.encender();
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
      [tareaActual, celda.enCola] = [null, false];
      celda.estado(false);
    }
  }

  async function correr(celda, pedida) {
    const r = await celda.correr(interprete);
    const comoEnsena = (r.traza && celda.termina === "error") || (r.detenida && celda.termina === "detenida");
    if (r.ok || comoEnsena) marcarCelda(datos, celda.id); // ":termina:": its error or stop is the point
    if (r.ok) {
      ejecutadas.add(celda.id);
      if (!performance.getEntriesByName("primera-salida").length) performance.mark("primera-salida");
    } else if (r.detenida || r.reinicio) {
      pedida.mostrarResultado(r);
      if (pedida !== celda) celda.mostrarResultado(r);
      return r;
    }
    celda.mostrarResultado(r);
    await celda.dibujado; // the run is over when its conversations are drawn
    return r;
  }

  return {
    ejecutarTodas: () => celdas.forEach(pedir),
    olvidar: () => removeEventListener("pagehide", guardarTodo), // a reset must not save the editors back
    alReiniciar(motivo) {
      ejecutadas.clear();
      if (!tareaActual) carga.aviso(motivo);
    },
  };
}
