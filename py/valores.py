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
    """{"valor": v} with v as it comes out of JSON, or {"no_json": why} if it can't cross."""
    try:
        return {"valor": por_json(valor)}
    except (TypeError, ValueError) as e:
        return {"no_json": corto(str(e), 300)}


def clave(valor):
    """The canonical JSON of a value: two values are the same for the grader when theirs are."""
    return json.dumps(valor, sort_keys=True)
