def bucle_robusto(modelo, inicio, entorno, tope):
    M, seguidos = list(inicio), 0
    for _ in range(tope):
        try:
            r = modelo(M, HERRAMIENTAS)
        except ErrorDeLaAPI as e:
            if e.status not in (429, 500, 529) or seguidos == REINTENTOS:
                raise
            esperar(entorno, e.reintentar_tras if e.reintentar_tras is not None else 2 ** seguidos)
            seguidos += 1
            continue
        seguidos = 0
        M.append(("asistente", r))
        if r.stop_reason == "tool_use":
            M.append(("usuario", [ejecutar(ll, entorno) for ll in r if ll["type"] == "tool_use"]))
        elif r.stop_reason == "end_turn":
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        else:
            return None, M
    return None, M
