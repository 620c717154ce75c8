# Con while y un contador, y la copia con un slice.
def bucle(modelo, inicio, entorno, tope):
    M = inicio[:]
    llamadas_al_modelo = 0
    while llamadas_al_modelo < tope:
        respuesta = modelo(M, HERRAMIENTAS)
        llamadas_al_modelo += 1
        M.append(("asistente", respuesta))
        pedidas = []
        for bloque in respuesta:
            if bloque["type"] == "tool_use":
                pedidas.append(bloque)
        if len(pedidas) == 0:
            textos = []
            for bloque in respuesta:
                if bloque["type"] == "text":
                    textos.append(bloque["text"])
            return "\n".join(textos), M
        resultados = []
        for ll in pedidas:
            resultados.append(ejecutar(ll, entorno))
        M.append(("usuario", resultados))
    return None, M
