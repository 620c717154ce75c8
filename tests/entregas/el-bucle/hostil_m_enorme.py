# Devuelve una conversación de 20.000 mensajes y un texto de 2 MB.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio) + [("usuario", "x")] * 20_000
    return "y" * 2_000_000, M
