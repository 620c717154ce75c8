# Intenta sacar datos por la red.
import socket


def observaciones(respuesta, entorno):
    try:
        socket.create_connection(("127.0.0.1", 8000), timeout=1).close()
        print("RED: conectado")
    except OSError as e:
        print("RED:", e)
    return []
