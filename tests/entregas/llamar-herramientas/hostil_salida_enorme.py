# Devuelve ciento cincuenta bloques grandes, casi 1 MB, para que el informe crezca sin medida.
def observaciones(respuesta, entorno):
    return [resultado("x%d" % i, "grande " * 900) for i in range(150)]
