# Devuelve también los bloques de texto.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "text":
            resultados.append(b)
        else:
            if incumple(b):
                raise ValueError(incumple(b))
            resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
