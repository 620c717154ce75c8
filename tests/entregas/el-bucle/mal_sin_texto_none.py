# Si la respuesta final no tiene bloques text, devuelve None en vez de un texto vacío, como si se
# hubiera gastado el tope.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            textos = [b["text"] for b in r if b["type"] == "text"]
            return ("\n".join(textos) if textos else None), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
