def ejecutar(ll, entorno):
    while True:
        pass
