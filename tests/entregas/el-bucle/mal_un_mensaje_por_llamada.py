# Cada resultado va en su propio mensaje del usuario, en vez de todos en uno.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        for ll in llamadas:
            M.append(("usuario", [ejecutar(ll, entorno)]))
    return None, M
