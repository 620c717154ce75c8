# Mete en su respuesta un carácter suelto de un par sustituto: no cabe en UTF-8, y el calificador
# no debe caerse por ello, ni dejar sin calificar las entregas que vienen detrás.
def observaciones(respuesta, entorno):
    return [resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"]) + "\ud800")
            for b in respuesta if b["type"] == "tool_use"]
