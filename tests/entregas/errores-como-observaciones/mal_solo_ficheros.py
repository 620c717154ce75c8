# Solo captura los errores de fichero.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except (FileNotFoundError, KeyError) as e:
        return error(ll["id"], str(e) or type(e).__name__)
