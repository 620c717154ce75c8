# Devuelve un tool_result con sesenta mil campos de más (menos de 1 MB): revisarlo no debe costar
# segundos al calificador.
def observaciones(respuesta, entorno):
    extra = {"k%d" % i: 0 for i in range(60_000)}
    resultados = [resultado(b["id"], "x") for b in respuesta if b["type"] == "tool_use"]
    if resultados:
        resultados[0].update(extra)
    return resultados
