# Mira el último bloque de la respuesta antes que nada: con una respuesta sin bloques, lanza IndexError.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if r[-1]["type"] == "text" and not any(b["type"] == "tool_use" for b in r):
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in r if ll["type"] == "tool_use"]))
    return None, M
