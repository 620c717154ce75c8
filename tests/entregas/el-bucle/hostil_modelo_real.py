# Cambia el modelo que recibe por un modelo de verdad: al comprobar un reto, y en el calificador,
# ModeloReal no llama a nadie y lo dice; la clave y la red no entran nunca en una entrega.
def bucle(modelo, inicio, entorno, tope):
    modelo = ModeloReal(api="anthropic", modelo="claude-haiku-4-5")
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
