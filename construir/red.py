"""What ```{red} shows: the last request of a challenge's conversation, as a real API would get it.

The conversation is the challenge's scripted one, from its build-time expectations
(construir/retos.py, cached): `guion` = [inicio, respuestas, visto, ...]. The request is the one
the model receives on its final turn: inicio and, for every turn before the last, the assistant's
answer and the user's observations (guion_de's last expected messages). Its tools are those of
the challenge's public namespace, the one the grader plays the conversation in: py/guionizado.py,
py/entorno.py, then the challenge's CONTEXTO (entorno.py's HERRAMIENTAS unless CONTEXTO redefines
them). The two py/ files are plain Python, exec'd here in CPython as a cell execs them, and
`peticion()` gives each API's body.
"""
from pathlib import Path

from . import retos
from .errores import ErrorDeConstruccion, problema

RAIZ = Path(__file__).resolve().parent.parent
APIS = ("anthropic", "openai")


def espacio(contexto, dir_py=RAIZ / "py"):
    """The challenge's public namespace: guionizado.py, entorno.py and its CONTEXTO, in order,
    built as the grader builds it (calificador.espacio)."""
    import calificador  # py/, on sys.path from construir/__init__.py; imported when a {red} needs it
    fuentes = [(Path(dir_py) / n).read_text(encoding="utf-8") for n in ("guionizado.py", "entorno.py")]
    return calificador.espacio(fuentes + [contexto])


def ultimos_mensajes(ns, guion):
    """The messages of the model's final turn in the scripted conversation."""
    inicio, respuestas, visto = guion[:3]
    return ns["guion_de"](inicio, respuestas, visto)[-1][0]


def peticiones(ruta, linea, esperado, dir_py=RAIZ / "py", turno=None, respuesta=False):
    """{api: request body} for a challenge's expectations, of the script's turn `turno` (1, 2, …;
    None: the last), and with respuesta, "respuestas": {api: the reply's body, respuesta_api()}
    too, from the scripted model playing the script up to that turn; ErrorDeConstruccion at
    ruta:linea."""
    try:
        ns = espacio(esperado["contexto"], dir_py)
        inicio, respuestas, visto = esperado["conversacion"]["guion"][:3]
        guion = ns["guion_de"](inicio, respuestas, visto)
        turno = turno or len(guion)
        if turno > len(guion):
            raise ValueError(f"el guion tiene {len(guion)} turnos, y :turno: pide el {turno}")
        M = guion[turno - 1][0]
        cuerpos = {api: ns["peticion"](M, ns["HERRAMIENTAS"], api=api) for api in APIS}
        if respuesta:
            cuerpos["respuestas"] = {api: ns["respuesta_api"](_respuesta(ns, guion, turno), api) for api in APIS}
        return cuerpos
    except Exception as e:  # ErrorDeProtocolo, or a CONTEXTO that fails outside Pyodide
        raise ErrorDeConstruccion([problema(ruta, linea, f"no se puede escribir la petición del reto "
                                                         f"«{esperado['reto']}»: {type(e).__name__}: {e}")]) from None


def _respuesta(ns, guion, turno):
    """The scripted model's reply in that turn, played from the first (its id and token counts
    are those of the run); a turn whose script is an HTTP error has no reply to show."""
    modelo = ns["ModeloGuionizado"](guion)
    for k, (M, _) in enumerate(guion[:turno], 1):
        try:
            r = modelo(M, ns["HERRAMIENTAS"])
        except ns["ErrorDeLaAPI"]:
            if k == turno:
                raise ValueError(f"el turno {turno} es un error HTTP del guion, y no tiene respuesta que "
                                 f"enseñar") from None
    return r


def cargar(dir_curso, ruta, doc, lineas):
    """Attaches to each {red} block the request bodies of its challenge's last turn; the problems.

    The expectations are those of the lesson's {reto} of the same challenge, or computed
    (and cached) as for one."""
    problemas = []
    for i, b in enumerate(doc["bloques"]):
        if b["tipo"] != "red":
            continue
        nombre = b["opciones"]["reto"]
        try:
            esperado = retos.esperado_de_bloque(dir_curso, ruta, doc, lineas, i)
            turno = int(b["opciones"]["turno"]) if "turno" in b["opciones"] else None
            b["red"] = {"reto": nombre, "turno": turno, **peticiones(
                ruta, lineas[("bloques", i)], esperado, turno=turno, respuesta="respuesta" in b["opciones"])}
        except ErrorDeConstruccion as e:
            problemas.extend(e.problemas)
    return problemas
