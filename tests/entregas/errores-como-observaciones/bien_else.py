# Con try/except/else y los bloques escritos a mano.
def ejecutar(ll, entorno):
    def bloque(contenido, es_error):
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": contenido, "is_error": es_error}

    if incumple(ll):
        return bloque("no se ha ejecutado: " + incumple(ll), True)
    funcion = FUNCIONES[ll["name"]]
    try:
        devuelto = funcion(entorno, **ll["input"])
    except Exception as e:
        return bloque(str(e) or e.__class__.__name__, True)
    else:
        return bloque(devuelto, False)
