// Module worker: boots Pyodide (from the memory snapshot when there is one), runs cells one at a time,
// and grades a challenge's editor; or, told so, takes the snapshot and closes. Its messages, both ways,
// are declared in protocolo.js. MODULOS: {file name: source} of py/modulos.py's and its own (activos.py).
import MODULOS from "modulos-del-trabajador";
import { aPagina, motivo, esperarEntrada } from "./protocolo.js";
import { SalidaLimitada } from "./salida-limitada.js";
import { arrancar, tomarInstantanea } from "./arranque.js";
import { cargarImportados } from "./paquetes.js";

const enviar = (m) => postMessage(m);
let [py, ejecutor, comprobador, urlsPaquetes, mensajes] = [null, null, null, {}, {}];
let [interrupcion, reloj, entrada] = [null, null, null]; // shared with the page; entrada: ENTRADA (protocolo.js)
const siesta = self.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null; // never notified
let [actual, dibujos, dibujado, llamadas] = [null, 0, 0, 0]; // the run, its drawings (and chars); challenge calls
const salida = new SalidaLimitada(enviar);

self.onmessage = async ({ data }) => {
  if (data.tipo === "iniciar") await iniciar(data);
  else if (data.tipo === "instantanea") await tomarInstantanea(data.config, MODULOS).finally(close);
  else if (data.tipo === "ejecutar") await correr(data.id, () => ejecutor.ejecutar(data.codigo, data.nombre, JSON.stringify(data.anteriores ?? [])), data.codigo);
  else if (data.tipo === "comprobar") await correr(data.id, () => conComprobador().comprobar(data.codigo, data.esperado, JSON.stringify(data.fuentes)), "import jsonschema");
};

// comprobador.py (not imported by a plain boot, arranque.js): at the first Comprobar, or on a
// challenge's page once ready if no run has started (an import meanwhile would take its Stop).
function conComprobador() {
  if (!comprobador) {
    const modulo = py.pyimport("comprobador");
    modulo.configurar(avisos);
    comprobador = modulo;
  }
  return comprobador;
}

// What comprobador.py calls around each call of the learner's function: the page
// cuts a call that outlives its plazo (SIGINT) after swapping seq for -seq in reloj.
const avisos = {
  empieza(plazo, prueba) {
    llamadas += 1;
    if (reloj) Atomics.store(reloj, 0, llamadas);
    enviar(aPagina.reloj(actual, llamadas, plazo, prueba));
    return llamadas;
  },
  termina(n) {
    if (!reloj || Atomics.compareExchange(reloj, 0, n, 0) !== -n) {
      if (reloj) Atomics.store(reloj, 0, 0);
      return false;
    }
    // The page's SIGINT follows its exchange at once: wait for it, and take it back.
    for (let i = 0; i < 1e6 && Atomics.load(interrupcion, 0) === 0; i++);
    Atomics.store(interrupcion, 0, 0);
    Atomics.store(reloj, 0, 0);
    return true;
  },
};

// input() and ModeloReal's call (the page makes it, with the key): post, block until the page answers
// through ENTRADA (or Stop: undefined, and Python raises KeyboardInterrupt).
function esperarPagina(mensaje) {
  salida.vaciar(); // what was printed before the question shows before the field
  Atomics.store(new Int32Array(entrada, 0, 1), 0, 0);
  enviar(mensaje);
  return esperarEntrada(entrada);
}
const pedirEntrada = (prompt) => esperarPagina(aPagina.entrada(actual, prompt)), llamarApi = (texto) => (entrada ? esperarPagina(aPagina.api(actual, JSON.parse(texto))) : JSON.stringify({ fallo: mensajes.api }));

// ver_conversacion(), drawn after what was printed; past 20 or 2M chars (of dibujo.py's data) in a run, printed (the output cap bounds it).
function dibujar(texto, tamano) {
  if (++dibujos > 20 || (dibujado += tamano) > 2e6) return false;
  salida.vaciar();
  enviar(aPagina.conversacion(actual, JSON.parse(texto)));
  return true;
}

// time.sleep's slices (ejecutor.py): true, and the interrupt taken, if Stop came meanwhile.
function dormir(ms) {
  if (!interrupcion[0]) Atomics.wait(siesta, 0, 0, ms);
  if (!interrupcion[0]) return false;
  interrupcion[0] = 0;
  return true;
}

async function iniciar({ config, mensajes: textos, buffer, reloj: bufferReloj, entrada: bufferEntrada }) {
  enviar(aPagina.arrancando());
  mensajes = textos;
  const t0 = performance.now();
  try {
    const arranque = await arrancar(config, MODULOS, enviar);
    py = arranque.py;
    urlsPaquetes = config.paquetes;
    ejecutor = py.pyimport("ejecutor");
    entrada = bufferEntrada;
    ejecutor.configurar(mensajes.input, entrada ? pedirEntrada : undefined, entrada ? dormir : undefined, dibujar, config.base ?? "/", llamarApi);
    py.setStdout({ write: (b) => salida.escribir("stdout", b) });
    py.setStderr({ write: (b) => salida.escribir("stderr", b) });
    py.setStdin({ error: true });
    // A fatal error can leave the run unsettled forever: Pyodide's private hook lets the page restart the worker.
    if (py._api) py._api.on_fatal = (e) => enviar(aPagina.muerto(motivo(e)));
    if (buffer) {
      interrupcion = new Uint8Array(buffer);
      reloj = new Int32Array(bufferReloj);
      py.setInterruptBuffer(interrupcion);
    }
    enviar(aPagina.listo(performance.now() - t0, arranque.origen));
    // Challenges grade with jsonschema and comprobador.py: ready both for the first Comprobar (a run shares the install).
    if (config.conReto) cargarImportados(py, "import jsonschema", urlsPaquetes).then(() => actual === null && conComprobador())
      .catch((e) => console.warn("comprobador.py se importará en el primer Comprobar.", e));
  } catch (e) {
    enviar(aPagina.errorCarga(motivo(e)));
  }
}

async function correr(id, trabajo, codigo) {
  if (interrupcion) interrupcion[0] = 0;
  [actual, dibujos, dibujado] = [id, 0, 0];
  salida.empezar(id);
  let resultado;
  try {
    await cargarImportados(py, codigo, urlsPaquetes).catch((e) =>
      enviar(aPagina.salida(id, [["stderr", mensajes.paquete.replace("{motivo}", motivo(e)) + "\n"]])));
    resultado = JSON.parse(await trabajo());
  } catch (e) { // not a Python exception (those come back as JSON): the interpreter is broken
    salida.terminar();
    enviar(aPagina.muerto(motivo(e)));
    return;
  }
  salida.terminar();
  enviar(aPagina.fin(id, resultado));
}
