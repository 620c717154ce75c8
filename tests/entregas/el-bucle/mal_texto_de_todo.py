# Devuelve los textos de todas las respuestas del modelo, no solo los de la final.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    textos = []
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        textos += [b["text"] for b in r if b["type"] == "text"]
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(textos), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
