# Convierte los números al tipo de su esquema antes de comprobar la llamada: 2.5 pasa a 2 y 1 a True.
def ejecutar(ll, entorno):
    esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
    if ll["name"] in esquemas and isinstance(ll["input"], dict):
        propiedades = esquemas[ll["name"]]["properties"]
        for campo, valor in ll["input"].items():
            tipo = propiedades.get(campo, {}).get("type")
            if tipo == "integer" and isinstance(valor, (int, float)):
                ll["input"][campo] = int(valor)
            elif tipo == "boolean" and isinstance(valor, (int, float)):
                ll["input"][campo] = bool(valor)
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
