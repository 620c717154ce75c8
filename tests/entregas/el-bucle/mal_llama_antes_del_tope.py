# Llama al modelo antes de mirar el tope: con tope=0 lo llama una vez.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    vueltas = 0
    while True:
        r = modelo(M, HERRAMIENTAS)
        vueltas += 1
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        if vueltas >= tope:
            return None, M
