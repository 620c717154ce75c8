# Se salta los resultados vacíos: una búsqueda sin resultados se queda sin tool_result.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            if incumple(b):
                raise ValueError(incumple(b))
            devuelto = FUNCIONES[b["name"]](entorno, **b["input"])
            if devuelto:
                resultados.append(resultado(b["id"], devuelto))
    return resultados
