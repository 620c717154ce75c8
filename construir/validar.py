"""Checks a lesson against lessons/leccion.schema.json, then the rules a
schema cannot express (cell ids unique, ':usa:' pointing at earlier cells, cells
short enough to mount whole, one {reto} and one {red} per challenge, no directive inside a
{plegado}).
Messages are in Spanish, for course authors, as `file:line: message`, at the
line of the entry at fault, and they name what the author wrote (the front
matter, a reading, a directive and its options), never the dict that leer.py
builds ("meta", "bloques", "codigo")."""
import difflib
import functools
import json
from pathlib import Path

from jsonschema import Draft202012Validator
from markdown_it import MarkdownIt

from .errores import problema
from .leer import DIRECTIVA, id_celda

_md = MarkdownIt("commonmark", {"html": False})
# Why a directive's body stays empty: where what it shows comes from.
VACIO = {"{reto}": "el cuerpo de {reto} va vacío: el enunciado y el código inicial están en el .reto.py",
         "{red}": "el cuerpo de {red} va vacío: la petición sale de la conversación del reto que nombra :reto:"}
# CodeMirror draws only the lines near the window; an editor taller than the window estimates
# the rest, and in Chromium at 1280x720 a 39-line cell mounted one line (21 px) shorter than its
# static copy, so the page moved. 33 lines mounted whole at 720 and 740 px high; 30 leaves room.
MAX_LINEAS_CELDA = 30
NOMBRES = {"string": "un texto", "integer": "un número entero", "array": "una lista",
           "object": "una lista de 'clave: valor'", "number": "un número", "boolean": "sí o no"}


def cargar_validador(ruta_esquema):
    return _validador(Path(ruta_esquema).read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=4)  # checking the schema itself takes a third of a second
def _validador(texto):
    esquema = json.loads(texto)
    Draft202012Validator.check_schema(esquema)
    return Draft202012Validator(esquema)


def validar(validador, ruta, doc, lineas):
    problemas = []
    for e in sorted(validador.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path]):
        camino = tuple(e.absolute_path)
        extra = _extras(e)
        if extra:
            camino = camino + (extra[0],)
        mensaje = _mensaje(e, extra, doc)
        if mensaje:
            problemas.append((_linea(lineas, camino), mensaje))
    if not problemas:
        problemas = _referencias(doc, lineas)
    return [problema(ruta, linea, msg) for linea, msg in sorted(set(problemas))]


def _linea(lineas, camino):
    while camino:
        if camino in lineas:
            return lineas[camino]
        camino = camino[:-1]
    return 1


def _extras(e):
    if e.validator != "additionalProperties" or not isinstance(e.instance, dict):
        return []
    return sorted(set(e.instance) - set(e.schema.get("properties", {})))


def _parecida(clave, conocidas):
    """The known key an unknown one is most likely a typo of (`resúmen` -> `resumen`), or None."""
    parecidas = difflib.get_close_matches(str(clave), list(conocidas), n=1)
    return parecidas[0] if parecidas else None


def _sitio(doc, camino):
    """The entry that holds `camino`, as the author knows it: the front matter, a reading, a directive."""
    if camino[:2] == ("meta", "lecturas") and len(camino) >= 3:
        return f"la lectura {camino[2] + 1}"
    if camino[:1] == ("meta",):
        return "la cabecera"
    if len(camino) >= 2:
        tipo = doc["bloques"][camino[1]].get("tipo")
        return "el texto" if tipo == "prosa" else f"{{{tipo}}}"
    return "la lección"


def _clave(camino, clave):
    """A key of the object at `camino` as the author writes it: an option «:id:», a front-matter key «slug»."""
    return f"«:{clave}:»" if camino[2:3] == ("opciones",) else f"«{clave}»"


def _nombre(doc, camino):
    """What the value at `camino` is: «slug», «url» de la lectura 2, «:id:» de {celda}, el código de {celda}."""
    if camino[:1] == ("meta",) and len(camino) == 2:
        return f"«{camino[1]}»"
    if len(camino) >= 4 and (camino[:2] == ("meta", "lecturas") or camino[2] == "opciones"):
        return f"{_clave(camino, camino[3])} de {_sitio(doc, camino)}"
    if camino[:1] == ("bloques",) and len(camino) >= 3 and camino[2] not in ("opciones", "tipo"):
        return f"el {'código' if camino[2] == 'codigo' else 'cuerpo'} de {_sitio(doc, camino)}"
    return _sitio(doc, camino)


def _mensaje(e, extras, doc):
    v, valor = e.validator, e.instance
    camino = tuple(e.absolute_path)
    if v == "required":
        conocidas = e.schema.get("properties", {})
        # A misspelt key is reported once, as unknown with its suggestion, not also as missing.
        sugeridas = {_parecida(c, conocidas) for c in valor if c not in conocidas}
        faltan = [_clave(camino, c) for c in e.validator_value if c not in valor and c not in sugeridas]
        return f"falta {', '.join(faltan)} en {_sitio(doc, camino)}" if faltan else None
    if v == "additionalProperties":
        conocidas = e.schema.get("properties", {})
        parecida = _parecida(extras[0], conocidas) if len(extras) == 1 else None
        consejo = (f"¿querías decir {_clave(camino, parecida)}?" if parecida
                   else f"se admite: {', '.join(_clave(camino, c)[1:-1] for c in conocidas)}")
        return f"{', '.join(_clave(camino, c) for c in extras)} no se admite en {_sitio(doc, camino)}; {consejo}"
    campo = _nombre(doc, camino)
    if v == "enum" and camino[:1] == ("bloques",) and camino[2:] == ("tipo",):
        existen = ", ".join(t for t in e.validator_value if t != "prosa")
        return f"directiva desconocida {{{valor}}}; las que existen son: {existen}"
    if v == "enum":
        return f"{campo} vale {valor!r}, y solo se admite: {', '.join(map(str, e.validator_value))}"
    if v == "type":
        return f"{campo} debe ser {NOMBRES.get(e.validator_value, e.validator_value)}, no {valor!r}"
    if v == "pattern" and e.validator_value == "\\S":
        return f"{campo} está vacío"
    if v == "pattern" and e.validator_value.startswith("^https"):
        return f"{campo} debe empezar por https:// (vale {valor!r})"
    if v == "pattern":
        return f"{campo} vale {valor!r}: usa solo minúsculas sin tildes, números y guiones"
    if v == "minLength" and e.validator_value == 1:
        return f"{campo} está vacío"
    if v == "minLength":
        return f"{campo} es demasiado corto (mínimo {e.validator_value} caracteres)"
    if v == "maxLength" and e.validator_value == 0:
        return VACIO.get(_sitio(doc, camino), f"el cuerpo de {_sitio(doc, camino)} va vacío")
    if v == "maxLength":
        return f"{campo} es demasiado largo (máximo {e.validator_value} caracteres)"
    if v == "minimum":
        return f"{campo} debe ser {e.validator_value} o más"
    if v == "minItems" and camino == ("bloques",):
        return "la lección no tiene nada después de la cabecera"
    if v == "minItems":
        if e.validator_value == 1:
            return f"{campo} está vacío"
        return f"{campo} necesita al menos {e.validator_value} elementos"
    return e.message


def _referencias(doc, lineas):
    problemas, vistas = [], set()
    celdas = [(i, b) for i, b in enumerate(doc["bloques"]) if b["tipo"] == "celda"]
    for n, (i, b) in enumerate(celdas, start=1):
        ident = id_celda(b, n)
        if ident in vistas:
            problemas.append((_linea(lineas, ("bloques", i, "opciones", "id")), f"ya hay otra celda con id «{ident}»"))
        for previa in b["opciones"].get("usa", []):
            if previa not in vistas:
                problemas.append((_linea(lineas, ("bloques", i, "opciones", "usa")),
                                  f"«:usa: {previa}» no nombra ninguna celda anterior de esta lección"))
        vistas.add(ident)
        n_lineas = len(b["codigo"].rstrip("\n").split("\n"))
        if n_lineas > MAX_LINEAS_CELDA:
            problemas.append((_linea(lineas, ("bloques", i)),
                              f"la celda «{ident}» tiene {n_lineas} líneas; el máximo es {MAX_LINEAS_CELDA}: "
                              "pártela en varias celdas (con :usa:) o acórtala"))
    for i, b in enumerate(doc["bloques"]):
        if b["tipo"] == "plegado":
            problemas += _directivas_plegadas(b["cuerpo"], _linea(lineas, ("bloques", i, "cuerpo")))
    for tipo, ya in (("reto", "el reto «{}» ya está en esta lección"),
                     ("red", "la petición del reto «{}» ya está en esta lección, en otro {{red}}")):
        retos = [(i, b["opciones"]["reto"]) for i, b in enumerate(doc["bloques"]) if b["tipo"] == tipo]
        for k, (i, nombre) in enumerate(retos):
            if nombre in [n for _, n in retos[:k]]:
                problemas.append((_linea(lineas, ("bloques", i, "opciones", "reto")), ya.format(nombre)))
    return problemas


def _directivas_plegadas(cuerpo, primera):
    """A {plegado} holds prose: a directive inside it (behind a longer fence) would show as code."""
    return [(primera + t.map[0], f"{{plegado}} solo lleva texto, y aquí hay una directiva {{{m.group(1)}}}: "
                                 "ponla fuera del plegado (un {red} se pliega solo)")
            for t in _md.parse(cuerpo + "\n") if t.type == "fence" and (m := DIRECTIVA.match(t.info.strip()))]
