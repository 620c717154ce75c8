# Cuando el usuario no lo permite, el error lo dice con otras palabras.
def ejecutar(ll, entorno, confirmar):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    permiso = PERMISOS.get(ll["name"], "denegar")
    if permiso == "denegar":
        return error(ll["id"], "no se ha ejecutado: la herramienta '%s' no está permitida" % ll["name"])
    if permiso == "preguntar" and not confirmar(ll):
        return error(ll["id"], "el usuario ha dicho que no")
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
