# Ignora el tope y sigue llamando al modelo hasta que el guion se acaba.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    while True:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
