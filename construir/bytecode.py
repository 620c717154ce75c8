"""Adds to the course's python_stdlib.zip the bytecode of the modules a page imports while it
boots, so that a first visit does not compile them from source.

Pyodide's zip holds only .py files, and zipimport cannot write a .pyc back: every plain boot
compiled the 132 modules that the boot and the worker's Python import, 2.6 MB of source,
which took 0.8-0.9 s of a 2.2-3.5 s boot in Node here (unmarshalling them takes 24 ms).

Each .pyc goes right after its .py, stored like it, and is an unchecked hash-based pyc (PEP
552): the zip never changes once built, so zipimport need not compare it with its source. Its
code is compiled with the path the .py has in Pyodide, so tracebacks and linecache read the
source, which stays in the zip. A module's __file__ ends in .pyc instead of .py.

It runs inside Pyodide (construir/bytecode.mjs boots it on the zip to rewrite), because a
.pyc is only read by the Python that wrote it: `make setup` runs it after construir/stdlib.py.
"""
import importlib.util
import marshal
import os
import sys
import zipfile
import zipimport


def importados_al_arrancar(raiz):
    """Origins of the zip's modules imported by Pyodide's boot and by the worker's own Python
    (site/src/arranque.js imports ejecutor.py, and comprobador.py, which imports the grader's,
    on a challenge's page and for the snapshot)."""
    sys.path[:0] = [os.path.join(raiz, "site", "src"), os.path.join(raiz, "py")]
    import comprobador  # noqa: F401  (imports the grader's modules, py/modulos.py)
    import ejecutor  # noqa: F401
    return {m.__spec__.origin.removesuffix("c") for m in list(sys.modules.values())
            if isinstance(getattr(m, "__loader__", None), zipimport.zipimporter)}


def pyc(fuente, ruta):
    codigo = compile(fuente, ruta, "exec", dont_inherit=True)
    sin_comprobar = (0b01).to_bytes(4, "little")  # hash-based, check_source off
    return importlib.util.MAGIC_NUMBER + sin_comprobar + importlib.util.source_hash(fuente) + marshal.dumps(codigo)


def anadir_bytecode(zip_, modulos):
    """Rewrites zip_ with a .pyc after the .py of each module in `modulos` (their origins)."""
    montado = next(p for p in sys.path if p.endswith(".zip"))  # where Pyodide mounts the stdlib
    temporal = zip_ + ".tmp"
    n = 0
    with zipfile.ZipFile(zip_) as entrada, zipfile.ZipFile(temporal, "w", zipfile.ZIP_STORED) as salida:
        for info in entrada.infolist():
            if info.filename.endswith(".pyc"):
                continue  # a previous run's: made again below
            datos = entrada.read(info)
            salida.writestr(info, datos)
            ruta = f"{montado}/{info.filename}"
            if ruta in modulos:
                salida.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), pyc(datos, ruta))
                n += 1
    os.chmod(temporal, 0o644)
    os.replace(temporal, zip_)
    return n


def main(zip_, raiz):
    modulos = importados_al_arrancar(raiz)
    n = anadir_bytecode(zip_, modulos)
    if n != len(modulos):
        raise SystemExit(f"bytecode.py: {len(modulos)} módulos importados al arrancar, {n} compilados")
    return f"{n} módulos compilados en {zip_}"
