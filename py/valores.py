"""Values as they cross the grader: JSON, the one form both sides of every call share.

Every value that goes between the learner's code and the grader (arguments, results, what a
tool receives and returns, the reports) goes through JSON here, so that a custom __eq__, a
shared string or a tuple never make two sides see different things, in the page or across
calificar.py's processes.
"""
import json

from redaccion import corto


def por_json(valor):
    """valor as JSON gives it back; ValueError or TypeError if JSON can't carry it."""
    try:
        return json.loads(json.dumps(valor, allow_nan=False))
    except RecursionError as e:
        raise ValueError(str(e)) from None


def a_json(valor):
    """{"valor": v} with v as it comes out of JSON, or {"no_json": what it is, in the course's
    words ("una función (`resultado`)"), if it can't cross."""
    try:
        return {"valor": por_json(valor)}
    except (TypeError, ValueError) as e:
        try:
            que = que_es(valor)
        except Exception:  # a learner's object whose attributes raise: Python's own words
            que = None
        return {"no_json": corto(que or str(e), 300)}


CICLO = "que se contiene a sí misma"


def que_es(valor):
    """What a value JSON can't carry is, said as the course says it, or None if it can carry it:
    "una función (`f`)", "una lista con un conjunto (set) dentro", "una lista que se contiene a
    sí misma"... (json's own message names Python types: "Object of type function is not JSON
    serializable")."""
    intruso = _intruso(valor, ())
    if intruso is None or intruso.endswith(CICLO) or not isinstance(valor, (list, tuple, dict)):
        return intruso
    return "%s con %s dentro" % (_nombre(valor), intruso)


def _nombre(valor):
    return "una lista" if isinstance(valor, list) else "una tupla" if isinstance(valor, tuple) else "un diccionario"


def _intruso(valor, dentro):
    """The first thing in valor, itself included, that JSON cannot carry, said on its own."""
    if any(valor is d for d in dentro):
        return "%s %s" % (_nombre(valor), CICLO)
    if valor is None or isinstance(valor, (bool, int, str)):
        return None
    if isinstance(valor, float):
        return None if valor == valor and abs(valor) != float("inf") else "un número que JSON no admite (%r)" % valor
    if isinstance(valor, (list, tuple, dict)):
        for x in (valor.values() if isinstance(valor, dict) else valor):
            intruso = _intruso(x, dentro + (valor,))
            if intruso:
                return intruso
        return None
    if isinstance(valor, type):
        return "una clase (`%s`)" % valor.__name__
    if callable(valor) and isinstance(getattr(valor, "__name__", None), str):
        return "una función (`%s`)" % valor.__name__
    return {set: "un conjunto (set)", frozenset: "un conjunto (frozenset)", bytes: "bytes"}.get(
        type(valor), "un objeto de la clase `%s`" % type(valor).__name__)


def clave(valor):
    """The canonical JSON of a value: two values are the same for the grader when theirs are."""
    return json.dumps(valor, sort_keys=True)


class _Marca:
    def __init__(self, nombre):
        self.nombre = nombre

    def __repr__(self):
        return self.nombre


# How a tool's entorno crosses when it is not a copy (transporte.Transporte's contract):
MISMO = _Marca("MISMO")  # the learner passed the environment it was given
FALTA = _Marca("FALTA")  # the learner passed none
