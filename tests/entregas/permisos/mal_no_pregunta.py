# Nunca pregunta: ejecuta todo lo que está en PERMISOS.
def ejecutar(ll, entorno, confirmar):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    if ll["name"] not in PERMISOS:
        return error(ll["id"], "no se ha ejecutado: la herramienta '%s' no está permitida" % ll["name"])
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
