# Imprime un carácter suelto de un par sustituto, que no se puede escribir en UTF-8.
def observaciones(respuesta, entorno):
    print("depuración:", "\ud800")
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
