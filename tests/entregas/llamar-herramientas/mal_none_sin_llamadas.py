# Sin llamadas devuelve None en vez de [].
def observaciones(respuesta, entorno):
    llamadas = [b for b in respuesta if b["type"] == "tool_use"]
    if not llamadas:
        return None
    for ll in llamadas:
        if incumple(ll):
            raise ValueError(incumple(ll))
    return [resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"])) for ll in llamadas]
