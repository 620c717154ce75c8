"""Runs the plain-function tests of tests/py in this interpreter, pytest-style but without pytest.

A test that takes `ns` gets a fresh learner namespace, as the pytest fixture gives it.
"""
import importlib
import inspect
import json
import sys
import traceback

from comun import nuevo_espacio


def nombres(modulo):
    m = importlib.import_module(modulo)
    return [n for n, f in vars(m).items() if n.startswith("test_") and inspect.isfunction(f)]


def corre(modulo, nombre):
    f = getattr(importlib.import_module(modulo), nombre)
    argumentos = {"ns": nuevo_espacio()} if "ns" in inspect.signature(f).parameters else {}
    try:
        f(**argumentos)
    except BaseException:
        return json.dumps({"ok": False, "error": traceback.format_exc(limit=-3)})
    return json.dumps({"ok": True, "version": sys.version.split()[0]})
