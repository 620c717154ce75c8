# Cada caso de PERMISOS en su rama, y la ejecución al final.
def ejecutar(ll, entorno, confirmar):
    id_ = ll["id"]
    nombre = ll["name"]
    motivo = incumple(ll)
    if motivo:
        return error(id_, "no se ha ejecutado: %s" % motivo)
    if nombre not in PERMISOS or PERMISOS[nombre] == "denegar":
        return error(id_, f"no se ha ejecutado: la herramienta '{nombre}' no está permitida")
    elif PERMISOS[nombre] == "preguntar":
        permitido = confirmar(ll)
        if permitido is False:
            return error(id_, "no se ha ejecutado: el usuario no lo ha permitido")
    try:
        return resultado(id_, FUNCIONES[nombre](entorno, **ll["input"]))
    except Exception as e:
        return error(id_, str(e) or e.__class__.__name__)
