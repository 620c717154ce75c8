# No captura las excepciones de la herramienta.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
