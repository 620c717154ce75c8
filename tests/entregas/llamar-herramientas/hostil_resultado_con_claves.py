# Devuelve un tool_result con sesenta mil campos de más (menos de 1 MB): revisarlo no debe costar
# segundos al calificador. Los campos se hacen una vez, al cargar: cada llamada solo los copia.
EXTRA = {"k%d" % i: 0 for i in range(60_000)}


def observaciones(respuesta, entorno):
    resultados = [resultado(b["id"], "x") for b in respuesta if b["type"] == "tool_use"]
    if resultados:
        resultados[0].update(EXTRA)
    return resultados
