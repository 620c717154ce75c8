def observaciones(respuesta, entorno):
    print("me llega una respuesta de", len(respuesta), "bloques")
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            print("  texto:", b["text"])
            continue
        if incumple(b):
            raise ValueError(incumple(b))
        devuelto = FUNCIONES[b["name"]](entorno, **b["input"])
        print("  %s -> %r" % (b["name"], devuelto))
        resultados.append(resultado(b["id"], devuelto))
    return resultados
