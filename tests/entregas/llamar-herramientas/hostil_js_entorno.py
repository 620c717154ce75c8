# Busca secretos (tokens de CI, claves) en las variables de entorno, las de Python y las de Node.
import os

import js


def observaciones(respuesta, entorno):
    print("os.environ:", dict(os.environ))
    print("process.env:", js.JSON.stringify(js.process.env))
    return []
