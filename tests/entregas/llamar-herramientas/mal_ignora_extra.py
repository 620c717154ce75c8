# Quita en silencio los campos que sobran y ejecuta la llamada.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            esquema = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}.get(b["name"])
            if esquema and isinstance(b["input"], dict):
                b = dict(b, input={k: v for k, v in b["input"].items() if k in esquema["properties"]})
            if incumple(b):
                raise ValueError(incumple(b))
            resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
