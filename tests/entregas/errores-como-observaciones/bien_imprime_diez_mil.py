# Correcta, pero imprime diez mil líneas en cada llamada.
def ejecutar(ll, entorno):
    for i in range(10_000):
        print("traza", i, ll["id"])
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
