# Trata un resultado vacío como un error.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    if not devuelto:
        return error(ll["id"], "sin resultados")
    return resultado(ll["id"], devuelto)
