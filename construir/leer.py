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
that schema errors can say where they are: every front-matter key and list
entry (("meta", "lecturas", 1) is the line of the second reading), every
block, option and body.

A fence left open swallows what follows it (markdown-it closes it at the next
bare ``` or at the end), so a fenced block with no closing fence, or with a line
inside it that opens another fence it cannot contain, fails at its first line.
"""
import re

import yaml
from markdown_it import MarkdownIt

from .errores import ErrorDeConstruccion, problema

DIRECTIVA = re.compile(r"^\{([^}]*)\}\s*(.*)$")
OPCION = re.compile(r"^:([A-Za-z0-9_-]+):\s*(.*?)\s*$")
# A line that opens a fence (``` or ~~~, with an info string), up to 3 spaces in.
APERTURA = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*([^ \t].*?)\s*$")
# Options whose value is a list (space or comma separated).
OPCIONES_LISTA = {"usa"}
# Where each directive kind keeps its body; other kinds use "cuerpo".
CUERPO = {"celda": "codigo"}

# Raw HTML off, as in construir/paginas.py: an HTML block (an unclosed "<!--"
# runs to the end) would hide directives from this parse and not from the page.
_md = MarkdownIt("commonmark", {"html": False})


def leer(ruta, texto):
    lineas = {}
    meta, inicio = _cabecera(ruta, texto, lineas)
    cuerpo = texto.splitlines(keepends=True)[inicio:]
    bloques = _bloques(ruta, cuerpo, inicio, lineas)
    return {"meta": meta, "bloques": bloques}, lineas


def _cabecera(ruta, texto, lineas):
    filas = texto.splitlines()
    if not filas or filas[0].strip() != "---":
        raise ErrorDeConstruccion([problema(ruta, 1, "falta la cabecera: la lección debe empezar con una línea '---', "
                                                     "los metadatos en YAML y otra línea '---'")])
    try:
        fin = next(i for i in range(1, len(filas)) if filas[i].strip() == "---")
    except StopIteration:
        raise ErrorDeConstruccion([problema(ruta, 1, "la cabecera no se cierra: falta la segunda línea '---'")]) \
            from None
    try:
        meta = yaml.safe_load("\n".join(filas[1:fin])) or {}
    except yaml.YAMLError as e:
        marca = getattr(e, "problem_mark", None)
        linea = marca.line + 2 if marca else 1
        motivo = getattr(e, "problem", e)
        raise ErrorDeConstruccion([problema(ruta, linea, f"YAML no válido en la cabecera: {motivo}")]) from None
    if not isinstance(meta, dict):
        raise ErrorDeConstruccion([problema(ruta, 2, "la cabecera debe ser una lista de 'clave: valor'")])
    lineas[("meta",)] = 1
    _lineas_yaml(yaml.compose("\n".join(filas[1:fin])), ("meta",), lineas)
    return meta, fin + 1


def _lineas_yaml(nodo, camino, lineas):
    """The file line of every key and list entry under `nodo` (the YAML starts at line 2)."""
    if isinstance(nodo, yaml.MappingNode):
        for clave, valor in nodo.value:
            if isinstance(clave, yaml.ScalarNode):
                lineas[camino + (clave.value,)] = clave.start_mark.line + 2
                _lineas_yaml(valor, camino + (clave.value,), lineas)
    elif isinstance(nodo, yaml.SequenceNode):
        for i, elemento in enumerate(nodo.value):
            lineas[camino + (i,)] = elemento.start_mark.line + 2
            _lineas_yaml(elemento, camino + (i,), lineas)


def _bloques(ruta, cuerpo, desplazamiento, lineas):
    texto = "".join(cuerpo)
    # With a final newline every content line of a fence ends in one (see _sin_cerrar).
    tokens = _md.parse(texto if texto.endswith("\n") else texto + "\n")
    bloques, prosa_desde = [], 0

    def cerrar_prosa(hasta):
        texto = "".join(cuerpo[prosa_desde:hasta])
        if texto.strip():
            lineas[("bloques", len(bloques))] = desplazamiento + prosa_desde + 1
            bloques.append({"tipo": "prosa", "markdown": texto})

    for tok in tokens:
        if tok.type != "fence":
            continue
        ini, fin = tok.map
        linea = desplazamiento + ini + 1
        fallo = _sin_cerrar(tok, linea)
        if fallo:
            raise ErrorDeConstruccion([problema(ruta, linea, fallo)])
        m = DIRECTIVA.match(tok.info.strip())
        if not m:
            continue
        if tok.level != 0:
            raise ErrorDeConstruccion([problema(ruta, linea, f"la directiva {{{m.group(1)}}} está dentro de una lista "
                                                             "o una cita; las directivas van solas, al nivel superior "
                                                             "del texto")])
        cerrar_prosa(ini)
        bloques.append(_directiva(m.group(1).strip(), tok.content, len(bloques), linea, lineas))
        prosa_desde = fin
    cerrar_prosa(len(cuerpo))
    return bloques


def _sin_cerrar(tok, linea):
    """Why the fence `tok` (opened at file line `linea`) was left open, or None.

    markdown-it gives no closed flag: a closed fence spans its content lines plus
    two, an unclosed one plus one. Inside a fence, a line that opens a fence of
    the same character and at least its length (the next bare one would close
    this fence), or opens a directive, means this fence's closing line is
    missing; content that really holds such a line needs a longer fence."""
    ini, fin = tok.map
    valla, info = tok.markup, tok.info.strip()
    if DIRECTIVA.match(info):
        nombre, lo, parte = f"la directiva {valla}{info}", "la", "de la directiva"
    else:
        nombre, lo, parte = f"el bloque {valla}{info}", "lo", "del bloque"
    falta = f"{nombre} no se cierra: falta la línea {valla} final"
    if tok.content.count("\n") == fin - ini - 1:
        return falta
    for k, fila in enumerate(tok.content.splitlines()):
        m = APERTURA.match(fila)
        if m and len(m.group(1)) >= len(valla) and (m.group(1)[0] == valla[0] or DIRECTIVA.match(m.group(2))):
            mas = valla[0] * (len(m.group(1)) + 1)
            return (f"{falta} antes de la línea {linea + 1 + k} ({fila.strip()}), que abre otro bloque "
                    f"(si esa línea es parte {parte}, usa {mas} para abrir{lo} y cerrar{lo})")
    return None


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
