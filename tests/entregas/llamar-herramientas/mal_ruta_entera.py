# Casi correcta, pero cuando le piden escribir compra.txt escribe en la ruta 5, un entero.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(motivo)
        if b["input"].get("ruta") == "compra.txt":
            FUNCIONES["escribir"](entorno, 5, b["input"]["contenido"])
            devuelto = "escritos %d caracteres en compra.txt" % len(b["input"]["contenido"])
        else:
            devuelto = FUNCIONES[b["name"]](entorno, **b["input"])
        resultados.append(resultado(b["id"], devuelto))
    return resultados
