# Devuelve el propio modelo, que no es un valor JSON, en lugar de la conversación.
def bucle(modelo, inicio, entorno, tope):
    return None, modelo
