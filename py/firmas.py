"""The firmas: how the judge calls a challenge's function, and what it must return. One entry each.

A challenge's FIRMA (carga.py) names one entry of FIRMAS. Each says, as data and functions:
  - for authors: what the learner's function receives (`recibe`; docs/autores.md);
  - on the trusted side (calificador.ejecuta): `prepara`, what the call sends besides the
    argument and the environment, and the functions its code gets besides the tools (the
    scripted model, the user's confirmar), which run there like tools; and what it checks
    in the reply once the call is over;
  - on the learner's side (transporte.EnEsteInterprete, in the page or in calificar.py's
    child): `llamada_de`, the function's arguments built from what crossed as JSON;
  - in the course's harness (calificador._arnes): whether the function is called there at all
    (`arnes`), and with a turn's whole answer or one tool_use block at a time;
  - how what it returned is judged (`juez`) and named to the learner (`devuelve`, `llama_a`,
    `muestra`), in the words of redaccion.py.
A new firma is one entry here; `de(nombre)` fails loudly, naming it, for one that has none.
"""
import copy
import dataclasses
import functools
from typing import Callable, Optional

import redaccion
from redaccion import FRASES
from valores import MISMO, clave, por_json

_TOPE_BLOQUES = 200       # blocks in one answer

BLOQUE = {"type": "object",
          "properties": {"type": {"const": "tool_result"}, "tool_use_id": {"type": "string"},
                         "content": {"type": "string"}, "is_error": {"type": "boolean"}},
          "required": ["type", "tool_use_id", "content", "is_error"],
          "additionalProperties": False}


@dataclasses.dataclass(frozen=True)
class Firma:
    nombre: str
    recibe: str               # for authors: what the learner's function receives, and a test's argumento
    devuelve: str             # what it must return, in the learner's words: "no <devuelve>" (redaccion.que_hizo)
    llama_a: str              # what its calls timed on the trusted side are, to the learner (redaccion.lento)
    prepara: Callable         # trusted side: (Llamada) -> (argumento, [what crosses after the environment],
    #                           {name: f(entorno, *args)} its code gets besides the tools, revisa(r) or None)
    llamada_de: Callable      # learner side: (ns, argumentos, especiales) -> the function's arguments
    juez: Callable            # (firma, funcion, publico, debia, r) -> why r (no "caida") is wrong, or None
    arnes: bool = True        # the course's harness calls it each turn; False: it is the loop, and
    #                           the lesson's conversation is one call of it
    propias: tuple = ()       # the names of what prepara gives its code besides the tools
    respuesta_entera: bool = False  # in the harness, it gets a turn's whole answer, not one tool_use
    inicio: Optional[int] = None    # the position of its argument inicio, which its reply carries as
    #                                 it is after the call (the trusted side checks it is unchanged)
    muestra: Callable = redaccion.muestra_argumento  # argumento -> what a test sends, in a few lines
    que_devolvio: Callable = lambda valor: None      # valor -> what it returned, in words, or None

    def juzga(self, funcion, publico, debia, r, esperaba=None):
        return self.juez(self, funcion, publico, debia, r, esperaba)


@dataclasses.dataclass
class Llamada:
    """One call of the learner's function as the trusted side makes it (calificador.ejecuta)."""
    argumento: object         # the test's
    entorno: dict             # the trusted copy the tools act on
    juego: dict               # the tools: ayuda.juegos()'s
    usuario: Optional[dict]   # permiso, in a conversation: {"respuestas": [bool], "k": answers given}
    registro: list            # [(name, args, kwargs)] of what it called, in order
    incidencias: list         # the statement's rules seen broken on this side, in Spanish
    publico: Optional[dict]   # the public namespace: the scripted model's classes
    modelo: Callable          # guion -> the scripted model of that conversation (calificador._modelo)
    tope_conversacion: int    # characters of an M the scripted model takes


def de(nombre):
    """The firma of that name; a ValueError naming it if none has it."""
    try:
        return FIRMAS[nombre]
    except (KeyError, TypeError):
        raise ValueError("firma desconocida: %r; las firmas son %s (py/firmas.py)"
                         % (nombre, ", ".join(map(repr, FIRMAS)))) from None


def de_argumentos(argumentos):
    """On the learner's side: the firma a call's `argumentos` name after the environment; one
    that names none is f(argumento, entorno)."""
    return de(argumentos[2]) if len(argumentos) > 2 else FIRMAS["llamada"]


# --- What each firma's function returns, judged ------------------------------------------------

def _juzga_bloques(firma, funcion, publico, debia, r, esperaba=None):
    """tool_result blocks, or a list of them: their shape (BLOQUE), then the first that differs."""
    if "valor" not in r:
        return redaccion.con_explicacion(FRASES["debia_devolver"] % (
            funcion, redaccion.muestra_valor(debia["valor"]), redaccion.que_hizo(r, firma)), r, esperaba)
    problema = revisa_forma(publico, r["valor"], isinstance(debia["valor"], list))
    if problema:
        return FRASES["sin_forma"] % (funcion, problema)
    return _diferencia(debia["valor"], r["valor"])


def _juzga_par(firma, funcion, publico, debia, r, esperaba=None):
    """A loop returns (texto, M): say whether the text or which message of M differs."""
    if "valor" not in r:
        texto = debia["valor"][0]
        return redaccion.con_explicacion(FRASES["debia_devolver_par"] % (
            funcion, "None" if texto is None else "el texto " + redaccion.py(texto), redaccion.que_hizo(r, firma)), r,
            esperaba)
    obtenido = r["valor"]
    if not redaccion.es_par(obtenido):
        return redaccion.punto(FRASES["no_es_par"] % (funcion, redaccion.muestra_en_linea(obtenido)))
    (texto, M), (texto_r, M_r) = debia["valor"], obtenido
    for i, (a, b) in enumerate(zip(M, M_r), 1):
        if clave(a) != clave(b):
            return FRASES["mensaje_distinto"] % (i, redaccion.muestra_mensaje(a), redaccion.muestra_mensaje(b))
    if len(M) != len(M_r):
        return redaccion.longitud_distinta(M, M_r)
    if clave(texto) != clave(texto_r):
        return FRASES["texto_distinto"] % (funcion, redaccion.py(texto), redaccion.py(texto_r))
    return None


def _diferencia(debia, obtenido):
    """None if equal; else both sides in one notation, narrowed to the first block that differs."""
    if clave(debia) == clave(obtenido):
        return None
    if isinstance(debia, list) and isinstance(obtenido, list) and len(debia) == len(obtenido):
        j = next(j for j, (a, b) in enumerate(zip(debia, obtenido)) if clave(a) != clave(b))
        prefijo, debia, obtenido = FRASES["bloque_distinto"] % (j + 1), debia[j], obtenido[j]
    elif isinstance(debia, list) and isinstance(obtenido, list):
        prefijo = redaccion.cuantos_bloques(debia, obtenido)
    else:
        prefijo = ""
    return FRASES["se_esperaba"] % (prefijo, redaccion.muestra_valor(debia), redaccion.muestra_valor(obtenido))


def revisa_forma(publico, valor, es_lista):
    """The first problem of shape, in Spanish, checked with jsonschema against BLOQUE."""
    if es_lista and not isinstance(valor, list):
        return FRASES["no_lista"] % redaccion.muestra_en_linea(valor)
    if es_lista and len(valor) > _TOPE_BLOQUES:  # each costs ~1 ms of jsonschema on the trusted side
        return FRASES["demasiados"] % (len(valor), _TOPE_BLOQUES)
    for j, bloque in enumerate(valor if es_lista else [valor], 1):
        if not isinstance(bloque, dict):
            motivo = FRASES["no_diccionario"] % redaccion.muestra_en_linea(bloque)
        elif len(bloque) > 2 * len(BLOQUE["properties"]):  # jsonschema lists each extra key: 60,000 took 7 s
            motivo = FRASES["campos_de_mas"] % (len(BLOQUE["properties"]), ", ".join(BLOQUE["properties"]), len(bloque))
        else:
            errores = sorted(validador_de_bloques().iter_errors(bloque), key=lambda e: list(e.absolute_path))
            motivo = publico["en_castellano"](errores[0]) if errores else None
        if motivo:
            return FRASES["en_bloque"] % (j, motivo) if es_lista else motivo
    return None


@functools.lru_cache(maxsize=1)
def validador_de_bloques():
    """jsonschema's validator of BLOQUE, made once (calificar.py's snapshot makes it at boot)."""
    from jsonschema import Draft202012Validator  # imported on first use: the page loads it late
    return Draft202012Validator(BLOQUE)


def _devolvio_par(valor):
    if redaccion.es_par(valor):
        return "devolvió (%s, M), con M de %s" % (redaccion.py(valor[0]), redaccion.cuantos(len(valor[1]), "mensaje"))
    return None


# --- The trusted side of a call -----------------------------------------------------------------

def _prepara_llana(ll):
    return ll.argumento, [], {}, None


def _prepara_permiso(ll):
    """confirmar, the user's answer, kept here like a tool: the next of the answers (True past the
    end), shared by the calls of one conversation; asking about anything but the call is an incidencia."""
    argumento, usuario, permisos = ll.argumento, ll.usuario, None
    if usuario is None:  # a test's own answers, and the PERMISOS it sets, if any
        usuario, permisos = {"respuestas": argumento["respuestas"], "k": 0}, argumento.get("permisos")
        argumento = argumento["llamada"]
    pedida = clave(argumento)

    def confirmar(entorno, llamada):
        if clave(llamada) != pedida:  # the user is asked about the call, not about anything else
            ll.incidencias.append(FRASES["pregunto_otra_cosa"] % redaccion.muestra_en_linea(llamada))
            raise ValueError(FRASES["confirmar_otra"] % redaccion.muestra_en_linea(llamada))
        k, usuario["k"] = usuario["k"], usuario["k"] + 1
        return usuario["respuestas"][k] if k < len(usuario["respuestas"]) else True
    return argumento, [permisos], {"confirmar": confirmar}, None


def _prepara_bucle(ll):
    """The scripted model, built here and called like a tool: the script never reaches the
    learner's side, the registro counts its calls, and each call's tools are compared with the
    HERRAMIENTAS the learner got. After the call, inicio must be as it was given."""
    modelo = ll.modelo(ll.argumento["guion"])
    argumento = {"inicio": ll.argumento["guion"][0], "tope": ll.argumento["tope"]}
    declaradas, juego = clave(ll.juego["herramientas"]), ll.juego

    def responde(entorno, M, herramientas=None):
        if len(redaccion.texto_json(M)) > ll.tope_conversacion:  # a learner's M is parsed here, on the trusted side
            raise ValueError(FRASES["conversacion_grande"] % ll.tope_conversacion)
        if clave(herramientas) != declaradas and not ll.incidencias:
            vez = sum(1 for n, *_ in ll.registro if n == "modelo")
            ll.incidencias.append(FRASES["otras_herramientas"] % (
                vez, redaccion.otras_herramientas(herramientas, juego["herramientas"])))
        return ll.publico["respuesta_api"](modelo(M, herramientas))  # every field crosses, as JSON

    def revisa(r):
        if "caida" not in r and clave(r.get("inicio")) != clave(argumento["inicio"]):
            ll.incidencias.insert(0, redaccion.inicio_cambiado(argumento["inicio"], r.get("inicio")))
    return argumento, [], {"modelo": responde}, revisa


def _muestra_permiso(argumento):
    dice = ", ".join("sí" if r else "no" for r in argumento["respuestas"]) or "sí"
    politica = "con PERMISOS = %s,\n" % redaccion.texto_json(argumento["permisos"]) if "permisos" in argumento else ""
    return "la llamada:\n  %s\n%sy, si se le pregunta, el usuario responde: %s" % (
        redaccion.muestra_bloque(argumento["llamada"]), politica, dice)


def _muestra_bucle(argumento):
    inicio, respuestas = argumento["guion"][:2]
    return "un modelo guionizado con %s, %s de inicio y tope=%s" % (
        redaccion.cuantos(len(respuestas), "respuesta"), redaccion.cuantos(len(inicio), "mensaje"),
        redaccion.texto_json(argumento["tope"]))


# --- The learner's side of a call ---------------------------------------------------------------

def _llamada_llana(ns, argumentos, especiales):
    return argumentos[:2]


def _llamada_permiso(ns, argumentos, especiales):
    def confirmar_(ll):
        """The user's answer: True lets the call run."""
        return especiales["confirmar"](MISMO, _cruza(ll, "confirmar"))[0]
    confirmar_.__name__ = confirmar_.__qualname__ = "confirmar"
    return argumentos[0], argumentos[1], confirmar_


def _llamada_bucle(ns, argumentos, especiales):
    argumento, entorno = argumentos[:2]
    remoto = especiales["modelo"]

    def modelo(M, herramientas=None):
        """The scripted model, on the trusted side; its errors and its reply (which crosses as
        the Messages API's body, respuesta_api) are the learner's own classes."""
        try:
            cuerpo = remoto(MISMO, _cruza(M, "modelo"), _cruza(herramientas, "modelo"))[0]
        except Exception as fallo:
            clase = ns.get(type(fallo).__name__)
            if type(fallo).__name__ in _ERRORES_DEL_MODELO and isinstance(clase, type):
                propia = clase(*fallo.args)
                propia._regla = getattr(fallo, "_regla", None)  # the rule it names, for its explanation
                raise propia from None
            raise
        return _respuesta(ns, cuerpo)
    return modelo, copy.deepcopy(argumento["inicio"]), entorno, argumento["tope"]


_ERRORES_DEL_MODELO = ("ErrorDeProtocolo", "FueraDeGuion", "ErrorDeLaAPI")  # py/guionizado.py's


def _respuesta(ns, cuerpo):
    """The scripted model's reply on the learner's side: guionizado.py's Respuesta, rebuilt from
    the Message body it crossed as, with the learner's namespace's own class."""
    if not (isinstance(cuerpo, dict) and cuerpo.get("type") == "message"):
        return cuerpo
    try:
        # As JSON here too, so that `r.stop_reason is "tool_use"` fails in the page as it does
        # in calificar.py's child, whose reply came as JSON (its strings are not the grader's).
        return ns["_de_respuesta_api"](por_json(cuerpo))
    except Exception:  # the learner's code replaced it: the blocks alone
        return cuerpo.get("content")


def _cruza(valor, nombre):
    """A value as it crosses to the trusted side: JSON here too, as from calificar.py's child."""
    try:
        return por_json(valor)
    except (TypeError, ValueError):
        raise TypeError(FRASES["no_json_a"] % nombre) from None


# --- The firmas ---------------------------------------------------------------------------------

FIRMAS = {f.nombre: f for f in [
    Firma("respuesta", "f(respuesta, entorno): a list of blocks; it returns the tool_result blocks",
          devuelve="una lista de bloques", llama_a="a las herramientas",
          prepara=_prepara_llana, llamada_de=_llamada_llana, juez=_juzga_bloques, respuesta_entera=True),
    Firma("llamada", "f(ll, entorno): one tool_use block; it returns one tool_result",
          devuelve="un bloque tool_result", llama_a="a las herramientas",
          prepara=_prepara_llana, llamada_de=_llamada_llana, juez=_juzga_bloques),
    Firma("bucle", 'f(modelo, inicio, entorno, tope): argumento is {"guion": [inicio, respuestas, visto], '
                   '"tope": n}; modelo is a ModeloGuionizado of that script',
          devuelve="un par (texto, M)", llama_a="al modelo y a las herramientas",
          prepara=_prepara_bucle, llamada_de=_llamada_bucle, juez=_juzga_par, propias=("modelo",),
          arnes=False, inicio=1, muestra=_muestra_bucle, que_devolvio=_devolvio_par),
    Firma("permiso", 'f(ll, entorno, confirmar): argumento is {"llamada": ll, "respuestas": [bool], and '
                     '"permisos" when the test sets its own policy}; confirmar(ll) is the user\'s answer, '
                     'the next of "respuestas" (True past the end), and a ValueError if asked about '
                     'anything but ll',
          devuelve="un bloque tool_result", llama_a="a las herramientas",
          prepara=_prepara_permiso, llamada_de=_llamada_permiso, juez=_juzga_bloques, propias=("confirmar",),
          muestra=_muestra_permiso),
]}
