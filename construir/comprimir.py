"""Precompressed .gz and .br copies of the larger text and wasm files, which the
server sends when the browser accepts them. Brotli at quality 11 is slow on the
10 MB wasm, so results are kept in .cache/comprimido/, keyed by content hash."""
import gzip
import hashlib
import zipfile
from pathlib import Path

import brotli

# .zip and .whl: the stdlib and the wheels, whose entries are stored so that brotli works
# across them (construir/stdlib.py).
COMPRIMIBLES = {".js", ".mjs", ".css", ".html", ".wasm", ".json", ".py", ".svg", ".txt", ".zip", ".whl"}
MINIMO = 1024
# Part of every cache key: change it when a compressor's settings change.
RECETA = b"gzip9 brotli11 zip:lgwin24"


def comprimir_arbol(raiz, cache):
    for ruta in _comprimibles(raiz):
        datos = ruta.read_bytes()
        for ext, comprimida in comprimidas(datos, cache):
            if len(comprimida) < len(datos):
                ruta.with_name(ruta.name + ext).write_bytes(comprimida)


def precalentar(rutas, cache):
    """Fills the cache for these files, writing nothing beside them.

    `make setup` runs it on Pyodide's files and the stdlib, so that a build, even the first
    one on a fresh clone, takes seconds: brotli 11 on the wasm alone takes about 20 s here.
    """
    for ruta in map(Path, rutas):
        for _ in comprimidas(ruta.read_bytes(), cache):
            pass


def _comprimibles(raiz):
    return [r for r in sorted(Path(raiz).rglob("*"))
            if r.is_file() and r.suffix in COMPRIMIBLES and r.stat().st_size >= MINIMO
            and (r.suffix not in (".zip", ".whl") or _almacenado(r))]


def _almacenado(zip_):
    """Only a zip of stored entries is worth compressing: deflated ones (the stock
    python_stdlib.zip, the wheels) are already as small as brotli would make them, nearly."""
    with zipfile.ZipFile(zip_) as z:
        return all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())


def comprimidas(datos, cache):
    """(extension, bytes) of each compressed copy of datos, made once and kept in cache."""
    cache.mkdir(parents=True, exist_ok=True)
    clave = hashlib.sha256(RECETA + datos).hexdigest()
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
    """A zip's stored entries repeat across more than brotli's default window (4 MB): with
    RFC 7932's largest (lgwin 24, 16 MB, which every browser decodes) the stdlib is sent in
    2,366,989 bytes instead of 2,408,804 (measured here); the wasm would grow (2,741,061 to
    2,766,607), so the rest keep the default."""
    return brotli.compress(datos, quality=11, lgwin=24 if datos[:4] == b"PK\x03\x04" else 22)


if __name__ == "__main__":
    import sys
    precalentar(sys.argv[2:], Path(sys.argv[1]))
