"""Runs the plain-function tests of tests/py in this interpreter, pytest-style but without pytest.

A test that takes `ns` gets a fresh learner namespace, as the pytest fixture gives it, and one
that takes `capsys` what it printed, as pytest's readouterr() gives it.
"""
import collections
import contextlib
import importlib
import inspect
import io
import json
import sys
import traceback

from comun import nuevo_espacio


def nombres(modulo):
    m = importlib.import_module(modulo)
    return [n for n, f in vars(m).items() if n.startswith("test_") and inspect.isfunction(f)]


class _Capsys:
    """pytest's capsys, as far as tests/py use it."""
    def __init__(self):
        self.out, self.err = io.StringIO(), io.StringIO()

    def readouterr(self):
        leido = _Captura(self.out.getvalue(), self.err.getvalue())
        for flujo in (self.out, self.err):
            flujo.seek(0)
            flujo.truncate()
        return leido


_Captura = collections.namedtuple("CaptureResult", "out err")


def corre(modulo, nombre):
    f = getattr(importlib.import_module(modulo), nombre)
    pide, capsys = inspect.signature(f).parameters, _Capsys()
    argumentos = {"ns": nuevo_espacio()} if "ns" in pide else {}
    if "capsys" in pide:
        argumentos["capsys"] = capsys
    try:
        with contextlib.redirect_stdout(capsys.out), contextlib.redirect_stderr(capsys.err):
            f(**argumentos)
    except BaseException:
        return json.dumps({"ok": False, "error": traceback.format_exc(limit=-3)})
    return json.dumps({"ok": True, "version": sys.version.split()[0]})
