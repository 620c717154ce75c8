# Devuelve la función confirmar en vez de un tool_result.
def ejecutar(ll, entorno, confirmar):
    return confirmar
