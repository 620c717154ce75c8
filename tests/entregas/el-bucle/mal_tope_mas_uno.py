# Llama al modelo una vez más de las que permite tope.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope + 1):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
