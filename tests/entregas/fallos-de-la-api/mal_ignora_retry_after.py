# Espera siempre 2 ** n segundos, aunque el 429 traiga retry-after.
def bucle_robusto(modelo, inicio, entorno, tope):
    M, seguidos = list(inicio), 0
    for _ in range(tope):
        try:
            r = modelo(M, HERRAMIENTAS)
        except ErrorDeLaAPI as e:
            if e.status not in (429, 500, 529) or seguidos == REINTENTOS:
                raise
            esperar(entorno, 2 ** seguidos)
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
