"""Comprobar, in the page's worker: the grader core on a challenge's editor, apart from the cells.

The page sends the editor's text and build.py's data for the challenge (calificador.esperado
at the build's seed); compara judges against that data with public code only, exactly as
calificar.py does with the same seed. The submission gets a fresh namespace: the cells' one
(ejecutor.ESPACIO) is never touched.

Each call of the learner's code (and its loading) runs under a clock kept by the page:
_avisos.empieza(plazo_ms, prueba) posts the start and returns a number; the page swaps it for
its negative and sends SIGINT once plazo_ms pass. _avisos.termina(n) says whether that
happened and takes back an interrupt still pending. A cut call is a "caida" with the same
words as calificar.py's, and the submission's total time is bounded as there.
This file is loaded before the memory snapshot is taken: no JavaScript references at import.
"""
import builtins
import json
import time

import calificador
import entrega
import redaccion
import transporte
import vista

ARCHIVO = "<reto>"  # the submission's file name in tracebacks; its lines are the editor's
_avisos = None
_publicos = {}  # the public namespace of each context, built once per page
_fuentes = {}   # url -> text


def configurar(avisos):
    """Called once per interpreter, before its first Comprobar: the worker's clock hooks (see the
    docstring)."""
    global _avisos
    _avisos = avisos


def comprobar(codigo, esperado_json, fuentes_json):
    """Grades `codigo`; returns the JSON of {"ok": True, "informe": results.json}."""
    esperado = json.loads(esperado_json)
    contexto = [_lee(url) for url in json.loads(fuentes_json)] + [esperado["contexto"]]
    clave = "\0".join(contexto)
    if clave not in _publicos:
        _publicos[clave] = calificador.espacio(contexto)
    en_la_pagina = EnLaPagina(contexto, codigo, esperado["funcion"])
    teclado, builtins.input = builtins.input, _sin_teclado
    try:
        informe = calificador.compara(esperado, _publicos[clave], en_la_pagina, vistas=True)
        _sin_ejecutar(informe, en_la_pagina.cortada_en)
        _dibuja(informe)
    except KeyboardInterrupt:  # an interrupt that landed in the grader's own code: rare, harmless
        return json.dumps({"ok": False, "detenida": True})
    finally:
        builtins.input = teclado
    return json.dumps({"ok": True, "informe": informe})


def _sin_ejecutar(informe, cortada_en):
    """After the test where the check stopped, each test says only that it did not run (the
    inputs it would have been sent are noise there)."""
    if cortada_en is None:
        return
    informe["cortada_en"] = cortada_en
    nombres = [t["name"] for t in informe["tests"]]
    for t in informe["tests"][nombres.index(cortada_en) + 1:] if cortada_en in nombres else []:
        if t["status"] == "failed":
            t["output"] = SIN_EJECUTAR % cortada_en
            t["sin_ejecutar"] = True  # the page shows it as not run, not as failed (its score is 0 all the same)
            t.pop("conversacion", None)


def _dibuja(informe):
    """Each test's refused turn (calificador's "conversacion"), drawn as the page shows it under the
    test ({"turno", "arbol"}, py/vista.py's arboles); the test's line says the error."""
    for t in informe["tests"]:
        if "conversacion" in t:
            t["conversacion"] = vista.arboles([t["conversacion"]], con_error=False)[0]


def _sin_teclado(prompt=""):
    """A submission has no keyboard, in the page as in calificar.py, whose child has no stdin."""
    raise EOFError("EOF when reading a line")


def _lee(url):
    """The files the cells load, from the same cache; read once per page (a synchronous request
    through the service worker cost tens of ms on every Comprobar)."""
    if url not in _fuentes:
        from pyodide.http import open_url
        _fuentes[url] = open_url(url).read()
    return _fuentes[url]


# What the tests after a cut call get: the page stops the check there (calificar.py goes on, and
# its verdict is the one that counts; here a loop would cost every test its full time).
SIN_EJECUTAR = "No se ha ejecutado: la comprobación se detuvo en la prueba «%s»."


class EnLaPagina(transporte.EnEsteInterprete):
    """The learner's function in this worker, each call under the page's clock. Once a call is
    cut (its time ran out, or the learner pressed Detener), no other call runs: cortada_en."""

    def __init__(self, contexto, codigo, funcion):
        super().__init__({}, funcion, archivo=ARCHIVO)
        self.contexto, self.codigo = contexto, codigo
        self.gastado, self.prueba, self.cortada_en = 0.0, calificador.REPRODUCE, None

    def en_prueba(self, nombre):
        self.prueba = nombre

    def prepara(self):
        def carga():
            self.ns, self.problema, self.salida = entrega.carga_entrega(self.contexto, self.codigo, ARCHIVO)
            return {"valor": None}
        r = self._con_reloj("tu entrega, al cargarse,", carga)
        return (r["caida"], "") if "caida" in r else super().prepara()

    def llama(self, argumentos, herramientas, funciones):
        return self._con_reloj("tu función", lambda: super(EnLaPagina, self).llama(argumentos, herramientas, funciones))

    def _con_reloj(self, quien, trabajo):
        if self.cortada_en is not None:
            return {"caida": SIN_EJECUTAR % self.cortada_en}
        llamada, total = calificador.TIEMPO_LLAMADA, calificador.TIEMPO_ENTREGA
        plazo = min(llamada, total - self.gastado)
        if plazo <= 0:
            return {"caida": redaccion.sin_tiempo(quien, llamada, total, True)}
        n, inicio, cortada = _avisos.empieza(int(plazo * 1000), self.prueba), time.perf_counter(), False
        try:
            try:
                respuesta = trabajo()
            finally:
                cortada = _avisos.termina(n)
                self.gastado += time.perf_counter() - inicio
        except KeyboardInterrupt:
            cortada = True
        if cortada:
            _traga_interrupcion()
            self.cortada_en = self.prueba
            return {"caida": redaccion.sin_tiempo(quien, llamada, total, total - self.gastado <= 0.001)}
        return respuesta


def _traga_interrupcion():
    """An interrupt Pyodide read before termina() took it back is raised at the next check."""
    try:
        for _ in range(1000):
            pass
    except KeyboardInterrupt:
        pass
