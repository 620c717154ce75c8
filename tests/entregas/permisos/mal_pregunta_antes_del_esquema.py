# Pregunta al usuario antes de comprobar el esquema de la llamada.
def ejecutar(ll, entorno, confirmar):
    permiso = PERMISOS.get(ll["name"], "denegar")
    if permiso == "preguntar" and not confirmar(ll):
        return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    if permiso == "denegar":
        return error(ll["id"], "no se ha ejecutado: la herramienta '%s' no está permitida" % ll["name"])
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
