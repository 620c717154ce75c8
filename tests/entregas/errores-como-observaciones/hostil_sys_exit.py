import sys


def ejecutar(ll, entorno):
    raise SystemExit(0)
