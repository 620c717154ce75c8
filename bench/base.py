#!/usr/bin/env python3
"""Builds the bare page of bench/startup.mjs into a folder of its own, not into dist/.

    .venv/bin/python bench/base.py SITIO CARPETA

CARPETA is then a site of its own, for serve.py --dir CARPETA: index.html, pagina.js and
trabajador.js (bench/startup.base.*: one cell in a plain module worker, no inline script, so the
site's Content-Security-Policy lets it run), and pyodide/<version>/ with the npm package's stock
files, its own python_stdlib.zip and pyodide-lock.json included: Pyodide as anyone would deploy
it. Under /pyodide/, serve.py caches them for a year, as it does the site's. The course's .py
files are copied from SITIO (the built site) to the same paths: the measured cell fetches them
by URL path. Everything gets the precompressed copies build.py makes (construir/comprimir.py,
from the same cache).
"""
import json
import shutil
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ))

from construir.activos import ARCHIVOS_PYODIDE  # noqa: E402
from construir.comprimir import comprimir_arbol  # noqa: E402

# The site's Pyodide files, the stdlib as the npm package ships it, and the lock file the site
# leaves out (lock_vacio) but a stock loadPyodide fetches.
ARCHIVOS = [*ARCHIVOS_PYODIDE, "pyodide-lock.json"]
PAGINA = {"startup.base.html": "index.html", "startup.base.pagina.js": "pagina.js",
          "startup.base.js": "trabajador.js"}


def construir(sitio, destino):
    origen = RAIZ / "node_modules" / "pyodide"
    version = json.loads((origen / "package.json").read_text())["version"]
    stock = destino / "pyodide" / version
    stock.mkdir(parents=True)
    for nombre in ARCHIVOS:
        shutil.copy2(origen / nombre, stock / nombre)
    for py in sitio.glob("courses/*/*.py"):
        (destino / py.parent.relative_to(sitio)).mkdir(parents=True, exist_ok=True)
        shutil.copy2(py, destino / py.relative_to(sitio))
    for fuente, nombre in PAGINA.items():
        texto = (RAIZ / "bench" / fuente).read_text(encoding="utf-8")
        (destino / nombre).write_text(texto.replace("__INDEX_URL__", f"/pyodide/{version}/"), encoding="utf-8")
    comprimir_arbol(destino, RAIZ / ".cache" / "comprimido")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    construir(Path(sys.argv[1]), Path(sys.argv[2]))
