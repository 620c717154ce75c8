# Al gastar el tope devuelve el último texto que ha visto, en vez de None.
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    texto = None
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        textos = [b["text"] for b in r if b["type"] == "text"]
        if textos:
            texto = "\n".join(textos)
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return texto, M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return texto, M
