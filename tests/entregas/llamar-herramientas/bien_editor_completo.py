from pyodide.http import open_url
exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())


def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] == "tool_use":
            if incumple(b):
                raise ValueError(incumple(b))
            f = FUNCIONES[b["name"]]
            resultados.append(resultado(b["id"], f(entorno, **b["input"])))
    return resultados


# Lo que había debajo en el editor: una prueba rápida que también se ejecuta al cargar.
print(observaciones([llamada("p1", "leer", ruta="lista.txt")], dict(ENTORNO)))
