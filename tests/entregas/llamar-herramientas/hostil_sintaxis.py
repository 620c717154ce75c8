def observaciones(respuesta, entorno)
    return []
