# Le quita los espacios de los extremos a lo que devuelve la herramienta.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        devuelto = FUNCIONES[b["name"]](entorno, **b["input"])
        resultados.append(resultado(b["id"], devuelto.strip()))
    return resultados
