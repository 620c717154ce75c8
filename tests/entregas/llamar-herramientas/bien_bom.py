# Guardada con una marca de orden de bytes (BOM) al principio, como hacen algunos editores.
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
