"""Reto de la lección errores-como-observaciones: escribir ejecutar(ll, entorno).

Lo lee el calificador (py/carga.py). CONTEXTO, PLANTILLA y ENUNCIADO son públicos;
SOLUCION, CONVERSACION y pruebas() solo los ve la parte de confianza del calificador.
"""

FIRMA = "llamada"  # lo que recibe la función: la respuesta entera o una llamada
FUNCION = "ejecutar"

ENUNCIADO = """\
Escribe `ejecutar(ll, entorno)`. Recibe una llamada `tool_use` y devuelve siempre un único
`tool_result` con el id de la llamada. Nunca lanza una excepción de la clase `Exception`. La
herramienta de la llamada es `FUNCIONES[ll["name"]]`, y se ejecuta con
`FUNCIONES[ll["name"]](entorno, **ll["input"])`, con los campos de `input` por su nombre, en
el orden que sea, y con sus valores tal como llegan:

- si la llamada no cumple su esquema (`incumple(ll)` no es `None`), no la ejecutes y devuelve
  un error con el contenido `"no se ha ejecutado: " + motivo`;
- si la cumple y la herramienta lanza cualquier excepción `e` (de la clase `Exception`),
  devuelve `error(ll["id"], str(e))`; si `str(e)` está vacío, el contenido es el nombre de su
  clase, `type(e).__name__`: la API no admite un error sin contenido;
- las excepciones que no son de la clase `Exception`, como `KeyboardInterrupt` (la del botón
  **Detener**) o `SystemExit`, no son un fallo de la llamada: deja que salgan de `ejecutar`;
- si la herramienta devuelve algo, devuelve `resultado(ll["id"], lo_devuelto)`, con lo
  devuelto tal cual (sin quitarle espacios);
- llama a la herramienta como mucho una vez, y de nuevo cada vez que te llamen: no guardes lo
  que devolvió para otra vez, aunque el id se repita. Una búsqueda sin resultados no es un error.
"""

# Públicas como el enunciado: la página las enseña una a una («Ver una pista»), y la discusión
# cuando se supera el reto. Nunca el código de SOLUCION (la construcción lo comprueba).
PISTAS = [
    "Hay tres salidas posibles, en este orden: la llamada no cumple su esquema, la herramienta "
    "falla o la herramienta devuelve algo. Cada una termina devolviendo un solo bloque.",
    "Para que una excepción de la herramienta no salga de `ejecutar`, pon dentro de un `try` la "
    "llamada a la herramienta, y solo ella. En el `except`, `str(e)` es el contenido del error; "
    "si está vacío, el nombre de la clase de `e`.",
    ("Una búsqueda sin resultados devuelve algo, aunque esté vacío: es un `resultado`, no un "
     "`error`. Y llama a la herramienta una sola vez: guarda lo que devuelve en una variable.", 2),
]

DISCUSION = """\
**Por qué así.** Un error que vuelve como observación le da al modelo la ocasión de corregirse
(otra ruta, otro argumento); una excepción, en cambio, detiene el bucle entero. Por eso
`ejecutar` no lanza nunca.

Capturar `Exception`, y no `BaseException`, deja pasar `KeyboardInterrupt` y `SystemExit`:
detener el programa sigue funcionando. Comprobar antes si el fichero existe no bastaría: hay
errores que solo aparecen al ejecutar, y el `try` con `except Exception` recoge todos los de la
herramienta, sean cuales sean.
"""

# Cada regla del enunciado: un trozo de su texto y las pruebas visibles que la comprueban. La
# construcción exige que cada punto del enunciado tenga la suya (tests/py/test_reglas.py).
REGLAS = {
    "un-tool-result": ("devuelve siempre un único `tool_result` con el id de la llamada",
                       ["Si la herramienta devuelve, devuelve resultado(id, lo_devuelto)"],
                       {"mal_lista": "Devuelve una lista con el bloque en vez del bloque."}),
    "nunca-lanza": ("Nunca lanza una excepción",
                    ["Si la herramienta lanza una excepción, devuelve error(id, str(e))"],
                    {"mal_lanza": "No captura las excepciones de la herramienta."}),
    "entorno": ("se ejecuta con `FUNCIONES[ll[\"name\"]](entorno, **ll[\"input\"])`",
                ["Ejecuta la herramienta sobre el entorno que recibe, no sobre ENTORNO"],
                {"mal_entorno_global": "Ejecuta la herramienta sobre ENTORNO, el entorno de la lección, y no sobre el"
                                       " que recibe."}),
    "con-nombre": ("con los campos de `input` por su nombre, en el orden que sea",
                   ["Los campos de input van por su nombre, en cualquier orden"],
                   {"mal_por_posicion": "Pasa los valores de input por posición, en el orden en que llegan: "
                                        "FUNCIONES[n](entorno, *ll[\"input\"].values())."}),
    "tal-como-llegan": ("con sus valores tal como llegan",
                        ["Los argumentos llegan a la herramienta tal cual, con sus espacios"],
                        {"mal_strip_argumentos": "Les quita los espacios de los extremos a los argumentos de texto "
                                                 "antes de ejecutar la llamada."}),
    "esquema": ("si la llamada no cumple su esquema (`incumple(ll)` no es `None`), no la ejecutes",
                ["Una llamada que no cumple su esquema no se ejecuta: falta un campo",
                 "Una llamada que no cumple su esquema no se ejecuta: sobra un campo",
                 "Una llamada a una herramienta que no existe no se ejecuta",
                 "Un input que no es un diccionario no se ejecuta",
                 "Un número con decimales donde se pide un entero no cumple el esquema",
                 "Un 1 donde se pide un booleano no cumple el esquema",
                 "Una llamada sin un campo opcional cumple el esquema y se ejecuta"],
                {"mal_convierte_tipos": "Convierte los números al tipo de su esquema antes de comprobar la llamada: "
                                        "2.5 pasa a 2 y 1 a True.",
                 "mal_sin_validar": "No comprueba el esquema: la herramienta se ejecuta y su excepción se convierte "
                                    "en error.",
                 "mal_todo_obligatorio": "Además de incumple, exige todos los campos de properties: no ejecuta una "
                                         "llamada sin un campo opcional."}),
    "motivo": ("devuelve un error con el contenido `\"no se ha ejecutado: \" + motivo`",
               ["Una llamada que no cumple su esquema no se ejecuta: falta un campo"],
               {"mal_mensaje": "Otro texto para el error de esquema."}),
    "excepcion": ("si la cumple y la herramienta lanza cualquier excepción `e` (de la clase "
                  "`Exception`), devuelve `error(ll[\"id\"], str(e))`",
                  ["Si la herramienta lanza una excepción, devuelve error(id, str(e))",
                   "Si la herramienta lanza KeyError, el contenido es str(e), con sus comillas",
                   "Si la herramienta lanza una excepción que no es de ficheros, también"],
                  {"mal_algunas_excepciones": "Solo convierte en error las excepciones de fichero y de aritmética; "
                                              "las demás se le escapan.",
                   "mal_args": "Usa e.args[0] en vez de str(e): con un KeyError pierde las comillas que pone str(e).",
                   "mal_repr": "Usa repr(e) en vez de str(e).",
                   "mal_solo_ficheros": "Solo captura los errores de fichero."}),
    "sin-mensaje": ("si `str(e)` está vacío, el contenido es el nombre de su clase, `type(e).__name__`",
                    ["Si la excepción no tiene mensaje, el contenido es el nombre de su clase"],
                    {"mal_mensaje_vacio": "Devuelve error(id, str(e)) también cuando str(e) está vacío: un error "
                                          "sin contenido, que la API rechaza."}),
    "fuera-de-exception": ("las excepciones que no son de la clase `Exception`, como `KeyboardInterrupt` (la del "
                           "botón **Detener**) o `SystemExit`, no son un fallo de la llamada: deja que salgan de "
                           "`ejecutar`",
                           ["Un KeyboardInterrupt de la herramienta no es un fallo de la llamada: sale de ejecutar"],
                           {"mal_except_desnudo": "Captura con un except: desnudo: convierte en un error también el "
                                                  "KeyboardInterrupt de Detener.",
                            "mal_base_exception": "Captura BaseException: convierte en un error también el "
                                                  "KeyboardInterrupt de Detener."}),
    "resultado": ("si la herramienta devuelve algo, devuelve `resultado(ll[\"id\"], lo_devuelto)`, con lo "
                  "devuelto tal cual (sin quitarle espacios)",
                  ["Si la herramienta devuelve, devuelve resultado(id, lo_devuelto)",
                   "Lo que devuelve la herramienta va tal cual, con sus espacios"],
                  {"mal_is_error_entero": "is_error como 1 y 0.",
                   "mal_strip_resultado": "Le quita los espacios de los extremos a lo que devuelve la herramienta."}),
    "una-vez": ("llama a la herramienta como mucho una vez", ["Llama a la herramienta como mucho una vez"],
                                                             {"mal_dos_veces": "Llama una vez para ver si falla y "
                                                                               "otra para quedarse con el resultado."}),
    "sin-memoria": ("no guardes lo que devolvió para otra vez, aunque el id se repita",
                    ["Un id repetido es otra llamada: la herramienta se ejecuta de nuevo"],
                    {"mal_memoria_por_id": "Guarda cada tool_result por el id de su llamada y, si el id se repite, "
                                           "devuelve el guardado sin ejecutar nada."}),
    "vacio": ("Una búsqueda sin resultados no es un error", ["Una búsqueda sin resultados no es un error"],
                                                             {"mal_vacio_es_error": "Trata un resultado vacío como un"
                                                                                    " error."}),
}

# Ahora leer tiene su contrato completo: una ruta que no existe es un error con nombre propio.
CONTEXTO = '''\
def leer(entorno, ruta):
    if ruta not in entorno:
        raise FileNotFoundError("no existe el fichero %r" % ruta)
    return entorno[ruta]

FUNCIONES["leer"] = leer
'''

PLANTILLA = '''\
def ejecutar(ll, entorno):
    ...
'''

SOLUCION = '''\
def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
'''


def CONVERSACION(h):
    """La conversación guionizada de la lección: (inicio, respuestas, visto)."""
    inicio = [("sistema", "Trabajas con los ficheros del usuario a través de tus herramientas: "
                          "puedes leerlos, escribirlos, listarlos y buscar en ellos."),
              ("usuario", "Añade a lista.txt lo que falta para el salmorejo.")]
    respuestas = [
        [h.texto("Leo la receta del salmorejo y la lista de la compra."),
         h.llamada("t1", "leer", rutas=["recetas/salmorejo.txt", "lista.txt"])],
        [h.llamada("t2", "leer", ruta="recetas/salmorejo.txt"),
         h.llamada("t3", "leer", ruta="lista.txt")],
        [h.texto("Esa receta no está. Miro qué recetas hay."),
         h.llamada("t4", "listar", carpeta="recetas/")],
        [h.texto("No hay ninguna receta de salmorejo, así que no he cambiado lista.txt. Tengo la "
                 "del gazpacho, que se le parece: ¿quieres que añada a la lista lo que falta "
                 "para el gazpacho?")],
    ]
    visto = [
        [h.error("t1", "no se ha ejecutado: falta el campo 'ruta'")],
        [h.error("t2", "no existe el fichero 'recetas/salmorejo.txt'"),
         h.resultado("t3", "pan, leche, patatas")],
        [h.resultado("t4", "recetas/gazpacho.txt\nrecetas/tortilla.txt")],
        None,
    ]
    return inicio, respuestas, visto


def pruebas(h):
    """Una prueba por regla del enunciado y, después, las ocultas con datos al azar."""
    ll, az = h.llamada, h.azar
    otro = {"despensa.txt": "arroz\ngarbanzos\nlentejas"}
    return [
        h.prueba("Una llamada que no cumple su esquema no se ejecuta: falta un campo",
                 ll("a1", "escribir", ruta="lista.txt")),
        h.prueba("Una llamada que no cumple su esquema no se ejecuta: sobra un campo",
                 ll("a2", "escribir", ruta="lista.txt", contenido="", modo="añadir")),
        h.prueba("Una llamada a una herramienta que no existe no se ejecuta",
                 ll("a3", "borrar", ruta="lista.txt")),
        h.prueba("Un input que no es un diccionario no se ejecuta",
                 {"type": "tool_use", "id": "a4", "name": "leer", "input": "lista.txt"}),
        h.prueba("Si la herramienta lanza una excepción, devuelve error(id, str(e))",
                 ll("b1", "leer", ruta="recetas/salmorejo.txt")),
        h.prueba("Si la herramienta lanza KeyError, el contenido es str(e), con sus comillas",
                 ll("b2", "primeras", ruta="recetas/salmorejo.txt", lineas=2),
                 herramientas=h.con_primeras),
        h.prueba("Si la herramienta lanza una excepción que no es de ficheros, también",
                 ll("b3", "dividir", a=7, b=0), herramientas=h.con_dividir),
        h.prueba("Si la excepción no tiene mensaje, el contenido es el nombre de su clase",
                 ll("b4", "anotar", texto="comprar pan"), herramientas=h.con_anotar_sin_mensaje),
        h.prueba("Un KeyboardInterrupt de la herramienta no es un fallo de la llamada: sale de ejecutar",
                 ll("b5", "anotar", texto="comprar pan"), herramientas=h.con_anotar_interrumpido),
        h.prueba("Un número con decimales donde se pide un entero no cumple el esquema",
                 ll("a5", "primeras", ruta="despensa.txt", lineas=1.5), entorno=otro,
                 herramientas=h.con_primeras),
        h.prueba("Un 1 donde se pide un booleano no cumple el esquema",
                 ll("a6", "contar", patron="arroz", mayusculas=1), entorno=otro, herramientas=h.con_contar),
        h.prueba("Una llamada sin un campo opcional cumple el esquema y se ejecuta",
                 ll("a7", "primeras", ruta="despensa.txt"), entorno=otro, herramientas=h.con_primeras),
        h.prueba("Si la herramienta devuelve, devuelve resultado(id, lo_devuelto)",
                 ll("c1", "escribir", ruta="compra.txt", contenido="tomates\npan")),
        h.prueba("Lo que devuelve la herramienta va tal cual, con sus espacios",
                 ll("c5", "leer", ruta="huecos.txt"), entorno={"huecos.txt": "  pimienta\n"}),
        h.prueba("Los argumentos llegan a la herramienta tal cual, con sus espacios",
                 ll("c6", "escribir", ruta="huecos.txt", contenido="  sal \n")),
        h.prueba("Los campos de input van por su nombre, en cualquier orden",
                 ll("c7", "escribir", contenido="sal\npimienta", ruta="especias.txt")),
        h.prueba("Un id repetido es otra llamada: la herramienta se ejecuta de nuevo",
                 ll("c1", "escribir", ruta="compra.txt", contenido="ajo")),
        h.prueba("Una búsqueda sin resultados no es un error",
                 ll("c2", "buscar", patron="salmorejo")),
        h.prueba("Llama a la herramienta como mucho una vez",
                 ll("c3", "anotar", texto="comprar pan"), herramientas=h.con_anotar),
        h.prueba("Ejecuta la herramienta sobre el entorno que recibe, no sobre ENTORNO",
                 ll("c4", "leer", ruta="despensa.txt"), entorno=otro),
        h.oculta("otros ids y otros ficheros",
                 ll(az.id(), "leer", ruta=az.ruta), entorno=az.entorno),
        h.oculta("otra herramienta, con un entero",
                 ll(az.id(), "repetir", texto=az.palabra, veces=az.entero),
                 herramientas=h.con_repetir),
        h.oculta("un booleano no es un entero",
                 ll(az.id(), "repetir", texto=az.palabra, veces=True), herramientas=h.con_repetir),
        h.oculta("una excepción de otro tipo",
                 ll(az.id(), "dividir", a=az.entero, b=0), herramientas=h.con_dividir),
        h.oculta("una excepción que no es de fichero",
                 ll(az.id(), "anotar", texto=az.palabra), herramientas=h.con_anotar_bloqueado),
        h.oculta("la herramienta lanza ValueError",
                 ll(az.id(), "repetir", texto=az.palabra, veces=100 + az.entero),
                 herramientas=h.con_repetir),
        h.oculta("una excepción sin mensaje",
                 ll(az.id(), "anotar", texto=az.palabra), herramientas=h.con_anotar_sin_mensaje),
        h.oculta("la herramienta lanza SystemExit",
                 ll(az.id(), "anotar", texto=az.palabra), herramientas=h.con_anotar_que_sale),
        h.oculta("los campos en otro orden",
                 ll(az.id(), "escribir", contenido=az.frase(), ruta=az.ruta), entorno=az.entorno),
        h.oculta("2.0 cumple el esquema de un entero y la herramienta lanza TypeError",
                 ll(az.id(), "repetir", texto=az.palabra, veces=float(az.entero)),
                 herramientas=h.con_repetir),
        h.oculta("un campo opcional puede faltar",
                 ll(az.id(), "primeras", ruta=az.ruta), entorno=az.entorno,
                 herramientas=h.con_primeras),
        h.oculta("un número con decimales no es un entero",
                 ll(az.id(), "repetir", texto=az.palabra, veces=az.entero + 0.5),
                 herramientas=h.con_repetir),
        h.oculta("un booleano vale donde se pide un booleano",
                 ll(az.id(), "contar", patron=az.palabra, mayusculas=True),
                 entorno=az.entorno, herramientas=h.con_contar),
        h.oculta("un 1 no es un booleano",
                 ll(az.id(), "contar", patron=az.palabra, mayusculas=1),
                 entorno=az.entorno, herramientas=h.con_contar),
    ]
