# Cuenta las vueltas desde 1 y se detiene antes: llama al modelo una vez menos de las que permite tope.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    vuelta = 1
    while vuelta < tope:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        vuelta += 1
    return None, M
