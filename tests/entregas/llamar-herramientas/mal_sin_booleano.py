# Solo conoce los tipos string e integer: rechaza también un booleano donde se pide un booleano.
def observaciones(respuesta, entorno):
    esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        if b["name"] not in esquemas or not isinstance(b["input"], dict):
            raise ValueError("llamada inválida")
        esquema = esquemas[b["name"]]
        for campo in esquema["required"]:
            if campo not in b["input"]:
                raise ValueError("falta " + campo)
        for campo, valor in b["input"].items():
            if campo not in esquema["properties"]:
                raise ValueError("sobra " + campo)
            if {"string": str, "integer": int}.get(esquema["properties"][campo]["type"]) is not type(valor):
                raise ValueError("tipo de " + campo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
