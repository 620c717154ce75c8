# Guardada con finales de línea de Windows (CRLF).
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
