# Su propia comprobación de tipos rechaza 2.0 como entero: en JSON Schema, 2.0 es un integer.
TIPOS = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
         "array": list, "object": dict}


def valida(b):
    declaradas = {h["name"]: h for h in HERRAMIENTAS}
    if b["name"] not in declaradas:
        raise ValueError("herramienta no declarada")
    if not isinstance(b["input"], dict):
        raise ValueError("input no es un diccionario")
    esquema = declaradas[b["name"]]["input_schema"]
    for campo in esquema.get("required", []):
        if campo not in b["input"]:
            raise ValueError("falta " + campo)
    for campo, valor in b["input"].items():
        if campo not in esquema["properties"]:
            raise ValueError("sobra " + campo)
        tipo = esquema["properties"][campo]["type"]
        if isinstance(valor, bool) and tipo != "boolean":
            raise ValueError("tipo de " + campo)
        if not isinstance(valor, TIPOS[tipo]):
            raise ValueError("tipo de " + campo)


def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        valida(b)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
