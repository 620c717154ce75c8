# -*- coding: latin-1 -*-
# Guardada en Latin-1, como dice su primera línea: «ñ» y «á» ocupan un byte.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError("la llamada no cumple su esquema, así que no la ejecuto: " + motivo)
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
