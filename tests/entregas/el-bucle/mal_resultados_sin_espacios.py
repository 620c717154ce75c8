# Quita los espacios y saltos de línea del principio y del final de cada resultado de ejecutar
# antes de añadirlo a M.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        resultados = [ejecutar(ll, entorno) for ll in llamadas]
        M.append(("usuario", [dict(x, content=x["content"].strip()) for x in resultados]))
    return None, M
