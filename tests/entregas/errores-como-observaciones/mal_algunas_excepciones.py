# Solo convierte en error las excepciones de fichero y de aritmética; las demás se le escapan.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except (OSError, ArithmeticError) as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
