# Ejecuta las llamadas de la primera respuesta y no vuelve a llamar al modelo.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    if tope == 0:
        return None, M
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        return "\n".join(b["text"] for b in r if b["type"] == "text"), M
    M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
