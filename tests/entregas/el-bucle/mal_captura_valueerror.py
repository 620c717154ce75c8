# Captura el ValueError de ejecutar y lo convierte en un error para el modelo.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        resultados = []
        for ll in llamadas:
            try:
                resultados.append(ejecutar(ll, entorno))
            except ValueError as e:
                resultados.append(error(ll["id"], str(e)))
        M.append(("usuario", resultados))
    return None, M
