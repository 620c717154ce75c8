"""The standard library as the site serves it and calificar.py mounts it: Pyodide's
python_stdlib.zip, repacked with its entries stored, and without the modules that cannot work
in a browser worker, each replaced by a one-line module that raises ImportError in Spanish.

Why stored: the npm package deflates its 614 entries one by one, so serving the zip
compressed gains nothing (2.55 MB). Stored, and without the modules below, it is 9.2 MB, and
brotli 11 takes the whole of it to 1.53 MB, because it compresses across files. Brotli takes about
30 s: `make setup` does it once, into .cache/comprimido/ (construir/comprimir.py).

Both the page and calificar.py use this zip, so a learner's `import` behaves the same in both.
The output depends only on the input's bytes: same zip in, same zip out.
"""
import sys
import zipfile
from pathlib import Path

NOMBRE = "python_stdlib.zip"

_SIN_PROCESOS = "el Python de la página corre en un solo proceso de WebAssembly y no puede crear otros"
_SIN_NAVEGADOR = "el Python de la página corre en un worker del navegador, sin ventana, y no puede abrir pestañas"
_SIN_SOCKETS = "habla con un servidor por un socket TCP, y una página web no puede abrir sockets"
# Top-level module or package -> why it cannot work here. Nothing else in the standard library
# imports them at import time (checked in tests/node/stdlib.test.mjs, which imports every module).
EXCLUIDOS = {
    "multiprocessing": _SIN_PROCESOS,
    "webbrowser": _SIN_NAVEGADOR,
    "antigravity": _SIN_NAVEGADOR,
    "smtplib": _SIN_SOCKETS,
    "imaplib": _SIN_SOCKETS,
    "poplib": _SIN_SOCKETS,
    "ftplib": _SIN_SOCKETS,
}


def mensaje(nombre):
    return (f"{nombre} no está en el Python de este curso: {EXCLUIDOS[nombre]}. "
            "Lo dejamos fuera para que la primera visita descargue menos.")


def reempaquetar(origen, destino):
    """Writes destino from origen: every entry stored, the excluded ones left out and a stub
    `<nombre>.py` in their place."""
    def stubs(salida, fecha):
        for nombre in sorted(EXCLUIDOS):
            codigo = f"raise ImportError({mensaje(nombre)!r}, name={nombre!r})\n"
            salida.writestr(zipfile.ZipInfo(f"{nombre}.py", fecha), codigo, zipfile.ZIP_STORED)
    almacenar(origen, destino, lambda n: n.split("/")[0].removesuffix(".py") in EXCLUIDOS, stubs)


def almacenar(origen, destino, fuera=lambda nombre: False, despues=lambda salida, fecha: None):
    """Copies the zip origen to destino with its entries stored, in the same order and with the
    same dates, but those whose name `fuera` rejects; `despues` may add more."""
    destino = Path(destino)
    temporal = destino.with_name(destino.name + ".tmp")
    with zipfile.ZipFile(origen) as entrada, zipfile.ZipFile(temporal, "w", zipfile.ZIP_STORED) as salida:
        for info in entrada.infolist():
            if fuera(info.filename):
                continue
            copia = zipfile.ZipInfo(info.filename, info.date_time)
            copia.external_attr = info.external_attr
            salida.writestr(copia, entrada.read(info), zipfile.ZIP_STORED)
        despues(salida, entrada.infolist()[0].date_time)
    temporal.replace(destino)


if __name__ == "__main__":
    origen, carpeta = Path(sys.argv[1]), Path(sys.argv[2])
    carpeta.mkdir(parents=True, exist_ok=True)
    reempaquetar(origen, carpeta / NOMBRE)
