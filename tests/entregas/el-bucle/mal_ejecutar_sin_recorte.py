# Cambia ejecutar por una suya que no recorta los resultados largos.
def ejecutar(ll, entorno):
    problema = incumple(ll)
    if problema:
        raise ValueError("la llamada %s no cumple su esquema: %s" % (ll["id"], problema))
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
