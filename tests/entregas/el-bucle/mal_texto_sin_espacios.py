# Quita los espacios del principio y del final del texto final.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text").strip(), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
