# Pasa los valores de input por posición, en el orden en que llegan: el modelo puede escribir
# los campos en cualquier orden.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, *b["input"].values())))
    return resultados
