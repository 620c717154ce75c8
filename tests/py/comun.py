"""What both test runners share: pytest on CPython, and tests/node/ running these files in Pyodide.

Tests here take a fresh learner namespace, `ns`, and use plain asserts, so that the same
functions run unchanged in both interpreters.
"""
import io
import os
import sys
import tempfile
import types

PY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "py")
CONTENEDOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "contenedor.py")
# The ordinary user needs a Python it can reach: the venv's may live under root's home.
PYTHON_SISTEMA = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def carpeta_publica(prefijo):
    """A temporary folder every uid can read, for the grader's children, which run as their own
    (pytest's tmp_path is its owner's alone). The caller removes it."""
    carpeta = tempfile.mkdtemp(prefix=prefijo)
    os.chmod(carpeta, 0o755)
    return carpeta


def lee_py(nombre):
    with open(os.path.join(PY, nombre), encoding="utf-8") as f:
        return f.read()


def instala_open_url():
    """Stand-in for pyodide.http.open_url that serves /courses/llm-agents/*.py from py/.

    In CPython there is no pyodide package; in Pyodide under Node the real open_url needs
    XMLHttpRequest, which Node lacks. Either way the cell's own line runs unchanged.
    """
    def open_url(url):
        prefijo = "/courses/llm-agents/"
        assert url.startswith(prefijo), url
        return io.StringIO(lee_py(url[len(prefijo):]))
    try:
        import pyodide.http as http
    except ImportError:
        paquete = sys.modules.setdefault("pyodide", types.ModuleType("pyodide"))
        http = paquete.http = sys.modules["pyodide.http"] = types.ModuleType("pyodide.http")
    http.open_url = open_url


def nuevo_espacio():
    """What a lesson cell sees after exec'ing both files."""
    ns = {"__name__": "__main__"}
    exec(lee_py("guionizado.py"), ns)
    exec(lee_py("entorno.py"), ns)
    return ns


def falla(f, *args, **kwargs):
    """The exception that f(*args, **kwargs) raises; the test fails if it raises none."""
    try:
        f(*args, **kwargs)
    except Exception as e:
        return e
    raise AssertionError("no ha lanzado ninguna excepción")
