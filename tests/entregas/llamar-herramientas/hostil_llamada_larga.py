# Una sola llamada que calcula más de tres segundos, pero llama a una herramienta cada 0,8 s,
# por si el tiempo de una llamada se contara por mensaje y no por llamada.
import time

_hecho = []


def observaciones(respuesta, entorno):
    if not _hecho:
        _hecho.append(1)
        for _ in range(4):
            fin = time.time() + 0.8
            while time.time() < fin:
                pass
            FUNCIONES["listar"](entorno, "")
    return []
