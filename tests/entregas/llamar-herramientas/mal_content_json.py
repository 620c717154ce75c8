# Mete en content lo devuelto pasado por json.dumps: ya no es lo que devolvió la herramienta.
import json


def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            if incumple(b):
                raise ValueError(incumple(b))
            devuelto = FUNCIONES[b["name"]](entorno, **b["input"])
            resultados.append(resultado(b["id"], json.dumps(devuelto, ensure_ascii=False)))
    return resultados
