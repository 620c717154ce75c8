def ejecutar(ll, entorno):
    devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    return resultado(ll["id"], devuelto)
