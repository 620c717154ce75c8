"""Runs the learner's cells inside the worker.

One namespace per page (ESPACIO), tracebacks trimmed to the cells' own frames, an input()
that the page answers (or that explains, in Spanish, why it cannot wait for the keyboard
when the page is not cross-origin isolated), and a time.sleep that Stop can interrupt.
This file is loaded before the memory snapshot is taken, so it must not keep
references to JavaScript objects.
"""
import builtins
import copy
import functools
import json
import linecache
import re
import sys
import time
import traceback

import pyodide.http
from pyodide.code import eval_code_async

import dibujo
from entrega import linea_en

# Imported here so that they are inside the memory snapshot: every lesson's first cell uses
# open_url, and importing them after a restore is several times slower.
_EN_LA_INSTANTANEA = (copy, re, pyodide.http)
PREFIJO = "<celda "
ESPACIO = {"__name__": "__main__", "__builtins__": builtins}


class EntradaNoDisponible(RuntimeError):
    """input() cannot block the worker waiting for the page."""


EntradaNoDisponible.__module__ = "builtins"  # tracebacks show just its name


_mensaje_input = "input() no está disponible."
_pedir_entrada = None  # JS: pedirEntrada(prompt) -> the line typed, or None if the run was stopped
_dormir = time.sleep


def _input(prompt=""):
    if _pedir_entrada is None:
        raise EntradaNoDisponible(_mensaje_input)
    sys.stdout.write(str(prompt))
    sys.stdout.flush()
    linea = _pedir_entrada(str(prompt))
    if linea is None:
        raise KeyboardInterrupt
    sys.stdout.write(linea + "\n")  # the transcript reads as in a terminal
    return linea


_dormir_js = None  # JS: dormir(ms) -> true if Stop came meanwhile (it then takes the interrupt)


def _sleep(segundos):
    """time.sleep that Stop ends at once, keeping the namespace. Pyodide's own sleep never
    returned once the interrupt byte was set, so Stop restarted the worker during
    time.sleep(30), losing the names; this one waits in 50 ms slices (Atomics.wait, in
    trabajador.js) and looks at the interrupt byte between them."""
    if _dormir_js is None:
        return _dormir(segundos)
    fin = time.monotonic() + segundos
    while True:
        resto = fin - time.monotonic()
        if resto <= 0:
            return
        if _dormir_js(min(resto, 0.05) * 1000):
            raise KeyboardInterrupt


_abrir = pyodide.http.open_url  # Pyodide's own


def _open_url_bajo(base):
    """open_url for a site served under base (build.py --base, e.g. "/cursos/agentes/"): a URL
    from the site's root, as the lessons and the course's files write it
    (open_url("/courses/llm-agents/guionizado.py")), is read under the base, so that their
    loading line runs unchanged wherever the site is mounted. Other URLs pass as they are."""
    raiz = base.rstrip("/")
    if not raiz:
        return _abrir

    @functools.wraps(_abrir)
    def open_url(url):
        if isinstance(url, str) and url.startswith("/") and not url.startswith(("//", raiz + "/")):
            url = raiz + url
        return _abrir(url)
    return open_url


def configurar(mensaje_input, pedir_entrada=None, dormir=None, dibujar=None, base="/", llamar_api=None):
    """Called after every boot (fresh or from the snapshot)."""
    global _mensaje_input, _pedir_entrada, _dormir_js
    _mensaje_input, _pedir_entrada, _dormir_js = mensaje_input, pedir_entrada, dormir
    pyodide.http.open_url = _open_url_bajo(base)
    dibujo.configurar(dibujar, llamar_api)
    builtins.input = _input
    time.sleep = _sleep
    for flujo in (sys.stdout, sys.stderr):
        try:
            flujo.reconfigure(line_buffering=True)
        except (AttributeError, ValueError):
            pass


def _recortar(te, vistos):
    """Keep only the frames that belong to cells, in the whole exception chain."""
    if te is None or id(te) in vistos:
        return
    vistos.add(id(te))
    propios = [f for f in te.stack if f.filename.startswith(PREFIJO)]
    te.stack = traceback.StackSummary.from_list(propios)
    _recortar(te.__cause__, vistos)
    _recortar(te.__context__, vistos)
    for sub in getattr(te, "exceptions", None) or []:
        _recortar(sub, vistos)


def _linea(exc, nombre):
    if isinstance(exc, SyntaxError) and exc.filename == nombre:
        return exc.lineno
    return linea_en(exc.__traceback__, nombre)


def formatear(exc, nombre):
    te = traceback.TracebackException.from_exception(exc)
    _recortar(te, set())
    return _sin_volcado("".join(te.format()), exc)


def _sin_volcado(traza, exc):
    """A jsonschema ValidationError prints its first line, then the whole schema and value (15
    lines for a tool's schema): only the first line is kept; the line under it says it in Spanish."""
    mensaje = getattr(exc, "message", None)
    if type(exc).__name__ != "ValidationError" or not isinstance(mensaje, str) or str(exc) == mensaje:
        return traza
    return traza.replace(str(exc), mensaje)


def _explicacion(exc, codigo, anteriores, vista):
    """py/explicaciones.py's line for the cell's error, or None; imported on the first error. A
    course file that an earlier cell exec()s is read for a NameError (the service worker has it)."""
    try:
        import explicaciones
        return explicaciones.de_celda(exc, codigo, json.loads(anteriores),
                                      lambda url: pyodide.http.open_url(url).read(), vista)
    except Exception:  # it runs while the error is reported: never fail the report
        return None


async def ejecutar(codigo, nombre, anteriores="[]"):
    """Run one cell; return a JSON string the worker forwards to the page. anteriores: the
    earlier cells as JSON [[n, id, code], ...], read only to explain a NameError."""
    linecache.cache[nombre] = (len(codigo), None, codigo.splitlines(True), nombre)
    dibujo.en_celda = True
    try:
        valor = await eval_code_async(codigo, globals=ESPACIO, filename=nombre)
        if valor is not None:
            print(repr(valor))
        return json.dumps({"ok": True})
    except KeyboardInterrupt:
        return json.dumps({"ok": False, "detenida": True})
    except BaseException as exc:  # SystemExit included: the page must survive it
        rechazo = dibujo.rechazo(exc)
        return json.dumps({"ok": False, "traza": formatear(exc, nombre), "linea": _linea(exc, nombre),
                           "conversacion": rechazo,
                           "explicacion": _explicacion(exc, codigo, anteriores, rechazo is not None)},
                          ensure_ascii=False)
    finally:
        dibujo.en_celda = False
        sys.stdout.flush()
        sys.stderr.flush()
