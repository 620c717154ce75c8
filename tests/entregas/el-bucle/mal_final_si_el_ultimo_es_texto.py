# Decide que la respuesta es final mirando solo su último bloque.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        if r[-1]["type"] != "tool_use":
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        llamadas = [b for b in r if b["type"] == "tool_use"]
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
