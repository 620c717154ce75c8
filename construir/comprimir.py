"""Precompressed .gz and .br copies of the larger text and wasm files, which the
server sends when the browser accepts them. Brotli at quality 11 is slow on the
10 MB wasm, so results are kept in .cache/comprimido/, keyed by content hash."""
import gzip
import hashlib
from pathlib import Path

import brotli

COMPRIMIBLES = {".js", ".mjs", ".css", ".html", ".wasm", ".json", ".py", ".svg", ".txt"}
MINIMO = 1024


def comprimir_arbol(raiz, cache):
    for ruta in _comprimibles(raiz):
        datos = ruta.read_bytes()
        for ext, comprimida in _comprimidas(datos, cache):
            if len(comprimida) < len(datos):
                ruta.with_name(ruta.name + ext).write_bytes(comprimida)


def precalentar(raiz, cache):
    """Fills the cache for the files under raiz, writing nothing beside them.

    `make setup` runs it on node_modules/pyodide, so that a build, even the first one on a
    fresh clone, takes seconds: brotli 11 on the wasm alone takes about 20 s here.
    """
    for ruta in _comprimibles(raiz):
        for _ in _comprimidas(ruta.read_bytes(), cache):
            pass


def _comprimibles(raiz):
    return [r for r in sorted(Path(raiz).rglob("*"))
            if r.is_file() and r.suffix in COMPRIMIBLES and r.stat().st_size >= MINIMO]


def _comprimidas(datos, cache):
    cache.mkdir(parents=True, exist_ok=True)
    clave = hashlib.sha256(datos).hexdigest()
    for ext, hacer in ((".gz", _gzip), (".br", _brotli)):
        guardada = cache / f"{clave}{ext}"
        if not guardada.exists():
            temporal = guardada.with_suffix(".tmp")
            temporal.write_bytes(hacer(datos))
            temporal.replace(guardada)
        yield ext, guardada.read_bytes()


def _gzip(datos):
    return gzip.compress(datos, compresslevel=9, mtime=0)


def _brotli(datos):
    return brotli.compress(datos, quality=11)


if __name__ == "__main__":
    import sys
    precalentar(Path(sys.argv[1]), Path(sys.argv[2]))
