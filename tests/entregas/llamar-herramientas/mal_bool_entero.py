# Comprueba los tipos con isinstance sin más: True pasa por un entero.
TIPOS = {"string": str, "integer": int, "number": (int, float), "boolean": bool}


def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
        if b["name"] not in esquemas or not isinstance(b["input"], dict):
            raise ValueError("llamada inválida")
        esquema = esquemas[b["name"]]
        if not set(esquema["required"]) <= set(b["input"]) <= set(esquema["properties"]):
            raise ValueError("campos incorrectos")
        for campo, valor in b["input"].items():
            if not isinstance(valor, TIPOS[esquema["properties"][campo]["type"]]):
                raise ValueError("tipo de " + campo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
