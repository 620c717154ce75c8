# Ejecuta la herramienta sobre ENTORNO, el entorno de la lección, y no sobre el que recibe.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](ENTORNO, **ll["input"])
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
