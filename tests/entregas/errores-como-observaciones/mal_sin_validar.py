# No comprueba el esquema: la herramienta se ejecuta y su excepción se convierte en error.
def ejecutar(ll, entorno):
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
