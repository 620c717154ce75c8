# Mira PERMISOS antes que el esquema: una herramienta que no existe se deniega con el mensaje
# de PERMISOS en vez del de incumple.
def ejecutar(ll, entorno, confirmar):
    permiso = PERMISOS.get(ll["name"], "denegar")
    if permiso == "denegar":
        return error(ll["id"], "no se ha ejecutado: la herramienta '%s' no está permitida" % ll["name"])
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    if permiso == "preguntar" and not confirmar(ll):
        return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
