from pyodide.http import open_url
exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())


def bucle(modelo, inicio, entorno, tope):
    M = [m for m in inicio]
    for vuelta in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M = M + [("asistente", r)]
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if llamadas:
            M = M + [("usuario", [ejecutar(ll, entorno) for ll in llamadas])]
        else:
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
    return None, M


# Una prueba de quien aprende, como en la celda de la lección.
modelo = ModeloGuionizado(guion_de([("usuario", "Hola")], [[texto("¡Hola!")]], [None]))
print(bucle(modelo, [("usuario", "Hola")], dict(ENTORNO), 3))
