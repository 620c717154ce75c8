# Inunda la salida: veinte mil líneas en cada llamada, y no devuelve nada útil.
def observaciones(respuesta, entorno):
    for i in range(20_000):
        print("línea", i, "x" * 40)
    return []
