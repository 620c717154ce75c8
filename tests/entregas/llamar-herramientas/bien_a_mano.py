# Comprueba el esquema a mano, sin incumple, y construye los bloques sin ayudantes.
TIPOS = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
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
            continue  # 2.0 es un integer en JSON Schema
        if isinstance(valor, bool) and tipo != "boolean" or not isinstance(valor, TIPOS[tipo]):
            raise ValueError("tipo de " + campo)


def observaciones(respuesta, entorno):
    llamadas = [b for b in respuesta if b["type"] == "tool_use"]
    salida = []
    for ll in llamadas:
        comprueba(ll)
        salida.append({"type": "tool_result", "tool_use_id": ll["id"],
                       "content": FUNCIONES[ll["name"]](entorno, **ll["input"]), "is_error": False})
    return salida
