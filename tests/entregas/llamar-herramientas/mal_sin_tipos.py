# No comprueba los tipos: ejecuta escribir con una lista como contenido.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
            if b["name"] not in esquemas or not isinstance(b["input"], dict):
                raise ValueError("llamada inválida")
            esquema = esquemas[b["name"]]
            if not set(esquema["required"]) <= set(b["input"]) <= set(esquema["properties"]):
                raise ValueError("campos incorrectos")
            resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
