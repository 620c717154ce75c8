# Además de incumple, exige todos los campos de properties: no ejecuta una llamada sin un campo opcional.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is None:
        propiedades = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}[ll["name"]]["properties"]
        faltan = [campo for campo in propiedades if campo not in ll["input"]]
        if faltan:
            motivo = "falta el campo %r" % faltan[0]
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
