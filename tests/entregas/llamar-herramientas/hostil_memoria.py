def observaciones(respuesta, entorno):
    bloques = []
    while True:
        bloques.append(bytearray(50 * 1024 * 1024))
