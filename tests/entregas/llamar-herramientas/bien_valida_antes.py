# Valida todas las llamadas antes de ejecutar ninguna: el enunciado no lo prohíbe.
def observaciones(respuesta, entorno):
    llamadas = [b for b in respuesta if b["type"] == "tool_use"]
    for ll in llamadas:
        if incumple(ll) is not None:
            raise ValueError("%s: %s" % (ll["id"], incumple(ll)))
    return [resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"])) for ll in llamadas]
