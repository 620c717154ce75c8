"""Checks a lesson against lessons/leccion.schema.json, then the rules a
schema cannot express (cell ids unique, ':usa:' pointing at earlier cells).
Messages are in Spanish, for course authors, as `file:line: message`."""
import json
from pathlib import Path

from jsonschema import Draft202012Validator

from .errores import problema
from .leer import id_celda

NOMBRES = {"string": "un texto", "integer": "un número entero", "array": "una lista",
           "object": "una lista de 'clave: valor'", "number": "un número", "boolean": "sí o no"}


def cargar_validador(ruta_esquema):
    esquema = json.loads(Path(ruta_esquema).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(esquema)
    return Draft202012Validator(esquema)


def validar(validador, ruta, doc, lineas):
    problemas = []
    for e in sorted(validador.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path]):
        camino = tuple(e.absolute_path)
        extra = _extras(e)
        if extra:
            camino = camino + (extra[0],)
        problemas.append((_linea(lineas, camino), _mensaje(e, extra)))
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


def _campo(e):
    camino = [p for p in e.absolute_path if isinstance(p, str)]
    return f"«{camino[-1]}»" if camino else "el documento"


def _mensaje(e, extras):
    v, valor = e.validator, e.instance
    if v == "required":
        faltan = [c for c in e.validator_value if c not in valor]
        return f"falta {', '.join(f'«{c}»' for c in faltan)} en {_campo(e)}"
    if v == "additionalProperties":
        return f"{', '.join(f'«{c}»' for c in extras)} no se admite aquí; se admite: {', '.join(e.schema.get('properties', {}))}"
    if v == "enum" and list(e.absolute_path)[-1:] == ["tipo"]:
        return f"directiva desconocida {{{valor}}}; las que existen son: {', '.join(t for t in e.validator_value if t != 'prosa')}"
    if v == "enum":
        return f"{_campo(e)} vale {valor!r}, y solo se admite: {', '.join(map(str, e.validator_value))}"
    if v == "type":
        return f"{_campo(e)} debe ser {NOMBRES.get(e.validator_value, e.validator_value)}, no {valor!r}"
    if v == "pattern" and e.validator_value == "\\S":
        return f"{_campo(e)} está vacío"
    if v == "pattern" and e.validator_value.startswith("^https"):
        return f"{_campo(e)} debe empezar por https:// (vale {valor!r})"
    if v == "pattern":
        return f"{_campo(e)} vale {valor!r}: usa solo minúsculas sin tildes, números y guiones"
    if v == "minLength" and e.validator_value == 1:
        return f"{_campo(e)} está vacío"
    if v == "minLength":
        return f"{_campo(e)} es demasiado corto (mínimo {e.validator_value} caracteres)"
    if v == "maxLength" and e.validator_value == 0:
        return "el cuerpo de {reto} va vacío: el enunciado y el código inicial están en el .reto.py"
    if v == "maxLength":
        return f"{_campo(e)} es demasiado largo (máximo {e.validator_value} caracteres)"
    if v == "minimum":
        return f"{_campo(e)} debe ser {e.validator_value} o más"
    if v == "minItems":
        return f"{_campo(e)} está vacío" if e.validator_value == 1 else f"{_campo(e)} necesita al menos {e.validator_value} elementos"
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
    retos = [(i, b["opciones"]["reto"]) for i, b in enumerate(doc["bloques"]) if b["tipo"] == "reto"]
    for k, (i, nombre) in enumerate(retos):
        if nombre in [n for _, n in retos[:k]]:
            problemas.append((_linea(lineas, ("bloques", i, "opciones", "reto")), f"el reto «{nombre}» ya está en esta lección"))
    return problemas
