import sys

sys.setrecursionlimit(10 ** 7)


def observaciones(respuesta, entorno):
    return observaciones(respuesta, entorno)
