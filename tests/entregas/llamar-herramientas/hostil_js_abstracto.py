# Sale de Pyodide a Node y, desde un hilo con su propio bucle de eventos, se conecta a un socket
# AF_UNIX abstracto, que sin espacio de nombres de red llegaría a servicios de la máquina o a
# otra entrega calificada a la vez.
import js

CODIGO = """
const { workerData } = require("worker_threads");
const vista = new Int32Array(workerData), bytes = new Uint8Array(workerData, 8);
function acaba(texto) {
  const b = Buffer.from(texto).subarray(0, 500);
  bytes.set(b); vista[1] = b.length; Atomics.store(vista, 0, 1); Atomics.notify(vista, 0);
}
const s = require("net").connect({ path: "\\0entregas-en-conchabanza" }, () => acaba("conectado"));
s.on("error", (e) => acaba(e.code));
"""


def observaciones(respuesta, entorno):
    memoria = js.SharedArrayBuffer.new(512)
    opciones = js.JSON.parse('{"eval": true}')
    opciones.workerData = memoria
    js.process.getBuiltinModule("worker_threads").Worker.new(CODIGO, opciones)
    vista = js.Int32Array.new(memoria)
    js.Atomics.wait(vista, 0, 0, 1500)
    n = js.Atomics.load(vista, 1)
    print("red:", js.TextDecoder.new().decode(js.Uint8Array.new(memoria, 8, n).slice()) if n else "nada")
    return []
