"""Reto de la lección reto-minimo: el reto más pequeño que el curso acepta (tests/curso-minimo/).

Dos pistas, dos pruebas ocultas y una solución de tres líneas: ninguna de esas cifras es una
regla (docs/autores.md, «How much is up to you»), y las pruebas lo comprueban con este reto.
"""

FIRMA = "llamada"
FUNCION = "ejecutar"

ENUNCIADO = """\
Escribe `ejecutar(ll, entorno)`. Recibe una llamada `tool_use` que cumple su esquema:

- ejecuta su herramienta, `FUNCIONES[ll["name"]]`, sobre el `entorno` que recibe, con los
  campos de `input` por su nombre;
- devuelve un único bloque, `resultado(ll["id"], lo_devuelto)`.
"""

PISTAS = [
    "`ll[\"input\"]` es un diccionario: `**` lo pasa a la herramienta campo a campo, por su nombre.",
    ("Devuelve un bloque, no una lista de bloques.", 1),
]

REGLAS = {
    "entorno": ("sobre el `entorno` que recibe",
                ["Ejecuta la herramienta sobre el entorno que recibe"],
                {"mal_entorno_global": "Ejecuta la herramienta sobre ENTORNO, el entorno de la lección."}),
    "resultado": ("devuelve un único bloque, `resultado(ll[\"id\"], lo_devuelto)`",
                  ["Devuelve resultado(id, lo_devuelto)"],
                  {"mal_lista": "Devuelve una lista con el bloque en vez del bloque."}),
}

CONTEXTO = ""

PLANTILLA = '''\
def ejecutar(ll, entorno):
    ...
'''

SOLUCION = '''\
def ejecutar(ll, entorno):
    devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    return resultado(ll["id"], devuelto)
'''


def CONVERSACION(h):
    """La conversación guionizada de la lección: (inicio, respuestas, visto)."""
    inicio = [("usuario", "¿Qué hay en lista.txt?")]
    respuestas = [[h.llamada("t1", "leer", ruta="lista.txt")],
                  [h.texto("En lista.txt hay pan, leche y patatas.")]]
    visto = [[h.resultado("t1", "pan, leche, patatas")], None]
    return inicio, respuestas, visto


def pruebas(h):
    """Dos visibles, una por regla, y dos ocultas con datos al azar."""
    ll, az = h.llamada, h.azar
    return [
        h.prueba("Devuelve resultado(id, lo_devuelto)", ll("a1", "escribir", ruta="compra.txt", contenido="pan")),
        h.prueba("Ejecuta la herramienta sobre el entorno que recibe", ll("a2", "leer", ruta="despensa.txt"),
                 entorno={"despensa.txt": "arroz"}),
        h.oculta("otros ids y otros ficheros", ll(az.id(), "leer", ruta=az.ruta), entorno=az.entorno),
        h.oculta("los campos en otro orden", ll(az.id(), "escribir", contenido=az.frase(), ruta=az.ruta),
                 entorno=az.entorno),
    ]
