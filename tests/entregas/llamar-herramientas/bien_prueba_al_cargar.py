# Correcta, y al final prueba su función, como en el editor: lo que imprime al cargarse se ve.
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


print("prueba:", observaciones([llamada("p1", "leer", ruta="lista.txt")], dict(ENTORNO)))
