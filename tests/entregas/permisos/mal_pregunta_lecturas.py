# Pregunta al usuario por todas las llamadas, también por las lecturas, aunque solo le haga caso
# en las que PERMISOS manda preguntar.
def ejecutar(ll, entorno, confirmar):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    permitido = confirmar(ll)
    permiso = PERMISOS.get(ll["name"], "denegar")
    if permiso == "denegar":
        return error(ll["id"], "no se ha ejecutado: la herramienta '%s' no está permitida" % ll["name"])
    if permiso == "preguntar" and not permitido:
        return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
