def bucle(modelo, inicio, entorno, tope):
    while True:
        pass
