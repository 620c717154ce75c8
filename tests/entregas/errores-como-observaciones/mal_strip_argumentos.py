# Les quita los espacios de los extremos a los argumentos de texto antes de ejecutar la llamada.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **{k: v.strip() if isinstance(v, str) else v
                                           for k, v in ll["input"].items()})
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
