"""Reads a lesson: YAML front matter + Markdown with MyST-style directives.

A directive is a fenced block whose info string is `{tipo}`; its first lines
may be options (`:nombre: valor`), and the rest is its body:

    ```{celda}
    :id: primera
    :usa: otra-celda
    print("hola")
    ```

The result is a plain dict for the JSON Schema ({"meta": ..., "bloques": [...]})
plus `lineas`, which maps a path inside that dict to its line in the file, so
that schema errors can say where they are.
"""
import re

import yaml
from markdown_it import MarkdownIt

from .errores import ErrorDeConstruccion, problema

DIRECTIVA = re.compile(r"^\{([^}]*)\}\s*(.*)$")
OPCION = re.compile(r"^:([A-Za-z0-9_-]+):\s*(.*?)\s*$")
CLAVE_YAML = re.compile(r"^([A-Za-z_][\w-]*)\s*:")
# Options whose value is a list (space or comma separated).
OPCIONES_LISTA = {"usa"}
# Where each directive kind keeps its body; other kinds use "cuerpo".
CUERPO = {"celda": "codigo"}

_md = MarkdownIt("commonmark")


def leer(ruta, texto):
    lineas = {}
    meta, inicio = _cabecera(ruta, texto, lineas)
    cuerpo = texto.splitlines(keepends=True)[inicio:]
    bloques = _bloques(ruta, cuerpo, inicio, lineas)
    return {"meta": meta, "bloques": bloques}, lineas


def _cabecera(ruta, texto, lineas):
    filas = texto.splitlines()
    if not filas or filas[0].strip() != "---":
        raise ErrorDeConstruccion([problema(ruta, 1, "falta la cabecera: la lección debe empezar con una línea '---', los metadatos en YAML y otra línea '---'")])
    try:
        fin = next(i for i in range(1, len(filas)) if filas[i].strip() == "---")
    except StopIteration:
        raise ErrorDeConstruccion([problema(ruta, 1, "la cabecera no se cierra: falta la segunda línea '---'")]) from None
    try:
        meta = yaml.safe_load("\n".join(filas[1:fin])) or {}
    except yaml.YAMLError as e:
        marca = getattr(e, "problem_mark", None)
        linea = marca.line + 2 if marca else 1
        raise ErrorDeConstruccion([problema(ruta, linea, f"YAML no válido en la cabecera: {getattr(e, 'problem', e)}")]) from None
    if not isinstance(meta, dict):
        raise ErrorDeConstruccion([problema(ruta, 2, "la cabecera debe ser una lista de 'clave: valor'")])
    lineas[("meta",)] = 1
    for i in range(1, fin):
        m = CLAVE_YAML.match(filas[i])
        if m:
            lineas[("meta", m.group(1))] = i + 1
    return meta, fin + 1


def _bloques(ruta, cuerpo, desplazamiento, lineas):
    tokens = _md.parse("".join(cuerpo))
    bloques, prosa_desde = [], 0

    def cerrar_prosa(hasta):
        texto = "".join(cuerpo[prosa_desde:hasta])
        if texto.strip():
            lineas[("bloques", len(bloques))] = desplazamiento + prosa_desde + 1
            bloques.append({"tipo": "prosa", "markdown": texto})

    for tok in tokens:
        m = DIRECTIVA.match(tok.info.strip()) if tok.type == "fence" else None
        if not m:
            continue
        if tok.level != 0:
            linea = desplazamiento + tok.map[0] + 1
            raise ErrorDeConstruccion([problema(ruta, linea, f"la directiva {{{m.group(1)}}} está dentro de una lista o una cita; las directivas van solas, al nivel superior del texto")])
        ini, fin = tok.map
        cerrar_prosa(ini)
        linea = desplazamiento + ini + 1
        cierre = cuerpo[fin - 1].strip() if fin - 1 > ini else ""
        if not (cierre.startswith(tok.markup[0] * len(tok.markup)) and set(cierre) <= {tok.markup[0]}):
            raise ErrorDeConstruccion([problema(ruta, linea, f"la directiva {tok.markup}{{{m.group(1)}}} no se cierra: falta la línea {tok.markup} final")])
        bloques.append(_directiva(m.group(1).strip(), tok.content, len(bloques), linea, lineas))
        prosa_desde = fin
    cerrar_prosa(len(cuerpo))
    return bloques


def _directiva(tipo, contenido, indice, linea, lineas):
    ruta = ("bloques", indice)
    lineas[ruta] = linea
    filas = contenido.splitlines(keepends=True)
    opciones, n = {}, 0
    while n < len(filas):
        m = OPCION.match(filas[n].rstrip("\n"))
        if not m:
            break
        nombre, valor = m.group(1), m.group(2)
        opciones[nombre] = [v for v in re.split(r"[,\s]+", valor) if v] if nombre in OPCIONES_LISTA else valor
        lineas[ruta + ("opciones", nombre)] = linea + 1 + n
        n += 1
    clave_cuerpo = CUERPO.get(tipo, "cuerpo")
    lineas[ruta + (clave_cuerpo,)] = linea + 1 + n
    lineas[ruta + ("opciones",)] = linea
    return {"tipo": tipo, "opciones": opciones, clave_cuerpo: "".join(filas[n:]).strip("\n")}


def id_celda(bloque, n):
    """A cell's id: its ':id:' option, or celda-N for the N-th cell of the lesson."""
    return bloque["opciones"].get("id") or f"celda-{n}"
