# Guarda cada tool_result por el id de su llamada y, si el id se repite, devuelve el guardado
# sin ejecutar nada: «como mucho una vez», mal entendido.
HECHAS = {}


def ejecutar(ll, entorno):
    if ll["id"] in HECHAS:
        return HECHAS[ll["id"]]
    motivo = incumple(ll)
    if motivo is not None:
        bloque = error(ll["id"], "no se ha ejecutado: " + motivo)
    else:
        try:
            bloque = resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
        except Exception as e:
            bloque = error(ll["id"], str(e) or type(e).__name__)
    HECHAS[ll["id"]] = bloque
    return bloque
