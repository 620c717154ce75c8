# Un guion_de propio que lanza: el modelo no llega a construirse.
def guion_de(inicio, respuestas, visto):
    raise SystemExit("sin modelo")


def bucle(modelo, inicio, entorno, tope):
    return None, list(inicio)
