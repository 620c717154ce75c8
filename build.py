#!/usr/bin/env python3
"""Builds the static site: lessons/ + py/ + site/ -> dist/.

Every lesson is read and validated before anything is written. The site is
built in a sibling folder and swapped in at the end, so a failed build leaves
the last good dist/ as it was.

    python build.py [--lecciones lessons] [--salida dist] [--base /] [--sin-comprimir]

--base is the URL path the site is served under (default /; e.g. /cursos/agentes/ or
GitHub Pages' /repo/): every URL the pages write or fetch starts with it, the service
worker's scope and precache included. A cell's open_url("/courses/...") stays as written:
the worker resolves it against the base (site/src/ejecutor.py).

--sin-comprimir leaves out the .br and .gz copies (preview.py's builds: on localhost they
would only cost time; serve.py then sends each file as it is).
"""
import argparse
import copy
import json
import os
import shutil
import sys
import time
from pathlib import Path

import yaml

from construir import activos, bloques, conversacion, preguntas, red, retos
from construir.comprimir import comprimir_arbol
from construir.errores import ErrorDeConstruccion, problema, relativa
from construir.leer import leer
from construir.paginas import Paginas, css_resaltado
from construir.precache import escribir_sw
from construir.validar import cargar_validador, validar
from serve import CSP, con_conectar, origen_valido

RAIZ = Path(__file__).resolve().parent


def leer_cursos(dir_lecciones):
    """Reads and validates every course; raises ErrorDeConstruccion listing every problem."""
    validador = cargar_validador(RAIZ / "lessons" / "leccion.schema.json")
    cursos, problemas = [], []
    for dir_curso in sorted(p for p in Path(dir_lecciones).iterdir() if p.is_dir()):
        ficha = dir_curso / "curso.yaml"
        if not ficha.exists():
            problemas.append(problema(relativa(ficha), 1,
                                      "falta la ficha del curso (titulo, descripcion, archivos_py)"))
            continue
        texto_ficha = ficha.read_text(encoding="utf-8")
        curso = yaml.safe_load(texto_ficha) or {}
        faltan = [c for c in ("titulo", "descripcion") if not isinstance(curso.get(c), str)]
        if faltan:
            problemas.append(problema(relativa(ficha), 1, f"falta {', '.join(faltan)}"))
            continue
        curso["slug"] = dir_curso.name
        docs, vistos = [], {}
        for md in sorted(dir_curso.glob("*.md")):
            ruta = relativa(md)
            try:
                doc, lineas, errores = _leer_y_validar(validador, ruta, md.read_text(encoding="utf-8"))
            except ErrorDeConstruccion as e:
                problemas.extend(e.problemas)
                continue
            meta = doc["meta"]
            if not errores and meta["slug"] != md.stem:
                errores.append(problema(ruta, lineas[("meta", "slug")], f"el slug «{meta['slug']}» debe coincidir "
                                                                         f"con el nombre del archivo ({md.stem}.md)"))
            if not errores and meta["orden"] in vistos:
                errores.append(problema(ruta, lineas[("meta", "orden")],
                                        f"orden {meta['orden']} repetido: también lo tiene {vistos[meta['orden']]}"))
            if errores:
                problemas.extend(errores)
                continue
            # Each directive's loader, in its module, attaches what its blocks need; {red} and
            # {conversacion} reuse the expectations the lesson's {reto} got.
            errores = retos.cargar(dir_curso, ruta, doc, lineas) + preguntas.cargar(ruta, doc, lineas)
            errores = errores or red.cargar(dir_curso, ruta, doc, lineas) + \
                conversacion.cargar(dir_curso, ruta, doc, lineas)
            if errores:
                problemas.extend(errores)
                continue
            vistos[meta["orden"]] = ruta
            docs.append(doc)
        curso["lecciones"] = sorted(docs, key=lambda d: d["meta"]["orden"])
        if len(docs) == len(list(dir_curso.glob("*.md"))):  # else the lesson that places it may be the broken one
            problemas.extend(retos.sin_leccion(dir_curso, docs))
        try:
            curso["bloques"] = bloques.agrupar(relativa(ficha), texto_ficha, curso["lecciones"],
                                               {md.stem for md in dir_curso.glob("*.md")})
        except ErrorDeConstruccion as e:
            problemas.extend(e.problemas)
        cursos.append(curso)
    if problemas:
        raise ErrorDeConstruccion(problemas)
    return cursos


_LEIDAS = {}  # (schema, path, text) -> (doc, lines, errors), as read before any loader adds to doc


def _leer_y_validar(validador, ruta, texto):
    """leer() and validar() of a lesson; the same text read again by this process (preview.py's
    next build) is not parsed again: a copy of the first reading, which the loaders then fill."""
    clave = (json.dumps(validador.schema, sort_keys=True), ruta, texto)
    if clave not in _LEIDAS:
        doc, lineas = leer(ruta, texto)
        if len(_LEIDAS) > 256:
            _LEIDAS.clear()
        _LEIDAS[clave] = (doc, lineas, validar(validador, ruta, doc, lineas))
    return copy.deepcopy(_LEIDAS[clave])


def normalizar_base(base):
    """'/cursos/agentes/' from 'cursos/agentes', '/cursos/agentes' or '/cursos/agentes/'."""
    partes = [p for p in base.split("/") if p]
    if any(p in (".", "..") or any(c in p for c in "?#\\\"'<>& ") for p in partes):
        raise ErrorDeConstruccion([f"--base {base!r}: debe ser una ruta como /cursos/agentes/"])
    return "/" + "".join(p + "/" for p in partes)


def escribir(cursos, destino, dir_py, comprimir=True, base="/", conectar=()):
    en_base = lambda url: base + url.removeprefix("/")  # noqa: E731  the builders write root paths
    textos = json.loads((RAIZ / "site" / "textos.es.json").read_text(encoding="utf-8"))
    static = destino / "static"
    static.mkdir(parents=True)
    entradas = [RAIZ / "site/src" / n for n in ("pagina.js", "trabajador.js", "indice.js")]
    bundles, trozos = activos.empaquetar_js(RAIZ, static, entradas)
    bundles = {k: en_base(v) for k, v in bundles.items()}
    trozos = {k: [en_base(u) for u in v] for k, v in trozos.items()}
    # One stylesheet: estilo.css first, the base the others refine (its variables and element
    # rules), then every other site/*.css by name (no rule of one overrides a rule of another at
    # the same specificity, so their order does not matter), then the highlighting.
    hojas = sorted(h for h in (RAIZ / "site").glob("*.css") if h.name != "estilo.css")
    otras = "".join(h.read_text(encoding="utf-8") for h in hojas)
    css = en_base(activos.escribir_css(RAIZ / "site" / "estilo.css", otras + css_resaltado(), static))
    version, index_url, descargas, lock = activos.copiar_pyodide(RAIZ, destino / "pyodide",
                                                                 RAIZ / ".cache" / "comprimido")
    index_url = en_base(index_url)
    ruedas = activos.copiar_ruedas(RAIZ / ".cache" / "wheels", RAIZ / "wheels.txt", destino / "pyodide" / "paquetes")
    ruedas = {k: en_base(v) for k, v in ruedas.items()}
    # The snapshot belongs to this Pyodide and this worker (its name carries its hash), and to
    # this site: caches are per origin, and GitHub Pages puts every project on one origin.
    instantanea = "instantanea-" + activos.resumen(f"{version}{bundles['trabajador']}".encode(), 12) + \
        ("" if base == "/" else f"@{base}")
    config = {"base": base, "indexURL": index_url, "trabajador": bundles["trabajador"], "instantanea": instantanea,
              "descargas": descargas, "paquetes": ruedas, "lock": lock}
    # The same policy in _headers, in each page's <meta> and in what sw.js serves: a host that sends
    # no headers (GitHub Pages) still lets the pages reach only these origins.
    csp = con_conectar(CSP, conectar)
    paginas = Paginas(RAIZ / "site" / "plantillas", textos, css, csp)
    primero = None
    for curso in cursos:
        dir_curso = destino / "courses" / curso["slug"]
        dir_curso.mkdir(parents=True)
        primero = primero or f"{base}courses/{curso['slug']}/"
        for nombre in curso.get("archivos_py", []):
            origen = Path(dir_py) / nombre
            if not origen.exists():
                raise ErrorDeConstruccion([f"{relativa(origen)}: no está, y curso.yaml de {curso['slug']} lo pide"])
            shutil.copy2(origen, dir_curso / nombre)
        indice = paginas.indice(curso, curso["bloques"], bundles["indice"])
        (dir_curso / "index.html").write_text(indice, encoding="utf-8")
        metas = [None] + [d["meta"] for d in curso["lecciones"]] + [None]
        for k, doc in enumerate(curso["lecciones"], 1):
            carpeta = dir_curso / doc["meta"]["slug"]
            carpeta.mkdir()
            vecinas = (metas[k - 1], metas[k + 1])
            pagina = paginas.leccion(curso, doc, config, bundles["pagina"], trozos["pagina"], vecinas)
            (carpeta / "index.html").write_text(pagina, encoding="utf-8")
    (destino / "index.html").write_text(paginas.raiz(primero, textos["ir_al_curso"]), encoding="utf-8")
    (destino / "404.html").write_text(paginas.no_encontrada(primero), encoding="utf-8")
    cabeceras = (RAIZ / "_headers").read_text(encoding="utf-8")
    (destino / "_headers").write_text(con_conectar(cabeceras, conectar), encoding="utf-8")
    version_sitio, entradas = escribir_sw(RAIZ / "site" / "sw.js", destino, [instantanea], base, csp)
    if comprimir:
        comprimir_arbol(destino, RAIZ / ".cache" / "comprimido")
    return version_sitio, len(entradas)


def intercambiar(nuevo, destino):
    """Puts the new tree in place of the old one with two renames."""
    viejo = destino.with_name(f"{destino.name}.viejo-{os.getpid()}")
    if destino.exists():
        destino.rename(viejo)
    nuevo.rename(destino)
    shutil.rmtree(viejo, ignore_errors=True)


def main(argv=None):
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--lecciones", default=str(RAIZ / "lessons"))
    args.add_argument("--py", default=str(RAIZ / "py"))
    args.add_argument("--salida", default=str(RAIZ / "dist"))
    args.add_argument("--base", default="/", help="la ruta bajo la que se sirve el sitio (por defecto /)")
    args.add_argument("--sin-comprimir", action="store_true")
    args.add_argument("--conectar", action="append", default=[], metavar="ORIGEN",
                      help="un origen de API al que pueden llamar las celdas (ModeloReal): se añade a "
                           "connect-src de la política de las páginas; se repite (docs/desplegar.md)")
    opciones = args.parse_args(argv)
    t0 = time.perf_counter()
    destino = Path(opciones.salida).resolve()
    nuevo = destino.with_name(f"{destino.name}.nuevo-{os.getpid()}")
    try:
        base = normalizar_base(opciones.base)
        try:
            conectar = tuple(origen_valido(o) for o in opciones.conectar)
        except ValueError as e:
            raise ErrorDeConstruccion([f"build.py: {e}"]) from None
        cursos = leer_cursos(opciones.lecciones)
        shutil.rmtree(nuevo, ignore_errors=True)
        nuevo.mkdir(parents=True)
        version, n = escribir(cursos, nuevo, opciones.py, comprimir=not opciones.sin_comprimir, base=base,
                              conectar=conectar)
        intercambiar(nuevo, destino)
    except ErrorDeConstruccion as e:
        shutil.rmtree(nuevo, ignore_errors=True)
        print(e, file=sys.stderr)
        print(f"build.py: no se escribió nada; {relativa(destino)} sigue como estaba.", file=sys.stderr)
        return 1
    except BaseException:
        shutil.rmtree(nuevo, ignore_errors=True)
        raise
    lecciones = sum(len(c["lecciones"]) for c in cursos)
    en = "" if base == "/" else f" bajo {base}"
    print(f"build.py: {lecciones} lecciones{en}, {n} archivos en la precache, versión {version}, "
          f"{time.perf_counter() - t0:.1f} s -> {relativa(destino)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
