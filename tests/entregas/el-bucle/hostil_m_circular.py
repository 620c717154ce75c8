# Devuelve una conversación que se contiene a sí misma.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    M.append(("usuario", M))
    return None, M
