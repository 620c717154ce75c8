from pyodide.http import open_url
exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())


def ejecutar(ll, entorno):
    herramienta = FUNCIONES[ll["name"]]
    return resultado(ll["id"], herramienta(entorno, **ll["input"]))
