# Captura el ValueError de una llamada inválida, ejecuta las demás y lo lanza al final.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        resultados, fallo = [], None
        for ll in llamadas:
            try:
                resultados.append(ejecutar(ll, entorno))
            except ValueError as e:
                fallo = fallo or e
        if fallo:
            raise fallo
        M.append(("usuario", resultados))
    return None, M
