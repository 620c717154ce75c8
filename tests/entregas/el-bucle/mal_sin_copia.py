# M no es una copia de inicio: es la misma lista, y el bucle la cambia al añadir mensajes.
def bucle(modelo, inicio, entorno, tope):
    M = inicio
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
