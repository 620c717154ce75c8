"""The pieces of build.py: read, validate, render, bundle, compress, precache.

py/ holds the grader's modules (modulos, carga, calificador, vista, aislamiento, calificar...),
which the build imports as top-level modules, as calificar.py and the page's worker do: this is
the one place that puts py/ on sys.path, once, for every module of this package."""
import sys
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))
