from pyodide.http import open_url
exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())


def bucle_robusto(modelo, inicio, entorno, tope):
    M = [m for m in inicio]
    reintentos = 0
    while tope > 0:
        tope -= 1
        try:
            r = modelo(M, HERRAMIENTAS)
        except ErrorDeLaAPI as e:
            if e.status in (429, 500, 529) and reintentos < REINTENTOS:
                segundos = e.reintentar_tras
                if segundos is None:
                    segundos = 2 ** reintentos
                esperar(entorno, segundos)
                reintentos += 1
                continue
            raise
        reintentos = 0
        M = M + [("asistente", r)]
        if r.stop_reason == "end_turn":
            return "\n".join(b["text"] for b in r if b["type"] == "text"), M
        if r.stop_reason != "tool_use":
            return None, M
        M = M + [("usuario", [ejecutar(ll, entorno) for ll in r if ll["type"] == "tool_use"])]
    return None, M


# Una prueba de quien aprende, como en la celda de la lección.
modelo = ModeloGuionizado(guion_de([("usuario", "Hola")], [[texto("¡Hola!")]], [None]))
print(bucle_robusto(modelo, [("usuario", "Hola")], dict(ENTORNO), 3))
