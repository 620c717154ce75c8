// The one contract between a lesson page and its worker. Every message either
// side sends is built here; interprete.js is the only reader of the worker's.
//
// Page -> worker
//   iniciar    {config, mensajes: {input, paquete, api}, buffer, reloj, entrada}
//              buffer: SharedArrayBuffer(1), the interrupt byte (SIGINT = 2); reloj:
//              SharedArrayBuffer(4), the challenge call in progress (see comprobador.py);
//              entrada: the answer to input(), ENTRADA below. All three null when the page
//              is not cross-origin isolated (then input() explains why it cannot wait).
//   ejecutar   {id, codigo, nombre, anteriores}  run a cell in the page's namespace; anteriores:
//              the earlier cells' code, [[n, id, codigo], ...], read only to explain a NameError
//   instantanea {config}                  to a worker of its own, never the page's: boot, store the
//              memory snapshot (arranque.js) and close; the page sends it once idle after a
//              boot without one (instantanea-diferida.js)
//   comprobar  {id, codigo, esperado, fuentes} grade a challenge's editor, apart from the cells:
//              esperado is build.py's data for it as JSON text (JavaScript would turn a 2.0
//              into 2), fuentes the URLs of its public context
//
// Worker -> page
//   arrancando {}                         the worker's script runs
//   progreso   {cargados, total}          bytes of the first download so far
//   listo      {ms, origen}               booted, from the "red" or the "instantanea"
//   error-carga {motivo}                  it could not boot
//   salida     {id, trozos: [[flujo, texto], ...]}  a batch of a cell's stdout/stderr
//   recortada  {id, lineas, bytes}        what the output cap left out (a write is cut inside), at the end of a run
//   reloj      {id, seq, plazo, prueba}   a challenge call starts: cut it after plazo ms
//   entrada    {id, prompt}               input() waits: the page answers through ENTRADA
//   api        {id, peticion: {api, url, cuerpo}}  a cell's ModeloReal waits: the page makes the call
//                                         (the key never enters the worker) and answers through ENTRADA
//                                         {status, cuerpo, reintentar_tras} or {fallo}, as JSON (modelo-real.js)
//   conversacion {id, turnos}             a cell's ver_conversacion(): py/vista.py's turns as
//                                         trees ([{turno, arbol}], its arboles()), drawn where the
//                                         cell's output has got to; a text dibujo.py cut says so
//   fin        {id, resultado}            the end of a run (Resultado below)
//   muerto     {motivo}                   the interpreter is broken: the page restarts it
//
// Resultado, what ejecutar and comprobar resolve with:
//   {ok: true, informe?}                  informe: a challenge's report (results.json shape)
//   {ok: false, traza, linea, conversacion, explicacion}  a cell raised; linea is the cell's,
//                                         or null; conversacion, when a ModeloGuionizado refused
//                                         what it was sent, is that turn ({turno, arbol}), or null;
//                                         explicacion, one line in Spanish under the traceback
//                                         (py/explicaciones.py), or null
//   {ok: false, detenida: true}           Stop interrupted it; the namespace is kept
//   {ok: false, reinicio: motivo}         the worker was restarted (made page-side)

export const SIGINT = 2;

// ENTRADA, the answer to input(): Int32 [0] is 0 while the worker waits (Atomics.wait),
// then 1 (answered) or 2 (stopped); Int32 [1] is the answer's length in bytes, UTF-8 from
// byte 8. Longer answers are cut at TOPE_ENTRADA bytes.
export const TOPE_ENTRADA = 64 * 1024;
export const nuevaEntrada = () => new SharedArrayBuffer(8 + TOPE_ENTRADA);

/** The page's side of ENTRADA: writes the answer (null: the run was stopped), wakes the worker. */
export function escribirEntrada(buffer, texto) {
  const control = new Int32Array(buffer, 0, 2);
  if (texto !== null) {
    const bytes = new TextEncoder().encode(texto).subarray(0, TOPE_ENTRADA); // encodeInto refuses shared memory
    new Uint8Array(buffer, 8).set(bytes);
    control[1] = bytes.length;
  }
  Atomics.store(control, 0, texto === null ? 2 : 1);
  Atomics.notify(control, 0);
}

/** The worker's side: blocks until the page answers; undefined if the run was stopped. */
export function esperarEntrada(buffer) {
  const control = new Int32Array(buffer, 0, 2);
  Atomics.wait(control, 0, 0);
  if (Atomics.load(control, 0) !== 1) return undefined;
  return new TextDecoder().decode(new Uint8Array(buffer, 8).slice(0, control[1])); // decode refuses shared memory
}

export const aTrabajador = {
  iniciar: (config, mensajes, buffer, reloj, entrada) => ({ tipo: "iniciar", config, mensajes, buffer, reloj, entrada }),
  ejecutar: (id, codigo, nombre, anteriores) => ({ tipo: "ejecutar", id, codigo, nombre, anteriores }),
  comprobar: (id, codigo, esperado, fuentes) => ({ tipo: "comprobar", id, codigo, esperado, fuentes }),
  instantanea: (config) => ({ tipo: "instantanea", config }),
};

export const aPagina = {
  arrancando: () => ({ tipo: "arrancando" }),
  progreso: (cargados, total) => ({ tipo: "progreso", cargados, total }),
  listo: (ms, origen) => ({ tipo: "listo", ms, origen }),
  errorCarga: (motivo) => ({ tipo: "error-carga", motivo }),
  salida: (id, trozos) => ({ tipo: "salida", id, trozos }),
  recortada: (id, lineas, bytes) => ({ tipo: "recortada", id, lineas, bytes }),
  reloj: (id, seq, plazo, prueba) => ({ tipo: "reloj", id, seq, plazo, prueba }),
  entrada: (id, prompt) => ({ tipo: "entrada", id, prompt }),
  api: (id, peticion) => ({ tipo: "api", id, peticion }),
  conversacion: (id, turnos) => ({ tipo: "conversacion", id, turnos }),
  fin: (id, resultado) => ({ tipo: "fin", id, resultado }),
  muerto: (motivo) => ({ tipo: "muerto", motivo }),
};

/** A reason as text, whatever was thrown. */
export const motivo = (e) => String(e && e.message ? e.message : e);
