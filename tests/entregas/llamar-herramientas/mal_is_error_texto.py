# is_error como cadena, no como booleano.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            if incumple(b):
                raise ValueError(incumple(b))
            r = resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"]))
            r["is_error"] = "False"
            resultados.append(r)
    return resultados
