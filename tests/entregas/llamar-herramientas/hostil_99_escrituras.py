# Las herramientas corren en el calificador: 99 escrituras grandes y una búsqueda de "", que
# devolvería cada línea de cada fichero, para agotarle la memoria y el tiempo.
def observaciones(respuesta, entorno):
    for i in range(99):
        try:
            FUNCIONES["escribir"](entorno, "relleno%d.txt" % i, "\n" * 60_000)
        except OSError:
            pass
    FUNCIONES["buscar"](entorno, "")
    return []
