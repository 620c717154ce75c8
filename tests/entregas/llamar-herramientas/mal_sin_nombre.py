# No comprueba que la herramienta exista: lanza KeyError en vez de ValueError.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            f = FUNCIONES[b["name"]]
            motivo = incumple(b)
            if motivo:
                raise ValueError(motivo)
            resultados.append(resultado(b["id"], f(entorno, **b["input"])))
    return resultados
