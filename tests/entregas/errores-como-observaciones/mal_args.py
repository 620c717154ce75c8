# Usa e.args[0] en vez de str(e): con un KeyError pierde las comillas que pone str(e).
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except Exception as e:
        return error(ll["id"], e.args[0] if e.args else type(e).__name__)
    return resultado(ll["id"], devuelto)
