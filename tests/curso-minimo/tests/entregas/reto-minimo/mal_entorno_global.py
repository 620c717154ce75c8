def ejecutar(ll, entorno):
    devuelto = FUNCIONES[ll["name"]](ENTORNO, **ll["input"])
    return resultado(ll["id"], devuelto)
