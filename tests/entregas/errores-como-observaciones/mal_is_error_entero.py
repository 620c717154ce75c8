# is_error como 1 y 0.
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo:
        return dict(error(ll["id"], "no se ha ejecutado: " + motivo), is_error=1)
    try:
        return dict(resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"])), is_error=0)
    except Exception as e:
        return dict(error(ll["id"], str(e)), is_error=1)
