# Llama una vez para ver si falla y otra para quedarse con el resultado.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    f = FUNCIONES[ll["name"]]
    try:
        f(entorno, **ll["input"])
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], f(entorno, **ll["input"]))
