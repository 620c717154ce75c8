"""The sandboxed side of calificar.py: one submission, in Pyodide, in its own process.

nodo.mjs runs principal() in a fresh interpreter restored from the snapshot, inside the sandbox
that aislamiento.py chose. It receives one message per call, answers it, and sends back the
learner's tool calls, which the trusted side (juez.py) runs. It never holds a reference
solution, a script or an expected result: only the public context and the learner's code.
It reports what the learner's function returned, raised and printed (and, in "bucle", its
inicio after the call); every rule is judged on the other side from those reports. A
submission that tampers with this file or with the grader modules it imports can make its own
reports say anything, as its function could, but changes no verdict rule.

Messages in:   {"carga": {"fuentes", "contexto", "entrega": base64 of the file, "nombre", "funcion"}}
               {"llama": {"argumentos", "herramientas", "nombres"}}
               {"valor": v, "entorno": e} | {"excepcion": E}    (the answer to a tool call)
Messages out:  {"listo": true}                                     (once booted)
               {"problema": str | None, "salida": str}             (after carga)
               {"herramienta": {"nombre", "args", "kwargs", "entorno"}}  (during a call)
               {"fin": respuesta}                                 (a Transporte reply)
"""
import base64
import builtins
import io
import json
import sys
import types

import entrega
import transporte
from redaccion import FRASES

_canal = sys.modules.get("_canal")


def envia(mensaje):
    # ASCII JSON: a lone surrogate the learner printed or returned crosses as \ud800.
    _canal.envia(json.dumps(mensaje, allow_nan=False))


def recibe():
    return json.loads(_canal.recibe())


def principal():
    global _canal
    import _canal
    envia({"listo": True})
    inicio = recibe()["carga"]
    _instala_open_url(inicio["fuentes"])
    # The transport, and what it reports inicio with, are taken before the submission's code runs:
    # a submission that then replaces transporte.EnEsteInterprete.llama or valores.a_json cannot
    # make a changed inicio look unchanged (docs/calificar.md says what it still can do).
    suyo = transporte.EnEsteInterprete({}, inicio["funcion"], archivo=inicio["nombre"])
    prepara, llama = suyo.prepara, suyo.llama
    try:
        fuente, problema = entrega.fuente_de(base64.b64decode(inicio["entrega"])), None
    except ValueError as e:
        fuente, problema = "", FRASES["no_se_lee"] % e
    suyo.ns, suyo.problema, suyo.salida = (({}, problema, "") if problema else
                                           entrega.carga_entrega(inicio["contexto"], fuente, inicio["nombre"]))
    problema, salida = prepara()
    envia({"problema": problema, "salida": salida})
    while True:
        pedido = recibe()["llama"]
        funciones = {n: _remota(n) for n in pedido["nombres"]}
        try:
            respuesta = llama(pedido["argumentos"], pedido["herramientas"], funciones)
        except BaseException as e:  # noqa: B902  a KeyboardInterrupt of its own, say
            respuesta = {"excepcion": transporte.describe_excepcion(e), "salida": ""}
        try:
            envia({"fin": respuesta})
        except (TypeError, ValueError):
            envia({"fin": {"no_json": "no se puede enviar lo que devuelve", "salida": ""}})


def _remota(nombre):
    """A tool that runs on the trusted side: the arguments go out, the result comes back."""
    def herramienta(destino, *args, **kwargs):
        if destino is transporte.MISMO:
            entorno = {"mismo": True}
        elif destino is transporte.FALTA:
            entorno = {"falta": True}
        else:
            entorno = {"otro": destino}
        try:
            envia({"herramienta": {"nombre": nombre, "args": list(args), "kwargs": kwargs,
                                   "entorno": entorno}})
        except (TypeError, ValueError):
            raise TypeError("los argumentos de %s deben ser valores JSON" % nombre) from None
        r = recibe()
        if "excepcion" in r:
            e = _clase(r["excepcion"]["tipo"])(*r["excepcion"]["args"])
            e._regla = r["excepcion"].get("datos", {}).get("regla")  # a refusal's rule, for its explanation
            raise e
        return r["valor"], r.get("entorno")
    return herramienta


# What a tool on the trusted side may raise outside Exception (a test's, ayuda.py): these two
# cross by name and are raised here as themselves; any other name is an Exception of that name.
_FUERA_DE_EXCEPTION = {"KeyboardInterrupt": KeyboardInterrupt, "SystemExit": SystemExit}


def _clase(tipo):
    clase = _FUERA_DE_EXCEPTION.get(tipo) or getattr(builtins, tipo, None)
    if isinstance(clase, type) and issubclass(clase, Exception) or clase in _FUERA_DE_EXCEPTION.values():
        return clase
    return type(tipo, (Exception,), {})


def _instala_open_url(fuentes):
    """So that a whole editor's content, with its open_url lines, runs here as in the page."""
    def open_url(url):
        return io.StringIO(fuentes[url.rsplit("/", 1)[-1]])
    pyodide = sys.modules.get("pyodide") or types.ModuleType("pyodide")
    http = types.ModuleType("pyodide.http")
    http.open_url = open_url
    pyodide.http = http
    sys.modules.update({"pyodide": pyodide, "pyodide.http": http})
