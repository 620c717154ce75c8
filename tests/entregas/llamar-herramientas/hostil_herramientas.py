# Las herramientas se ejecutan en el calificador: intenta agotarle la memoria a través de ellas,
# y sigue llamándolas aunque fallen.
def observaciones(respuesta, entorno):
    if "repetir" in FUNCIONES:
        try:
            FUNCIONES["repetir"](entorno, texto="x" * 1000, veces=10 ** 9)
        except Exception:
            pass
    while True:
        try:
            FUNCIONES["escribir"](entorno, "grande.txt", "x" * 200_000)
        except OSError:
            pass
