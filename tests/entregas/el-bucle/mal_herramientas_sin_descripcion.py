# Llama al modelo con HERRAMIENTAS sin sus descripciones: el modelo recibe otros esquemas.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    sin = [{"name": h["name"], "input_schema": h["input_schema"]} for h in HERRAMIENTAS]
    for _ in range(tope):
        r = modelo(M, sin)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
