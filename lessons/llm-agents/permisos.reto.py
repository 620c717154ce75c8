"""Reto de la lección permisos: escribir ejecutar(ll, entorno, confirmar).

Lo lee el calificador (py/carga.py). CONTEXTO, PLANTILLA y ENUNCIADO son públicos;
SOLUCION, CONVERSACION y pruebas() solo los ve la parte de confianza del calificador.
"""

FIRMA = "permiso"  # lo que recibe la función: una llamada, el entorno y confirmar
FUNCION = "ejecutar"

ENUNCIADO = """\
Escribe `ejecutar(ll, entorno, confirmar)`. Es el `ejecutar` de «Los errores también son
observaciones» con un paso más: antes de ejecutar, decide si la llamada puede ejecutarse.
`confirmar(ll)` pregunta al usuario y devuelve `True` si lo permite. Devuelve siempre un único
`tool_result` con el id de la llamada y nunca lanza una excepción. En este orden:

1. Si la llamada no cumple su esquema, devuelve
   `error(id, "no se ha ejecutado: " + motivo)`, con el `motivo` de `incumple(ll)`.
2. Busca la herramienta en `PERMISOS` (míralo en cada llamada: el arnés puede cambiar su
   política):
   - `"permitir"`: se ejecuta sin preguntar;
   - `"preguntar"`: llama a `confirmar(ll)` una sola vez; si devuelve `False`, devuelve
     `error(id, "no se ha ejecutado: el usuario no lo ha permitido")`;
   - `"denegar"`, o una herramienta que no está en `PERMISOS`: devuelve
     `error(id, "no se ha ejecutado: la herramienta 'NOMBRE' no está permitida")`, con su
     nombre en lugar de NOMBRE, sin preguntar.
3. Ejecuta la herramienta una vez, con `FUNCIONES[ll["name"]](entorno, **ll["input"])`: si
   lanza una excepción `e`, devuelve `error(id, str(e))`; si no, `resultado(id, lo_devuelto)`.
   Como en «Los errores también son observaciones», si `str(e)` está vacío, el contenido es el
   nombre de su clase, `type(e).__name__`: la API no admite un error sin contenido.

Solo se pregunta por una llamada que cumple su esquema y que `PERMISOS` manda preguntar.
"""

# Públicas como el enunciado: la página las enseña una a una («Ver una pista»), y la discusión
# cuando se supera el reto. Nunca el código de SOLUCION (la construcción lo comprueba).
PISTAS = [
    "Sigue el orden del enunciado: primero el esquema, después el permiso y al final la "
    "ejecución. Cada paso puede terminar devolviendo un error, y entonces los siguientes no "
    "ocurren.",
    "Consulta `PERMISOS` dentro de la función, en cada llamada, con el nombre de la herramienta: "
    "si copias la política en otro sitio o escribes los nombres a mano, un cambio de `PERMISOS` "
    "no se notará. `\"denegar\"` y una herramienta que no está en `PERMISOS` acaban igual.",
    ("`confirmar(ll)` se llama como mucho una vez, y solo si la política dice `\"preguntar\"`: "
     "guarda su respuesta en una variable. Después del permiso, el paso 3 es el `ejecutar` de "
     "«Los errores también son observaciones».", 2),
]

DISCUSION = """\
**Por qué así.** Preguntar cuesta la atención del usuario, así que solo se pregunta cuando sirve
de algo: nunca por una llamada mal formada (no se ejecutaría igualmente) ni por una denegada (la
respuesta no cambiaría nada).

Una herramienta que no está en `PERMISOS` se deniega: es más seguro olvidarse de permitir algo
que olvidarse de prohibirlo. Y leer `PERMISOS` en cada llamada deja que el arnés cambie la
política mientras trabaja, por ejemplo cuando el usuario contesta «permitir siempre».
"""

# Cada regla del enunciado: un trozo de su texto y las pruebas visibles que la comprueban. La
# construcción exige que cada punto del enunciado tenga la suya (tests/py/test_reglas.py).
REGLAS = {
    "nunca-lanza": ("nunca lanza una excepción",
                    ["Si la herramienta lanza una excepción, devuelve error(id, str(e))",
                     "Si la herramienta falla después de que el usuario lo permita, devuelve error(id, str(e))"],
                    {"mal_lanza": "No captura la excepción de la herramienta.",
                     "mal_sin_try_tras_preguntar": "Captura las excepciones de las herramientas permitidas, pero no "
                                                   "las de una que el usuario acaba de permitir."}),
    "esquema": ("Si la llamada no cumple su esquema, devuelve `error(id, \"no se ha ejecutado: \" + motivo)`",
                ["Una llamada que no cumple su esquema no se ejecuta ni se pregunta",
                 "Una herramienta que no existe no se ejecuta ni se pregunta"],
                {"mal_deniega_antes_del_esquema": "Mira PERMISOS antes que el esquema: una herramienta que no existe "
                                                  "se deniega con el mensaje de PERMISOS en vez del de incumple.",
                 "mal_motivo_sin_prefijo": "Devuelve el motivo de incumple sin \"no se ha ejecutado: \" delante."}),
    "cada-vez": ("míralo en cada llamada",
                 ["Con otra política, pregunta por lo que PERMISOS manda preguntar",
                  "Con otra política, ejecuta sin preguntar lo que PERMISOS permite"],
                 {"mal_copia_permisos": "Copia PERMISOS al cargarse y consulta la copia: un cambio de la política "
                                        "no se nota.",
                  "mal_politica_fija": "Escribe la política de la lección en el código en vez de leer PERMISOS."}),
    "permitir": ("`\"permitir\"`: se ejecuta sin preguntar",
                 ["Una lectura se ejecuta sin preguntar", "Una búsqueda se ejecuta sin preguntar",
                  "Listar se ejecuta sin preguntar"],
                 {"mal_pregunta_lecturas": "Pregunta al usuario por todas las llamadas, también por las lecturas, "
                                           "aunque solo le haga caso en las que PERMISOS manda preguntar."}),
    "preguntar": ("`\"preguntar\"`: llama a `confirmar(ll)` una sola vez",
                  ["Una escritura pregunta una vez y, si el usuario lo permite, se ejecuta"],
                  {"mal_no_pregunta": "Nunca pregunta: ejecuta todo lo que está en PERMISOS.",
                   "mal_pregunta_con_el_nombre": "Pregunta al usuario con el nombre de la herramienta, no con la "
                                                 "llamada entera: el usuario no ve qué se va a escribir ni dónde.",
                   "mal_pregunta_dos_veces": "Pregunta dos veces: una para decidir y otra para el mensaje."}),
    "no-permitido": ("si devuelve `False`, devuelve `error(id, \"no se ha ejecutado: el usuario no lo ha "
                     "permitido\")`", ["Si el usuario no lo permite, no se ejecuta y el error lo dice"],
                                      {"mal_denegada_como_resultado": "Devuelve la negativa del usuario como un "
                                                                      "resultado normal, sin is_error.",
                                       "mal_ejecuta_si_dice_no": "Pregunta, pero ejecuta la llamada diga lo que diga "
                                                                 "el usuario.",
                                       "mal_lanza_si_dice_no": "Si el usuario no lo permite, lanza PermissionError en"
                                                               " vez de devolver un error.",
                                       "mal_mensaje_del_no": "Cuando el usuario no lo permite, el error lo dice con "
                                                             "otras palabras."}),
    "denegar": ("`\"denegar\"`, o una herramienta que no está en `PERMISOS`",
                ["Una herramienta que PERMISOS deniega no se ejecuta ni se pregunta",
                 "Una herramienta declarada que no está en PERMISOS se deniega sin preguntar"],
                {"mal_desconocida_permitida": "Una herramienta que no está en PERMISOS se ejecuta, como si estuviera "
                                              "permitida.",
                 "mal_ejecuta_denegada": "Solo deniega las herramientas que no están en PERMISOS: una marcada "
                                         "\"denegar\" se ejecuta sin preguntar."}),
    "nombre": ("con su nombre en lugar de NOMBRE",
               ["Una herramienta declarada que no está en PERMISOS se deniega sin preguntar"],
               {"mal_mensaje_denegada": "Al denegar una herramienta no pone su nombre entre comillas simples."}),
    "sin-preguntar": ("en lugar de NOMBRE, sin preguntar",
                      ["Una herramienta que PERMISOS deniega no se ejecuta ni se pregunta",
                       "Una herramienta declarada que no está en PERMISOS se deniega sin preguntar",
                       "Una herramienta denegada se deniega aunque el usuario lo fuera a permitir"],
                      {"mal_desconocida_pregunta": "Por una herramienta que no está en PERMISOS, pregunta al usuario "
                                                   "en vez de denegarla.",
                       "mal_pregunta_si_denegada": "Pregunta también por las herramientas que PERMISOS deniega, y las"
                                                   " ejecuta si el usuario dice que sí."}),
    "ejecuta": ("Ejecuta la herramienta una vez, con `FUNCIONES[ll[\"name\"]](entorno, **ll[\"input\"])`",
                ["Ejecuta la herramienta sobre el entorno que recibe, no sobre ENTORNO",
                 "Los campos llegan a la herramienta por su nombre y tal cual, aunque vengan en otro orden"],
                {"mal_campos_por_posicion": "Pasa a la herramienta los valores de input por posición, en el orden en "
                                            "que llegan, en vez de por su nombre.",
                 "mal_campos_sin_espacios": "Quita los espacios y saltos de línea del principio y del final de los "
                                            "campos de texto antes de ejecutar la herramienta.",
                 "mal_entorno_global": "Ejecuta la herramienta sobre ENTORNO, el entorno de la lección, y no sobre el"
                                       " que recibe."}),
    "excepcion": ("si lanza una excepción `e`, devuelve `error(id, str(e))`",
                  ["Si la herramienta lanza una excepción, devuelve error(id, str(e))",
                   "Si la herramienta lanza otra excepción, también devuelve error(id, str(e))",
                   "Si la herramienta falla después de que el usuario lo permita, devuelve error(id, str(e))"],
                  {"mal_repr": "Pone repr(e) en el error de la herramienta en vez de str(e).",
                   "mal_sin_try_tras_preguntar": "Captura las excepciones de las herramientas permitidas, pero no las"
                                                 " de una que el usuario acaba de permitir.",
                   "mal_solo_filenotfound": "Solo captura FileNotFoundError: otra excepción de la herramienta se "
                                            "escapa."}),
    "sin-mensaje": ("si `str(e)` está vacío, el contenido es el nombre de su clase, `type(e).__name__`",
                    ["Si la excepción no tiene mensaje, el contenido es el nombre de su clase"],
                    {"mal_mensaje_vacio": "Devuelve error(id, str(e)) también cuando str(e) está vacío: un error "
                                          "sin contenido, que la API rechaza."}),
    "resultado": ("si no, `resultado(id, lo_devuelto)`",
                  ["Una lectura se ejecuta sin preguntar",
                   "Una lectura devuelve el fichero tal cual, con sus espacios y saltos de línea"],
                  {"mal_devuelve_lo_devuelto": "Cuando la herramienta se ejecuta, devuelve lo que devolvió tal cual,"
                                               " no un tool_result.",
                   "mal_resultado_sin_espacios": "Quita los espacios y saltos de línea del principio y del final de "
                                                 "lo que devuelve la herramienta."}),
    "solo-se-pregunta": ("Solo se pregunta por una llamada que cumple su esquema y que `PERMISOS` manda "
                         "preguntar", ["Una llamada que no cumple su esquema no se ejecuta ni se pregunta"],
                                      {"mal_pregunta_antes_del_esquema": "Pregunta al usuario antes de comprobar el "
                                                                         "esquema de la llamada."}),
}

# leer con su contrato completo, como en «Los errores también son observaciones», y la política de permisos.
CONTEXTO = '''\
def leer(entorno, ruta):
    if ruta not in entorno:
        raise FileNotFoundError("no existe el fichero %r" % ruta)
    return entorno[ruta]

FUNCIONES["leer"] = leer

# Qué hace el arnés con cada herramienta antes de ejecutarla. La que no está, se deniega.
PERMISOS = {"leer": "permitir", "listar": "permitir", "buscar": "permitir",
            "escribir": "preguntar"}
'''

PLANTILLA = '''\
def ejecutar(ll, entorno, confirmar):
    ...
'''

SOLUCION = '''\
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
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except Exception as e:
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
'''

_SISTEMA = ("sistema", "Trabajas con los ficheros del usuario a través de tus herramientas: "
                       "puedes leerlos, escribirlos, listarlos y buscar en ellos.")
_NO = "no se ha ejecutado: el usuario no lo ha permitido"


def CONVERSACION(h):
    """La conversación guionizada de la lección: (inicio, respuestas, visto, lo que dice el usuario)."""
    notas = h.ENTORNO["notas.txt"]
    nuevas = notas + "\nEl sábado hacemos gazpacho."
    inicio = [_SISTEMA, ("usuario", "Apunta en notas.txt que el sábado hacemos gazpacho.")]
    respuestas = [
        [h.texto("Leo las notas para no perder lo que ya tienen."),
         h.llamada("t1", "leer", ruta="notas.txt")],
        [h.llamada("t2", "escribir", ruta="notas.txt", contenido=nuevas)],
        [h.texto("No he cambiado notas.txt, porque no me has dado permiso para escribir. Si "
                 "quieres apuntarlo tú, la línea sería: «El sábado hacemos gazpacho.»")],
    ]
    visto = [[h.resultado("t1", notas)], [h.error("t2", _NO)], None]
    return inicio, respuestas, visto, [False]


def pruebas(h):
    """Una prueba por regla del enunciado y, después, las ocultas con datos al azar."""
    ll, az = h.llamada, h.azar

    def con(nombre, llamada, respuestas, entorno=None, herramientas=None, oculta=False, permisos=None):
        argumento = {"llamada": llamada, "respuestas": respuestas}
        if permisos is not None:  # otra política: PERMISOS vale esto durante la llamada
            argumento["permisos"] = permisos
        if oculta:
            return h.oculta(nombre, argumento, entorno, herramientas)
        return h.prueba(nombre, argumento, entorno, herramientas)

    otro = {"despensa.txt": "arroz\ngarbanzos"}
    leccion = {"leer": "permitir", "listar": "permitir", "buscar": "permitir", "escribir": "preguntar"}
    sin_escribir = {"leer": "permitir", "listar": "permitir", "buscar": "permitir", "escribir": "denegar"}
    al_reves = {"leer": "preguntar", "listar": "preguntar", "buscar": "preguntar", "escribir": "permitir"}
    # Una política al azar para cada herramienta, y una herramienta al azar que la pone a prueba.
    politica = {n: az.elige(["permitir", "preguntar", "denegar"]) for n in ("leer", "listar", "buscar", "escribir")}
    azar = {"leer": dict(ruta=az.ruta), "listar": dict(carpeta=""), "buscar": dict(patron=az.palabra),
            "escribir": dict(ruta=az.ruta, contenido=az.frase())}
    return [
        con("Una lectura se ejecuta sin preguntar", ll("a1", "leer", ruta="lista.txt"), [False]),
        con("Una búsqueda se ejecuta sin preguntar", ll("a2", "buscar", patron="patatas"), [False]),
        con("Listar se ejecuta sin preguntar", ll("a3", "listar", carpeta="recetas/"), [False]),
        con("Una escritura pregunta una vez y, si el usuario lo permite, se ejecuta",
            ll("b1", "escribir", ruta="compra.txt", contenido="huevos\ncebolla"), [True]),
        con("Si el usuario no lo permite, no se ejecuta y el error lo dice",
            ll("b2", "escribir", ruta="notas.txt", contenido=""), [False]),
        con("Una llamada que no cumple su esquema no se ejecuta ni se pregunta",
            ll("c1", "escribir", ruta="lista.txt"), [True]),
        con("Una herramienta que no existe no se ejecuta ni se pregunta",
            ll("c2", "borrar", ruta="lista.txt"), [True]),
        con("Una herramienta declarada que no está en PERMISOS se deniega sin preguntar",
            ll("c3", "anotar", texto="comprar pan"), [True], herramientas=h.con_anotar),
        con("Si la herramienta lanza una excepción, devuelve error(id, str(e))",
            ll("d1", "leer", ruta="recetas/salmorejo.txt"), []),
        con("Si la herramienta lanza otra excepción, también devuelve error(id, str(e))",
            ll("d3", "buscar", patron="arroz"), [], entorno={"despensa.txt": "arroz", "cuentas.txt": 3}),
        con("Si la excepción no tiene mensaje, el contenido es el nombre de su clase",
            ll("d4", "anotar", texto="comprar pan"), [], herramientas=h.con_anotar_sin_mensaje,
            permisos=dict(leccion, anotar="permitir")),
        con("Ejecuta la herramienta sobre el entorno que recibe, no sobre ENTORNO",
            ll("d2", "escribir", ruta="despensa.txt", contenido="arroz"), [True], entorno=otro),
        con("Una herramienta que PERMISOS deniega no se ejecuta ni se pregunta",
            ll("e1", "escribir", ruta="compra.txt", contenido="pan"), [True], permisos=sin_escribir),
        con("Con otra política, pregunta por lo que PERMISOS manda preguntar",
            ll("e2", "leer", ruta="lista.txt"), [False], permisos=al_reves),
        con("Con otra política, ejecuta sin preguntar lo que PERMISOS permite",
            ll("e3", "escribir", ruta="compra.txt", contenido="pan"), [False], permisos=al_reves),
        con("Una herramienta denegada se deniega aunque el usuario lo fuera a permitir",
            ll("e4", "anotar", texto="comprar pan"), [True], herramientas=h.con_anotar,
            permisos=dict(sin_escribir, anotar="denegar")),
        con("Los campos llegan a la herramienta por su nombre y tal cual, aunque vengan en otro orden",
            ll("f1", "escribir", contenido="huevos\ncebolla\n", ruta="compra.txt"), [True]),
        con("Una lectura devuelve el fichero tal cual, con sus espacios y saltos de línea",
            ll("f2", "leer", ruta="notas.txt"), [False],
            entorno={"notas.txt": "  - El sábado vienen cuatro a cenar.\n", "lista.txt": "pan\n"}),
        con("Si la herramienta falla después de que el usuario lo permita, devuelve error(id, str(e))",
            ll("f3", "anotar", texto="comprar pan"), [True], herramientas=h.con_anotar_bloqueado,
            permisos=dict(leccion, anotar="preguntar")),
        con("otra escritura permitida", ll(az.id(), "escribir", ruta=az.ruta, contenido=az.frase()),
            [True], entorno=az.entorno, oculta=True),
        con("otra escritura rechazada", ll(az.id(), "escribir", ruta=az.ruta, contenido=""),
            [False], entorno=az.entorno, oculta=True),
        con("otra lectura", ll(az.id(), "leer", ruta=az.ruta), [False], entorno=az.entorno, oculta=True),
        con("otra herramienta fuera de PERMISOS", ll(az.id(), "contar", patron=az.palabra, mayusculas=True),
            [True], entorno=az.entorno, herramientas=h.con_contar, oculta=True),
        con("un esquema incumplido en una escritura",
            ll(az.id(), "escribir", ruta=az.ruta, contenido=az.entero), [True], entorno=az.entorno,
            oculta=True),
        con("una lectura que falla", ll(az.id(), "leer", ruta=az.palabra + ".txt"), [True],
            entorno=az.entorno, oculta=True),
    ] + [con("otra política, con %s" % n, ll(az.id(), n, **azar[n]), [az.elige([True, False])],
             entorno=az.entorno, permisos=politica, oculta=True) for n in ("leer", "listar", "buscar", "escribir")] + [
        # Al final, para no cambiar lo que el azar da a las demás.
        con("una excepción sin mensaje, después de preguntar", ll(az.id(), "anotar", texto=az.palabra), [True],
            herramientas=h.con_anotar_sin_mensaje, permisos=dict(leccion, anotar="preguntar"), oculta=True)]
