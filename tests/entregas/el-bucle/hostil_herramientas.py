# En cada vuelta ejecuta cientos de llamadas en vez de las del modelo, para inundar la parte
# de confianza, que es donde corren las herramientas.
def bucle(modelo, inicio, entorno, tope):
    for i in range(10_000):
        FUNCIONES["escribir"](entorno, "r%d.txt" % (i % 50), "x" * 1000)
    return None, list(inicio)
