# Les quita los espacios de los extremos a los argumentos de texto antes de ejecutar la llamada.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        argumentos = {k: v.strip() if isinstance(v, str) else v for k, v in b["input"].items()}
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **argumentos)))
    return resultados
