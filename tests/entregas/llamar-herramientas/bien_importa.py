# Usa módulos de la biblioteca estándar y jsonschema, que en la página se pueden importar.
import base64
import logging
import pathlib
import pprint

import jsonschema

_registro = logging.getLogger("observaciones")


def observaciones(respuesta, entorno):
    esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        if b["name"] not in esquemas:
            raise ValueError("no existe la herramienta " + b["name"])
        try:
            jsonschema.validate(b["input"], esquemas[b["name"]])
        except jsonschema.ValidationError as e:
            raise ValueError(e.message) from None
        _registro.debug("llamo a %s con %s", b["name"], pprint.pformat(b["input"]))
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    assert base64.b64decode(base64.b64encode(b"ok")) == b"ok"
    assert pathlib.PurePosixPath("recetas/tortilla.txt").suffix == ".txt"
    return resultados
