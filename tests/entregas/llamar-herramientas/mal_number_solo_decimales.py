# Toma un number por un float: rechaza 3 donde se pide un number.
TIPOS = {"string": str, "integer": int, "number": float, "boolean": bool,
         "object": dict, "array": list, "null": type(None)}


def comprueba(ll):
    esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
    if ll["name"] not in esquemas:
        raise ValueError("no existe " + ll["name"])
    esquema, argumentos = esquemas[ll["name"]], ll["input"]
    if not isinstance(argumentos, dict):
        raise ValueError("input no es un diccionario")
    for campo in esquema.get("required", []):
        if campo not in argumentos:
            raise ValueError("falta " + campo)
    for campo, valor in argumentos.items():
        if campo not in esquema["properties"]:
            raise ValueError("sobra " + campo)
        tipo = esquema["properties"][campo]["type"]
        if tipo == "integer" and isinstance(valor, float) and valor.is_integer():
            continue
        if isinstance(valor, bool) and tipo != "boolean" or not isinstance(valor, TIPOS[tipo]):
            raise ValueError("tipo de " + campo)


def observaciones(respuesta, entorno):
    salida = []
    for ll in respuesta:
        if ll["type"] == "tool_use":
            comprueba(ll)
            salida.append(resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"])))
    return salida
