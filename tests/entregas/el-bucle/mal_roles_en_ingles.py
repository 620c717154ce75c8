# Escribe los mensajes nuevos como diccionarios de la API, y M mezcla las dos formas.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append({"role": "assistant", "content": r})
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append({"role": "user", "content": [ejecutar(ll, entorno) for ll in llamadas]})
    return None, M
