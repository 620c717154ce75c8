# Devuelve los resultados al revés.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            if incumple(b):
                raise ValueError(incumple(b))
            resultados.insert(0, resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
