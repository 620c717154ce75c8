// Entry point of a lesson page. It is kept small so that the interpreter starts
// loading in its worker at once; the editors (CodeMirror) arrive in a separate
// chunk meanwhile and are set up by controlador.js.
import { Interprete } from "./interprete.js";
import { Carga } from "./carga.js";
import { registrarServiceWorker } from "./registro-sw.js";
import { montarPreguntas } from "./preguntas.js";
import { montarAcciones } from "./acciones.js";
import { marcarLeccion, marcarSitio } from "./progreso.js";
import { montarPestanas } from "./pestanas.js";
import { montarCopiar } from "./copiar.js";
import { totalEnviado } from "./descargas.js";
import { montarAvisoGuardado } from "./aviso-guardado.js";
import { programarInstantanea } from "./instantanea-diferida.js";

const datos = JSON.parse(document.getElementById("datos").textContent);
// ?instantanea=no boots without the memory snapshot (for comparison and diagnosis).
if (new URLSearchParams(location.search).get("instantanea") === "no") datos.config.instantanea = null;
// Without a service worker in control this is a first visit: count the download.
datos.config.primeraVisita = !navigator.serviceWorker?.controller;
const carga = new Carga(document.getElementById("estado"), totalEnviado(datos.config.descargas));
let controlador = null;
const avisosPendientes = [];
let pares = null;
function activarPares() {
  pares ??= import("./conversacion.js").then((m) => m.activar());
}

// A phone's first visit waits for the first Run to download the interpreter (5.1 MB sent);
// the page says so. Once cached, it boots at once, as everywhere else.
const diferida = datos.config.primeraVisita && matchMedia("(max-width: 600px)").matches;
if (diferida) carga.diferida();

const interprete = new Interprete(datos.config, {
  alProgreso: (cargados, total) => carga.progreso(cargados, total),
  alListo: (ms, origen) => {
    carga.listo(ms);
    document.documentElement.dataset.arranque = origen; // "red" or "instantanea"
    performance.mark("interprete-listo");
    registrarServiceWorker(carga, datos.config.base);
    // A run waiting for input() or a real model uses no processor: the snapshot may boot meanwhile.
    if (origen === "red") programarInstantanea(datos.config, () => interprete.actual && !interprete.esperaEntrada);
    if (document.querySelector(".conversacion")) activarPares();
  },
  alErrorCarga: (motivo) => carga.error(motivo),
  alReiniciar: (motivo) => (controlador ? controlador.alReiniciar(motivo) : avisosPendientes.push(motivo)),
}, diferida);

montarAvisoGuardado(document.querySelector(".guardado-aviso")); // before anything reads storage
montarPreguntas(datos, (id) => [marcarSitio(datos.curso, datos.slug, `pregunta-${id}`), marcarLeccion(datos)]);
montarPestanas();
montarCopiar();
// A lesson's conversations read without script; the one that pairs a call with its result
// comes when the interpreter is ready, or sooner if the learner reaches one first.
if (document.querySelector(".conversacion")) {
  for (const tipo of ["pointerover", "focusin"]) {
    document.addEventListener(tipo, (e) => e.target.closest?.(".conversacion") && activarPares());
  }
}

// Building the editors keeps the main thread busy for a while; let the worker
// start first (its script and Pyodide's are then already on their way).
await Promise.race([interprete.arrancado, new Promise((r) => setTimeout(r, 500))]);
const { montar } = await import("./controlador.js");
controlador = montar(datos, interprete, carga);
montarAcciones(datos, controlador);
avisosPendientes.forEach((m) => controlador.alReiniciar(m));
