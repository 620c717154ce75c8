# Toma por obligatorios todos los campos de properties: rechaza una llamada sin un campo opcional.
TIPOS = {"string": str, "integer": int, "number": (int, float), "boolean": bool}


def observaciones(respuesta, entorno):
    esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        if b["name"] not in esquemas or not isinstance(b["input"], dict):
            raise ValueError("llamada inválida")
        propiedades = esquemas[b["name"]]["properties"]
        for campo in propiedades:
            if campo not in b["input"]:
                raise ValueError("falta " + campo)
        for campo, valor in b["input"].items():
            if campo not in propiedades:
                raise ValueError("sobra " + campo)
            tipo = propiedades[campo]["type"]
            if isinstance(valor, bool) != (tipo == "boolean") or not isinstance(valor, TIPOS[tipo]):
                raise ValueError("tipo de " + campo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
