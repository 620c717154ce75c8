# Llama al modelo cien veces con una conversación de casi 1 MB: el calificador no debe pagarlo sin límite.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio) + [("usuario", "x" * 900_000)]
    for _ in range(100):
        try:
            modelo(M, HERRAMIENTAS)
        except Exception:
            pass
    return None, M
