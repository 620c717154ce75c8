"""How the grader calls the learner's function: the Transporte contract and the one in this process.

Two transports exist:
  - EnEsteInterprete(ns, nombre): the function lives in this interpreter (the page's Comprobar,
    the Node tests, the reference solution on the trusted side, and calificar.py's sandboxed
    child, hijo.py, which answers juez.Remoto);
  - juez.Remoto: calificar.py's trusted side, whose learner's function is in that child.
"""
import copy
import json

import firmas
from entrega import Salida, linea_en
from redaccion import FRASES, corto
from valores import FALTA, MISMO, a_json, por_json


class Transporte:
    """How the grader calls the learner's function. This docstring is the whole contract.

    prepara() -> (problema, salida)
        Loads the submission. problema is None when its function is ready to be called,
        otherwise why not, in Spanish, for the learner: every test then fails with it. salida
        is what the file printed while it loaded (an editor's own trial run), capped.

    llama(argumentos, herramientas, funciones) -> respuesta
        Calls the learner's function with `argumentos`, JSON values as JSON gives them back:
        [argumento, entorno, firma, permisos?], through that firma's llamada_de (py/firmas.py,
        which builds the model of "bucle" or the confirmar of "permiso"); [argumento, entorno]
        is a call of f(argumento, entorno). Meanwhile the learner's namespace holds HERRAMIENTAS =
        herramientas, as JSON gives them back too, PERMISOS = permisos when those are not
        None, and, for each name in `funciones`, the tool itself and FUNCIONES[name]. The tools
        the learner calls must reach `funciones[name]`, which run on the trusted side, as
        funciones[name](entorno, *args, **kwargs): entorno is MISMO when the learner passed the
        environment it was given, FALTA when it passed none, and a copy of what it passed
        otherwise. They return (valor, entorno_despues), and the learner's side writes
        entorno_despues, unless None, back into the object it passed. The firma's `propias`
        among `funciones` are not tools: the scripted model of "bucle", the user's answer of
        "permiso", which its llamada_de hands to the function. The model answers with
        respuesta_api's Message body, which the learner's side turns back into guionizado.py's
        Respuesta, and raises ErrorDeProtocolo, FueraDeGuion or
        ErrorDeLaAPI, which reach the learner's code as its own namespace's classes.
        `respuesta` is exactly one of:
            {"valor": v, "salida": s}       the function returned v, as JSON gives it back
            {"excepcion": E, "salida": s}   it raised; E is describe_excepcion(e)
            {"no_json": motivo, "salida": s}  it returned something JSON can't carry
            {"caida": motivo}               the call could not finish: a time limit, a process
                                            that died, a message out of protocol
        s is what the learner's code printed during the call, capped (entrega.Salida). In a
        firma with `inicio` ("bucle"), the first three also carry "inicio": the list the function got as inicio, as
        it is after the call (None if it no longer is JSON), which the trusted side compares.

    en_prueba(nombre)
        Says which test the next calls belong to (the page shows it, and reports a hang on it).

    cierra()
        Frees what prepara took. Safe to call twice; a llama after cierra prepares again.

    E, the one shape of an exception: {"tipo", "mro": [class names], "mensaje", "args",
    "linea": the line of the learner's file it came from, or None}.

    A transport reports; it never judges. Every verdict is taken by calificador.compara from
    the replies, so that a submission which rewrites its own copy of this module in
    calificar.py's child can only change what its replies say, never a rule of the grading.
    """

    def prepara(self):
        raise NotImplementedError

    def llama(self, argumentos, herramientas, funciones):
        raise NotImplementedError

    def en_prueba(self, nombre):
        pass

    def cierra(self):
        pass


class EnEsteInterprete(Transporte):
    """Calls ns[nombre] directly, with the tools of each call put in its namespace for the call."""

    def __init__(self, ns, nombre, problema=None, archivo="entrega.py", salida=""):
        self.ns, self.nombre, self.problema, self.archivo, self.salida = ns, nombre, problema, archivo, salida
        self._a_json = a_json  # what inicio is reported with, taken now (hijo.py makes this before the
        # submission's code runs, so that replacing valores' or this module's a_json later changes nothing)

    def prepara(self):
        if self.problema:
            return self.problema, self.salida
        if not callable(self.ns.get(self.nombre)):
            return FRASES["no_definida"] % self.nombre, self.salida
        return None, self.salida

    def llama(self, argumentos, herramientas, funciones):
        ns, salida = self.ns, Salida()
        # As JSON, not as deep copies: a deep copy shares the grader's strings, and code that
        # compares with `is` would pass here and fail once its inputs come as JSON (calificar.py).
        argumentos = por_json(argumentos)
        firma = firmas.de_argumentos(argumentos)
        permisos = argumentos[3] if len(argumentos) > 3 else None
        recibido = argumentos[1] if len(argumentos) > 1 else None
        funciones = dict(funciones)
        especiales = {k: funciones.pop(k) for k in firma.propias if k in funciones}
        nombres = ["HERRAMIENTAS", "FUNCIONES", *funciones]
        guardado = {k: ns[k] for k in nombres if k in ns}
        politica = _pon_permisos(ns, permisos)
        sustitutos = {n: sustituto(n, f, recibido, copy.deepcopy) for n, f in funciones.items()}
        ns.update(sustitutos, HERRAMIENTAS=por_json(herramientas), FUNCIONES=dict(sustitutos))
        llamada = None
        try:
            with salida:
                llamada = firma.llamada_de(ns, argumentos, especiales)
                valor = ns[self.nombre](*llamada)
            respuesta = a_json(valor)
        except BaseException as e:  # SystemExit, KeyboardInterrupt, `raise BaseException(...)`:
            respuesta = {"excepcion": describe_excepcion(e, self.archivo)}  # a failed test (the
        finally:                                                             # page's clock knows
            for k in nombres:                                                # its own interrupt)
                ns.pop(k, None)
            ns.update(guardado)
            politica()
        if firma.inicio is not None:
            respuesta["inicio"] = self._a_json(llamada[firma.inicio]).get("valor") if llamada else \
                argumentos[0]["inicio"]
        respuesta["salida"] = salida.texto()
        return respuesta


def _pon_permisos(ns, permisos):
    """Gives the learner's PERMISOS a test's policy, in place (code that kept a reference to the
    dict sees it too); returns what puts the namespace's own back."""
    if permisos is None:
        return lambda: None
    propios = ns.get("PERMISOS")
    antes = dict(propios) if isinstance(propios, dict) else None
    if antes is None:  # the learner's code made it something else: a plain dict for the call
        ns["PERMISOS"] = dict(permisos)
    else:
        propios.clear()
        propios.update(permisos)

    def devuelve():
        if antes is None:
            ns["PERMISOS"] = propios
        else:
            propios.clear()
            propios.update(antes)
    return devuelve


def sustituto(nombre, remota, recibido, copia):
    """The tool the learner's code calls: it looks like the real one, and runs `remota`.

    The real tools take (entorno, *args): the learner's code may pass the environment it was
    given (`recibido`), another dict, or nothing, and the tool must act on what it was passed,
    so that a solution that uses the global ENTORNO fails as it would in a real harness.
    `copia` turns that other object into something that can reach the trusted side.
    """
    def herramienta(*args, **kwargs):
        if args:
            destino, args = args[0], args[1:]
        elif "entorno" in kwargs:
            destino = kwargs.pop("entorno")
        else:
            return remota(FALTA, *args, **kwargs)[0]  # the trusted side raises the TypeError
        valor, despues = remota(MISMO if destino is recibido else copia(destino), *args, **kwargs)
        if isinstance(destino, dict) and isinstance(despues, dict):
            destino.clear()
            destino.update(despues)
        return valor
    herramienta.__name__ = herramienta.__qualname__ = nombre
    return herramienta


def describe_excepcion(e, archivo=None):
    """The one shape of an exception crossing the grader: enough to judge it, raise it again, and
    point at the learner's line (the last frame in `archivo`, the submission's file name)."""
    try:
        args = por_json(list(e.args))
    except (TypeError, ValueError):
        args = None
    if args is None or len(json.dumps(args)) > 1000:
        args = [corto(str(e), 300)]
    descrita = {"tipo": type(e).__name__, "mro": [c.__name__ for c in type(e).__mro__],
                "mensaje": corto(_mensaje(e, archivo), 300), "args": args,
                "linea": linea_en(e.__traceback__, archivo) if archivo else None}
    # For its explanation: the dictionary a KeyError's line read, the rule an ErrorDeProtocolo names.
    if isinstance(e, KeyError) and archivo or type(e).__name__ == "ErrorDeProtocolo":
        import explicaciones  # only for these: the page's boot does not load it
        datos = explicaciones.de_regla(e) or (explicaciones.datos_de_clave(e, archivo) if archivo else {})
        if datos:
            descrita["datos"] = datos
    return descrita


def _mensaje(e, archivo):
    """str(e); a NameError's with Python's suggestion (explicaciones.mensaje_en)."""
    if not isinstance(e, NameError):
        return str(e)
    import explicaciones  # only for a NameError: the page's boot does not load it
    return explicaciones.mensaje_en(e, archivo)
