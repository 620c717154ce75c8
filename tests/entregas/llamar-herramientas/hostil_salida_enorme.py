# Devuelve cientos de bloques grandes, para que el informe crezca sin medida.
def observaciones(respuesta, entorno):
    return [resultado("x%d" % i, "grande " * 400) for i in range(300)]
