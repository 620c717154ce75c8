# Comprueba solo la primera llamada de la respuesta; las demás las ejecuta sin comprobar.
def observaciones(respuesta, entorno):
    llamadas = [b for b in respuesta if b["type"] == "tool_use"]
    if llamadas and incumple(llamadas[0]):
        raise ValueError(incumple(llamadas[0]))
    return [resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"])) for ll in llamadas]
