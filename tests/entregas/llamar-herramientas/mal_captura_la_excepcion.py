# Captura la excepción de una herramienta y la devuelve como un error, en vez de dejarla salir.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        try:
            resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
        except Exception as e:
            resultados.append(error(b["id"], str(e)))
    return resultados
