# Un guion_de propio que lanza, en vano: el modelo se construye en la parte de confianza.
def guion_de(inicio, respuestas, visto):
    raise SystemExit("sin modelo")


def bucle(modelo, inicio, entorno, tope):
    return None, list(inicio)
