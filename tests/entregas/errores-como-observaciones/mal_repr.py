# Usa repr(e) en vez de str(e).
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], repr(e))
