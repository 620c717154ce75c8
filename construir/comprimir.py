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
    cache.mkdir(parents=True, exist_ok=True)
    for ruta in sorted(Path(raiz).rglob("*")):
        if ruta.is_file() and ruta.suffix in COMPRIMIBLES and ruta.stat().st_size >= MINIMO:
            datos = ruta.read_bytes()
            clave = hashlib.sha256(datos).hexdigest()
            for ext, hacer in ((".gz", _gzip), (".br", _brotli)):
                guardada = cache / f"{clave}{ext}"
                if not guardada.exists():
                    temporal = guardada.with_suffix(".tmp")
                    temporal.write_bytes(hacer(datos))
                    temporal.replace(guardada)
                comprimida = guardada.read_bytes()
                if len(comprimida) < len(datos):
                    ruta.with_name(ruta.name + ext).write_bytes(comprimida)


def _gzip(datos):
    return gzip.compress(datos, compresslevel=9, mtime=0)


def _brotli(datos):
    return brotli.compress(datos, quality=11)
