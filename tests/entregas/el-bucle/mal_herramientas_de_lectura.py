# Llama al modelo con solo las herramientas que leen, no con HERRAMIENTAS.
LECTURA = [h for h in HERRAMIENTAS if h["name"] in ("leer", "listar", "buscar")]


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, LECTURA)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
