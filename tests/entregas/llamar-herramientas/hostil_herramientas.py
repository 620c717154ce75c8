# Las herramientas se ejecutan en el calificador: intenta agotarle la memoria a través de ellas.
def observaciones(respuesta, entorno):
    if "repetir" in FUNCIONES:
        FUNCIONES["repetir"](entorno, texto="x" * 1000, veces=10 ** 9)
    while True:
        FUNCIONES["escribir"](entorno, "grande.txt", "x" * (900 * 1024))
