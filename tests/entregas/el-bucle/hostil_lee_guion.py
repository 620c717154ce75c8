# Lee el guion privado del modelo y fabrica M con sus respuestas y con lo que el guion espera
# ver, sin llamar al modelo ni ejecutar ninguna herramienta.
def bucle(modelo, inicio, entorno, tope):
    guion = modelo._guion
    M = list(inicio)
    for turno, (esperados, respuesta) in enumerate(guion[:tope]):
        M.append(("asistente", respuesta))
        if not any(b["type"] == "tool_use" for b in respuesta):
            return "\n".join(b["text"] for b in respuesta if b["type"] == "text"), M
        if turno + 1 < len(guion):
            M.append(guion[turno + 1][0][len(M)])
        else:
            M.append(("usuario", []))
    return None, M
