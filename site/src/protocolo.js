// The one contract between a lesson page and its worker. Every message either
// side sends is built here; interprete.js is the only reader of the worker's.
//
// Page -> worker
//   iniciar    {config, mensajes: {input, paquete}, buffer, reloj}
//              buffer: SharedArrayBuffer(1), the interrupt byte (SIGINT = 2); reloj:
//              SharedArrayBuffer(4), the challenge call in progress (see comprobador.py).
//              Both null when the page is not cross-origin isolated.
//   ejecutar   {id, codigo, nombre}            run a cell in the page's namespace
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
//   recortada  {id, lineas, bytes}        what the output cap left out, at the end of a run
//   reloj      {id, seq, plazo, prueba}   a challenge call starts: cut it after plazo ms
//   fin        {id, resultado}            the end of a run (Resultado below)
//   muerto     {motivo}                   the interpreter is broken: the page restarts it
//
// Resultado, what ejecutar and comprobar resolve with:
//   {ok: true, informe?}                  informe: a challenge's report (results.json shape)
//   {ok: false, traza, linea}             a cell raised; linea is the cell's, or null
//   {ok: false, detenida: true}           Stop interrupted it; the namespace is kept
//   {ok: false, reinicio: motivo}         the worker was restarted (made page-side)

export const SIGINT = 2;

export const aTrabajador = {
  iniciar: (config, mensajes, buffer, reloj) => ({ tipo: "iniciar", config, mensajes, buffer, reloj }),
  ejecutar: (id, codigo, nombre) => ({ tipo: "ejecutar", id, codigo, nombre }),
  comprobar: (id, codigo, esperado, fuentes) => ({ tipo: "comprobar", id, codigo, esperado, fuentes }),
};

export const aPagina = {
  arrancando: () => ({ tipo: "arrancando" }),
  progreso: (cargados, total) => ({ tipo: "progreso", cargados, total }),
  listo: (ms, origen) => ({ tipo: "listo", ms, origen }),
  errorCarga: (motivo) => ({ tipo: "error-carga", motivo }),
  salida: (id, trozos) => ({ tipo: "salida", id, trozos }),
  recortada: (id, lineas, bytes) => ({ tipo: "recortada", id, lineas, bytes }),
  reloj: (id, seq, plazo, prueba) => ({ tipo: "reloj", id, seq, plazo, prueba }),
  fin: (id, resultado) => ({ tipo: "fin", id, resultado }),
  muerto: (motivo) => ({ tipo: "muerto", motivo }),
};

/** A reason as text, whatever was thrown. */
export const motivo = (e) => String(e && e.message ? e.message : e);
