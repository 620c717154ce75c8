# Termina en cuanto la respuesta tiene un bloque text, aunque traiga también llamadas.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        textos = [b["text"] for b in r if b["type"] == "text"]
        if textos:
            return "\n".join(textos), M
        llamadas = [b for b in r if b["type"] == "tool_use"]
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
