# Acepta un input que es una lista, pasándolo como argumentos posicionales.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        if isinstance(b["input"], list):
            devuelto = FUNCIONES[b["name"]](entorno, *b["input"])
        else:
            if incumple(b):
                raise ValueError(incumple(b))
            devuelto = FUNCIONES[b["name"]](entorno, **b["input"])
        resultados.append(resultado(b["id"], devuelto))
    return resultados
