"""Writes the service worker: site/sw.js with the precache list of this build.

Each entry is [url path under the site's base, content hash]; the build's version is the hash of the
whole list, so any change to any file makes a new cache."""
import hashlib
import json
from pathlib import Path

from serve import CSP

FUERA = {".gz", ".br"}


def lista(raiz, base="/"):
    raiz = Path(raiz)
    entradas = []
    for ruta in sorted(raiz.rglob("*")):
        rel = ruta.relative_to(raiz)
        if not ruta.is_file() or ruta.suffix in FUERA:
            continue
        if rel.name in {"sw.js", "_headers", "404.html"}:
            continue
        url = base + rel.as_posix()
        if rel.name == "index.html":
            url = url[: -len("index.html")]
        entradas.append([url, hashlib.sha256(ruta.read_bytes()).hexdigest()[:16]])
    return entradas


def escribir_sw(plantilla, raiz, conservar, base="/", csp=CSP):
    entradas = lista(raiz, base)
    version = hashlib.sha256(json.dumps(entradas).encode()).hexdigest()[:12]
    texto = Path(plantilla).read_text(encoding="utf-8")
    texto = (texto.replace('"__VERSION__"', json.dumps(version))
             .replace("__PRECACHE__", json.dumps(entradas, separators=(",", ":")))
             .replace("__CONSERVAR__", json.dumps(conservar))
             .replace('"__BASE__"', json.dumps(base))
             .replace('"__CSP__"', json.dumps(csp)))
    (Path(raiz) / "sw.js").write_text(texto, encoding="utf-8")
    return version, entradas
