"""Static assets: the page and worker bundles (esbuild), the stylesheet, the
Pyodide files from node_modules and the wheels fetched at set-up time."""
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from . import stdlib
from .comprimir import comprimidas
from .errores import ErrorDeConstruccion

# The files of the npm package that a browser boot needs (no .map, no node files).
# Biggest first: the order of the pages' preload hints (construir/paginas.py).
# Not pyodide-lock.json: the site serves none of the packages it lists (lock_vacio).
ARCHIVOS_PYODIDE = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.mjs", "pyodide.asm.mjs"]
# Fetched with fetch() while booting: what the progress bar counts.
DESCARGADOS = ["pyodide.asm.wasm", "python_stdlib.zip"]


def resumen(datos, n=16):
    return hashlib.sha256(datos).hexdigest()[:n]


def modulos_del_trabajador(raiz):
    """{file name: path} of the worker's Python: the grader's modules (py/modulos.py, their one
    list) and the worker's own: ejecutor.py, dibujo.py and comprobador.py."""
    from modulos import MODULOS, SOLO_EN_CALIFICAR  # py/, on sys.path from construir/__init__.py
    return {**{m: raiz / "py" / m for m in MODULOS if m not in SOLO_EN_CALIFICAR},
            **{m: raiz / "site" / "src" / m for m in ("ejecutor.py", "dibujo.py", "comprobador.py")}}


def empaquetar_js(raiz, destino, entradas):
    """Bundles each entry to destino/<name>.<hash>.js, splitting out lazily imported
    chunks; returns ({entry name: url path}, {entry name: [url paths of the chunks it imports
    statically]}). `import MODULOS from "modulos-del-trabajador"` gets {file name: source} of
    modulos_del_trabajador(), through a module written here for esbuild."""
    esbuild = raiz / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        raise ErrorDeConstruccion(["node_modules/.bin/esbuild: no está; ejecuta `npm ci` (o `make setup`)"])
    modulos = modulos_del_trabajador(raiz)
    # esbuild takes about a second, most of a build that changes one lesson (preview.py's): its
    # output is kept in .cache/esbuild/, keyed by every input it reads, and copied back.
    clave = _clave_esbuild(raiz, entradas, modulos)
    guardado = raiz / ".cache" / "esbuild" / clave
    if (guardado / "urls.json").is_file():
        for f in guardado.iterdir():
            if f.name != "urls.json":
                shutil.copy2(f, destino / f.name)
        urls, trozos = json.loads((guardado / "urls.json").read_text())
        return urls, trozos
    urls, trozos, leidos = _esbuild(raiz, esbuild, destino, entradas, modulos)
    cubiertos = [(raiz / "site").resolve(), (raiz / "node_modules").resolve()]
    python = {Path(m).resolve() for m in modulos.values()}
    if not all(any(c in p.parents for c in cubiertos) or p in python or p.name == ".modulos-del-trabajador.js"
               for p in leidos):
        return urls, trozos  # esbuild read a file the key does not cover: never reuse these bundles
    temporal = guardado.with_name(f"{clave}.tmp-{os.getpid()}")
    shutil.rmtree(temporal, ignore_errors=True)
    temporal.mkdir(parents=True)
    for f in destino.iterdir():
        if f.is_file():
            shutil.copy2(f, temporal / f.name)
    (temporal / "urls.json").write_text(json.dumps([urls, trozos]))
    try:
        temporal.rename(guardado)
    except OSError:  # another build stored the same bundles meanwhile
        shutil.rmtree(temporal, ignore_errors=True)
    return urls, trozos


def _clave_esbuild(raiz, entradas, modulos):
    """A hash of what esbuild may read: all of site/ (site/src/textos.js imports
    site/textos.es.json), the worker's Python, the installed packages."""
    h = hashlib.sha256(b"1\0")  # bump when empaquetar_js's flags change
    fuentes = sorted((raiz / "site").rglob("*")) + list(modulos.values()) + list(entradas)
    for ruta in [*fuentes, raiz / "package-lock.json", raiz / "node_modules" / ".package-lock.json"]:
        if Path(ruta).is_file():
            h.update(os.path.relpath(ruta, raiz).encode() + b"\0" + Path(ruta).read_bytes() + b"\0")
    h.update(json.dumps(list(modulos)).encode())
    return h.hexdigest()[:24]


def _esbuild(raiz, esbuild, destino, entradas, modulos):
    meta, generado = destino / ".meta.json", destino / ".modulos-del-trabajador.js"
    importa = "".join(f"import m{i} from {json.dumps(str(ruta))};\n" for i, ruta in enumerate(modulos.values()))
    generado.write_text(importa + "export default {%s};\n" % ", ".join(f"{json.dumps(n)}: m{i}"
                                                                     for i, n in enumerate(modulos)))
    orden = [str(esbuild), *[str(e) for e in entradas], "--bundle", "--format=esm", "--minify",
             "--target=es2022", "--loader:.py=text", "--entry-names=[name].[hash]",
             "--splitting", "--chunk-names=[name].[hash]",
             f"--alias:modulos-del-trabajador={generado.resolve()}",
             f"--outdir={destino}", f"--metafile={meta}", "--log-level=warning"]
    try:
        r = subprocess.run(orden, cwd=raiz, capture_output=True, text=True)
    finally:
        generado.unlink()
    if r.returncode != 0:
        raise ErrorDeConstruccion([f"esbuild falló:\n{r.stderr}"])
    metadatos = json.loads(meta.read_text())
    salidas = metadatos["outputs"]
    meta.unlink()
    # esbuild writes paths relative to its working directory, raiz, not to ours.
    def url(ruta):
        return "/" + (Path(raiz) / ruta).resolve().relative_to(destino.parent.resolve()).as_posix()
    urls, trozos = {}, {}
    for ruta, info in salidas.items():
        if "entryPoint" in info:
            nombre = Path(info["entryPoint"]).stem
            urls[nombre] = url(ruta)
            # Static imports only: a lazy one (the editors, controlador.js) waits for its import(),
            # so that it does not compete with the interpreter's download.
            trozos[nombre] = [url(i["path"]) for i in info.get("imports", [])
                              if not i.get("external") and i.get("kind") != "dynamic-import"]
    return urls, trozos, [(Path(raiz) / r).resolve() for r in metadatos["inputs"]]


def escribir_css(origen, extra, destino):
    datos = (origen.read_text(encoding="utf-8") + "\n" + extra).encode()
    nombre = f"estilo.{resumen(datos, 8)}.css"
    (destino / nombre).write_bytes(datos)
    return f"/{destino.name}/{nombre}"


def lock_vacio(origen):
    """The npm package's pyodide-lock.json without its packages, which loadPyodide takes as
    lockFileContents: the site serves none of them (its own wheels load by URL, site/src/
    paquetes.js), so `import numpy` says "No module named 'numpy'" instead of advising a
    micropip.install that cannot work offline, and the boot saves a request and 22 KB.
    py/nodo.mjs gives calificar.py's Pyodide the same."""
    lock = json.loads((origen / "pyodide-lock.json").read_text())
    return {"info": lock["info"], "packages": {}}


def copiar_pyodide(raiz, destino, cache_comprimido):
    """Copies Pyodide's files, the stdlib from .cache/stdlib/ (construir/stdlib.py); returns
    (version, index URL, {file of DESCARGADOS: [bytes, bytes sent with brotli]}, empty lock)."""
    origen = raiz / "node_modules" / "pyodide"
    paquete = json.loads((origen / "package.json").read_text())
    carpeta = destino / paquete["version"]
    carpeta.mkdir(parents=True)
    for nombre in ARCHIVOS_PYODIDE:
        de = raiz / ".cache" / "stdlib" / nombre if nombre == stdlib.NOMBRE else origen / nombre
        if not de.exists():
            raise ErrorDeConstruccion([f"{de.relative_to(raiz)}: no está; ejecuta `make setup`"])
        shutil.copy2(de, carpeta / nombre)
    descargas = {}
    for nombre in DESCARGADOS:
        datos = (carpeta / nombre).read_bytes()
        descargas[nombre] = [len(datos), min(len(datos), *(len(c) for _, c in comprimidas(datos, cache_comprimido)))]
    return paquete["version"], f"/{destino.name}/{paquete['version']}/", descargas, lock_vacio(origen)


def copiar_ruedas(dir_ruedas, lista, destino):
    """Copies the wheels named in wheels.txt, their files stored rather than deflated (as the
    stdlib: stdlib.almacenar), so that brotli compresses across them: 216 KB sent for the three
    deflated, 144 KB now. Same files inside: calificar.py mounts the originals. Returns
    {package: url path}."""
    destino.mkdir(parents=True)
    urls, faltan = {}, []
    for linea in lista.read_text().splitlines():
        linea = linea.split("#")[0].strip()
        if not linea:
            continue
        nombre, version = linea.split("==")
        archivos = sorted(dir_ruedas.glob(f"{nombre.replace('-', '_')}-{version}-*.whl"))
        if not archivos:
            faltan.append(f"{dir_ruedas}/{nombre}-{version}-*.whl: no está; ejecuta `make wheels`")
            continue
        stdlib.almacenar(archivos[0], destino / archivos[0].name)
        urls[nombre] = f"/{destino.parent.name}/{destino.name}/{archivos[0].name}"
    if faltan:
        raise ErrorDeConstruccion(faltan)
    return urls
