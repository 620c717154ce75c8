from pyodide.http import open_url

exec(open_url("/courses/llm-agents/guionizado.py").read())
exec(open_url("/courses/llm-agents/entorno.py").read())

# Las herramientas que ofrece esta celda: solo tres de las cuatro.
HERRAMIENTAS = [
    {"name": "buscar", "description": "Busca un texto en todas las líneas de todos los ficheros.",
     "input_schema": objeto(patron="Texto exacto que se busca.")},
    {"name": "leer", "description": "Devuelve el contenido de un fichero.",
     "input_schema": objeto(ruta="Ruta del fichero.")},
    {"name": "escribir", "description": "Sustituye el contenido de un fichero, o lo crea.",
     "input_schema": objeto(ruta="Ruta del fichero.", contenido="Texto completo.")},
]

inicio = [("sistema", "Trabajas con los ficheros del usuario a través de tus herramientas."),
          ("usuario", "Apunta en notas.txt qué recetas llevan patatas.")]
nuevas = "El sábado vienen cuatro a cenar.\nLlevan patatas: tortilla."
respuestas = [
    [texto("Busco qué ficheros hablan de patatas y leo las notas."),
     llamada("t1", "buscar", patron="patatas"),
     llamada("t2", "leer", ruta="notas.txt")],
    [llamada("t3", "escribir", ruta="notas.txt", contenido=nuevas)],
    [texto("Apuntado: de las recetas, solo la tortilla lleva patatas.")],
]
visto = [
    [resultado("t1", buscar(ENTORNO, "patatas")), resultado("t2", ENTORNO["notas.txt"])],
    [resultado("t3", "escritos %d caracteres en notas.txt" % len(nuevas))],
    None,
]
modelo = ModeloGuionizado(guion_de(inicio, respuestas, visto))

entorno = dict(ENTORNO)
M = list(inicio)
while True:
    r = modelo(M, HERRAMIENTAS)
    for b in r:
        print(modelo.turno, muestra(b))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if not llamadas:
        break
    obs = [resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])) for b in llamadas]
    for b in obs:
        print(modelo.turno, muestra(b))
    M = M + [("asistente", r), ("usuario", obs)]
print(entorno["notas.txt"])
