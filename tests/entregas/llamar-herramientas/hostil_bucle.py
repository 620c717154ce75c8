def observaciones(respuesta, entorno):
    while True:
        pass
