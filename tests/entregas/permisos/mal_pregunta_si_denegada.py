# Pregunta también por las herramientas que PERMISOS deniega, y las ejecuta si el usuario dice que sí.
def ejecutar(ll, entorno, confirmar):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    permiso = PERMISOS.get(ll["name"])
    if permiso is None:
        return error(ll["id"], "no se ha ejecutado: la herramienta '%s' no está permitida" % ll["name"])
    if permiso != "permitir" and not confirmar(ll):
        return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
