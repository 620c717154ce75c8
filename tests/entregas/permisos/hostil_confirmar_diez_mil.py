# Pregunta 10.000 veces por cada llamada, para inundar la parte de confianza, que es donde se
# decide la respuesta del usuario.
def ejecutar(ll, entorno, confirmar):
    respuestas = [confirmar(ll) for _ in range(10_000)]
    if not all(respuestas):
        return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
