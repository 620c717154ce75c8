# Ejecuta las herramientas sobre ENTORNO, el entorno de la lección, y no sobre el que recibe.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](ENTORNO, **b["input"])))
    return resultados
