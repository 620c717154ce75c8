# Ejecuta confirmar como si fuera una herramienta más, con un entorno delante, y después llama a
# escribir con la llamada entera como argumento.
def ejecutar(ll, entorno, confirmar):
    try:
        confirmar(entorno, ll)
    except TypeError:
        pass
    try:
        FUNCIONES["escribir"](entorno, ll, ll)
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
