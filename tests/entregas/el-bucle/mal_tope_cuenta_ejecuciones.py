# Cuenta el tope en llamadas a herramientas ejecutadas, no en llamadas al modelo.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    ejecutadas = 0
    while ejecutadas < tope:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        ejecutadas += len(llamadas)
    return None, M
