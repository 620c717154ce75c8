# No comprueba los campos obligatorios: la herramienta falla con TypeError.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
            if b["name"] not in esquemas or not isinstance(b["input"], dict):
                raise ValueError("llamada inválida")
            for campo, valor in b["input"].items():
                propiedad = esquemas[b["name"]]["properties"].get(campo)
                if propiedad is None:
                    raise ValueError("sobra " + campo)
                if {"string": str, "integer": int, "boolean": bool}.get(propiedad["type"]) is not type(valor):
                    raise ValueError("tipo de " + campo)
            resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
