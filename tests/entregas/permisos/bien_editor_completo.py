from pyodide.http import open_url
exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())


def leer(entorno, ruta):
    if ruta not in entorno:
        raise FileNotFoundError("no existe el fichero %r" % ruta)
    return entorno[ruta]


FUNCIONES["leer"] = leer
PERMISOS = {"leer": "permitir", "listar": "permitir", "buscar": "permitir",
            "escribir": "preguntar"}


def ejecutar(ll, entorno, confirmar):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    permiso = PERMISOS.get(ll["name"], "denegar")
    if permiso == "denegar":
        return error(ll["id"], "no se ha ejecutado: la herramienta '%s' no está permitida" % ll["name"])
    if permiso == "preguntar" and not confirmar(ll):
        return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
    try:
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)


# Una prueba de quien aprende: el usuario dice que no.
print(muestra(ejecutar(llamada("p1", "escribir", ruta="a.txt", contenido="x"), dict(ENTORNO),
                       lambda ll: False)))
