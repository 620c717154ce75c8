// Module worker: boots Pyodide (from the memory snapshot when there is one)
// and runs cells one at a time. Messages in: iniciar, ejecutar.
// Messages out: progreso, listo, salida, fin, muerto, error-carga.
import fuenteEjecutor from "./ejecutor.py";
import { SalidaLimitada } from "./salida-limitada.js";
import { arrancar } from "./arranque.js";
import { cargarImportados } from "./paquetes.js";

const enviar = (m) => postMessage(m);
let ejecutar = null;
let py = null;
let urlsPaquetes = {};
let mensajes = {};
let interrupcion = null;
const salida = new SalidaLimitada(enviar);

self.onmessage = async ({ data }) => {
  if (data.tipo === "iniciar") await iniciar(data);
  else if (data.tipo === "ejecutar") await correr(data);
};

async function iniciar({ config, mensajes: textos, buffer }) {
  enviar({ tipo: "arrancando" });
  mensajes = textos;
  const t0 = performance.now();
  try {
    const arranque = await arrancar(config, fuenteEjecutor, enviar);
    py = arranque.py;
    urlsPaquetes = config.paquetes;
    const modulo = py.pyimport("__ejecutor__");
    modulo.configurar(mensajes.input);
    ejecutar = modulo.ejecutar;
    py.setStdout({ write: (b) => salida.escribir("stdout", b) });
    py.setStderr({ write: (b) => salida.escribir("stderr", b) });
    py.setStdin({ error: true });
    // A fatal error (out of memory, a broken runtime) can leave the run's promise
    // unsettled forever; Pyodide's private hook lets the page restart the worker.
    if (py._api) py._api.on_fatal = (e) => enviar({ tipo: "muerto", motivo: String(e && e.message ? e.message : e) });
    if (buffer) {
      interrupcion = new Uint8Array(buffer);
      py.setInterruptBuffer(interrupcion);
    }
    enviar({ tipo: "listo", ms: performance.now() - t0, origen: arranque.origen });
  } catch (e) {
    enviar({ tipo: "error-carga", motivo: String(e && e.message ? e.message : e) });
  }
}

async function correr({ id, codigo, nombre }) {
  if (interrupcion) interrupcion[0] = 0;
  salida.empezar(id);
  let resultado;
  try {
    await cargarImportados(py, codigo, urlsPaquetes).catch((e) =>
      enviar({ tipo: "salida", id, trozos: [["stderr", mensajes.paquete.replace("{motivo}", String(e.message || e)) + "\n"]] }));
    resultado = JSON.parse(await ejecutar(codigo, nombre));
  } catch (e) {
    // Not a Python exception (those come back as JSON): the interpreter is broken.
    salida.terminar();
    enviar({ tipo: "muerto", motivo: String(e && e.message ? e.message : e) });
    return;
  }
  salida.terminar();
  enviar({ tipo: "fin", id, ...resultado });
}
