"""Reto de la lección llamar-herramientas: escribir observaciones(respuesta, entorno).

Lo lee el calificador (py/carga.py). CONTEXTO, PLANTILLA y ENUNCIADO son públicos;
SOLUCION, CONVERSACION y pruebas() solo los ve la parte de confianza del calificador.
"""

FIRMA = "respuesta"  # lo que recibe la función: la respuesta entera o una llamada
FUNCION = "observaciones"

ENUNCIADO = """\
Escribe `observaciones(respuesta, entorno)`. Recibe la respuesta del modelo, una lista de
bloques, y devuelve los bloques `tool_result` del siguiente mensaje:

- un `tool_result` por cada `tool_use`, en el orden de las llamadas, con el id de la llamada
  como `tool_use_id`, lo que devuelve la herramienta como `content`, tal cual (sin quitarle
  espacios), e `is_error` a `False`; cada herramienta se ejecuta sobre el `entorno` que recibe
  `observaciones`, con los campos de `input` como argumentos con nombre y sus valores tal como
  llegan: un objeto JSON no tiene orden, y el modelo puede escribir los campos en cualquiera;
- los bloques de texto no se ejecutan; una respuesta sin llamadas da `[]`;
- antes de ejecutar una llamada, compruébala contra su herramienta en `HERRAMIENTAS`: que
  el nombre esté declarado, que `input` sea un diccionario, que no falte ningún campo de
  `required`, que no haya campos fuera de `properties` (JSON Schema los admite si el esquema
  no dice otra cosa, y todos los esquemas de este reto tienen `additionalProperties` a
  `False`) y que cada valor tenga su tipo, el de JSON Schema: un `array` es una lista y un
  `object`, un diccionario; un `number` es cualquier número, `3` incluido; `True` no es un
  `integer` ni un `number`, `2.5` tampoco es un `integer` (`2.0` sí lo es), y `1` no es un
  `boolean` (cuidado: en Python, `isinstance(True, int)` es `True`).
  `incumple(ll)` de `entorno.py` hace esta comprobación: puedes usarla o escribir la tuya.
  Si no cumple, lanza `ValueError`, con el mensaje que quieras, y no la ejecutes. Comprueba
  todas las llamadas, no solo la primera. Puedes comprobar cada una justo antes de ejecutarla
  o todas antes de ejecutar ninguna: las pruebas aceptan las dos;
- si una herramienta lanza una excepción, deja que salga de `observaciones`.
"""

# Públicas como el enunciado: la página las enseña una a una («Ver una pista»), y la discusión
# cuando se supera el reto. Nunca el código de SOLUCION (la construcción lo comprueba).
PISTAS = [
    "Recorre `respuesta` y quédate con los bloques cuyo `type` es `\"tool_use\"`: los de texto "
    "no piden nada. Cada llamada da exactamente un `tool_result`, en el mismo orden.",
    "Antes de ejecutar una llamada, pregúntale a `incumple(ll)`: si devuelve un texto, ese texto "
    "es un buen mensaje para tu `ValueError`; si devuelve `None`, la llamada cumple su esquema.",
    ("La herramienta se busca por su nombre en `FUNCIONES` y recibe el entorno y, con nombre, los "
     "argumentos de `input`. El bloque que devuelves lleva el `id` de la llamada como "
     "`tool_use_id`: `resultado()` de `entorno.py` lo construye por ti.", 2),
]

DISCUSION = """\
**Por qué así.** El modelo no ejecuta nada: pide. Quien ejecuta es tu código, y por eso comprueba
cada llamada antes de hacerla: el modelo puede inventarse una herramienta, un campo o un tipo.

Comprobar todas las llamadas antes de ejecutar ninguna evita dejar el trabajo a medias (si la
tercera es inválida, las dos primeras no han escrito nada); comprobar cada una justo antes de
ejecutarla es más sencillo. Las dos son válidas aquí.

Lanzar `ValueError` es provisional: en «Los errores también son observaciones» verás que es mejor
devolverle al modelo un `tool_result` con `is_error`, para que pueda corregir su llamada.
"""

# Cada regla del enunciado: un trozo de su texto y las pruebas visibles que la comprueban. La
# construcción exige que cada punto del enunciado tenga la suya (tests/py/test_reglas.py).
REGLAS = {
    "una-por-llamada": ("un `tool_result` por cada `tool_use`, en el orden de las llamadas",
                        ["Un tool_result por llamada, en el orden de las llamadas",
                         "Una búsqueda sin resultados también es un resultado"],
                        {"mal_orden": "Devuelve los resultados al revés.",
                         "mal_salta_vacios": "Se salta los resultados vacíos: una búsqueda sin resultados se queda "
                                             "sin tool_result."}),
    "campos": ("con el id de la llamada como `tool_use_id`, lo que devuelve la herramienta como "
               "`content`, tal cual (sin quitarle espacios), e `is_error` a `False`",
               ["El content es lo que devuelve la herramienta, con is_error False",
                "El content y los argumentos van tal cual, con sus espacios"],
               {"mal_content_json": "Mete en content lo devuelto pasado por json.dumps: ya no es lo que devolvió la "
                                    "herramienta.",
                "mal_is_error_texto": "is_error como cadena, no como booleano.",
                "mal_strip_resultado": "Le quita los espacios de los extremos a lo que devuelve la herramienta."}),
    "con-nombre": ("con los campos de `input` como argumentos con nombre",
                   ["Los campos de input van por su nombre, en cualquier orden"],
                   {"mal_por_posicion": "Pasa los valores de input por posición, en el orden en que llegan: "
                                        "FUNCIONES[n](entorno, *ll[\"input\"].values())."}),
    "tal-como-llegan": ("sus valores tal como llegan",
                        ["El content y los argumentos van tal cual, con sus espacios"],
                        {"mal_strip_argumentos": "Les quita los espacios de los extremos a los argumentos de texto "
                                                 "antes de ejecutar la llamada."}),
    "texto": ("los bloques de texto no se ejecutan", ["Los bloques de texto no se ejecutan"],
                                                     {"mal_repite_texto": "Devuelve también los bloques de texto."}),
    "sin-llamadas": ("una respuesta sin llamadas da `[]`", ["Una respuesta sin llamadas da []"],
                                                           {"mal_none_sin_llamadas": "Sin llamadas devuelve None en "
                                                                                     "vez de []."}),
    "declarada": ("que el nombre esté declarado",
                  ["Rechaza una herramienta que no está declarada (ValueError)"],
                  {"mal_sin_nombre": "No comprueba que la herramienta exista: lanza KeyError en vez de ValueError."}),
    "diccionario": ("que `input` sea un diccionario",
                    ["Rechaza un input que no es un diccionario (ValueError)"],
                    {"mal_input_lista": "Acepta un input que es una lista, pasándolo como argumentos posicionales."}),
    "required": ("que no falte ningún campo de `required`",
                 ["Rechaza una llamada a la que le falta un campo obligatorio (ValueError)",
                  "Ejecuta una llamada a la que le falta un campo opcional (fuera de required)"],
                 {"mal_sin_required": "No comprueba los campos obligatorios: la herramienta falla con TypeError.",
                  "mal_todo_obligatorio": "Toma por obligatorios todos los campos de properties: rechaza una llamada "
                                          "sin un campo opcional."}),
    "properties": ("que no haya campos fuera de `properties`",
                   ["Rechaza un campo que no está en properties (ValueError) y no la ejecuta"],
                   {"mal_ignora_extra": "Quita en silencio los campos que sobran y ejecuta la llamada."}),
    "tipos": ("que cada valor tenga su tipo, el de JSON Schema",
              ["Rechaza un valor del tipo equivocado (ValueError) y no la ejecuta",
               "Acepta un booleano donde se pide un booleano"],
              {"mal_sin_booleano": "Solo conoce los tipos string e integer: rechaza también un booleano donde se pide"
                                   " un booleano.",
               "mal_sin_tipos": "No comprueba los tipos: ejecuta escribir con una lista como contenido."}),
    "array-object": ("un `array` es una lista y un `object`, un diccionario",
                     ["Acepta un entero donde se pide un number, una lista en un array y un diccionario en un object",
                      "Rechaza una lista donde se pide un object (ValueError)"],
                     {"mal_solo_tipos_simples": "Solo comprueba string, integer, number y boolean: cualquier otro tipo"
                                                " le vale, y acepta una lista donde se pide un object."}),
    "number": ("un `number` es cualquier número, `3` incluido",
               ["Acepta un entero donde se pide un number, una lista en un array y un diccionario en un object"],
               {"mal_number_solo_decimales": "Toma un number por un float: rechaza 3 donde se pide un number."}),
    "true-no-es-entero": ("`True` no es un `integer` ni un `number`",
                          ["Rechaza True donde se pide un entero (ValueError)",
                           "Rechaza True donde se pide un number (ValueError)"],
                          {"mal_bool_entero": "Comprueba los tipos con isinstance sin más: True pasa por un entero.",
                           "mal_number_con_bool": "Comprueba un number con isinstance(v, (int, float)): True pasa por "
                                                  "un number."}),
    "decimales": ("`2.5` tampoco", ["Rechaza un número con decimales donde se pide un entero (ValueError)"],
                                   {"mal_decimales": "Da por entero cualquier número: acepta 2.5 donde el esquema "
                                                     "pide un integer."}),
    "dos-punto-cero": ("`2.0` sí lo es", ["Acepta 2.0 donde se pide un entero: en JSON Schema es un integer"],
                                          {"mal_rechaza_decimal_entero": "Su propia comprobación de tipos rechaza 2.0"
                                                                         " como entero: en JSON Schema, 2.0 es un "
                                                                         "integer."}),
    "uno-no-es-booleano": ("`1` no es un `boolean`", ["Rechaza 1 donde se pide un booleano (ValueError)"],
                                                     {"mal_booleano_en_tupla": "Da por booleano lo que esté en (True,"
                                                                               " False): como 1 == True, acepta 1 "
                                                                               "donde se pide un booleano."}),
    "todas": ("Comprueba todas las llamadas, no solo la primera",
              ["Comprueba todas las llamadas: una inválida tras una válida da ValueError"],
              {"mal_solo_la_primera": "Comprueba solo la primera llamada de la respuesta; las demás las ejecuta "
                                      "sin comprobar."}),
    "valueerror": ("Si no cumple, lanza `ValueError`, con el mensaje que quieras, y no la ejecutes",
                   ["Rechaza una herramienta que no está declarada (ValueError)",
                    "Rechaza un valor del tipo equivocado (ValueError) y no la ejecuta"],
                   {"mal_lanza_typeerror": "Comprueba bien las llamadas, pero una que no cumple lanza TypeError en "
                                           "vez de ValueError."}),
    "excepcion": ("si una herramienta lanza una excepción, deja que salga de `observaciones`",
                  ["Si una herramienta lanza una excepción, sale de observaciones"],
                  {"mal_captura_la_excepcion": "Captura la excepción de una herramienta y la devuelve como un error, "
                                               "en vez de dejarla salir."}),
    "entorno": ("cada herramienta se ejecuta sobre el `entorno` que recibe `observaciones`",
                ["Ejecuta las herramientas sobre el entorno que recibe, no sobre ENTORNO"],
                {"mal_entorno_global": "Ejecuta las herramientas sobre ENTORNO, el entorno de la lección, y no sobre "
                                       "el que recibe."}),
}

# Lo que ya está definido cuando se ejecuta el código de quien aprende, además de entorno.py.
CONTEXTO = ""

PLANTILLA = '''\
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        ...
    return resultados
'''

SOLUCION = '''\
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError("la llamada %s no cumple su esquema: %s" % (b["id"], motivo))
        devuelto = FUNCIONES[b["name"]](entorno, **b["input"])
        resultados.append(resultado(b["id"], devuelto))
    return resultados
'''


def CONVERSACION(h):
    """La conversación guionizada de la lección: (inicio, respuestas, visto)."""
    notas = h.ENTORNO["notas.txt"] + "\nLlevan patatas: tortilla."
    inicio = [("sistema", "Trabajas con los ficheros del usuario a través de tus herramientas: "
                          "puedes leerlos, escribirlos, listarlos y buscar en ellos."),
              ("usuario", "Apunta en notas.txt qué recetas llevan patatas.")]
    respuestas = [
        [h.texto("Busco qué ficheros mencionan las patatas y leo las notas."),
         h.llamada("t1", "buscar", patron="patatas"),
         h.llamada("t2", "leer", ruta="notas.txt")],
        [h.llamada("t3", "escribir", ruta="notas.txt", contenido=notas)],
        [h.texto("Hecho: he añadido a notas.txt que la tortilla lleva patatas. La lista de la "
                 "compra también las menciona, pero no es una receta.")],
    ]
    visto = [
        [h.resultado("t1", "lista.txt: pan, leche, patatas\n"
                           "recetas/tortilla.txt: Tortilla: huevos, patatas, cebolla."),
         h.resultado("t2", h.ENTORNO["notas.txt"])],
        [h.resultado("t3", "escritos %d caracteres en notas.txt" % len(notas))],
        None,
    ]
    return inicio, respuestas, visto


def pruebas(h):
    """Una prueba por regla del enunciado y, después, las ocultas con datos al azar."""
    ll, texto, az = h.llamada, h.texto, h.azar
    otro = {"despensa.txt": "arroz\ngarbanzos\nlentejas\npimentón",
            "recetas/lentejas.txt": "Lentejas: lentejas, chorizo, pimentón."}
    return [
        h.prueba("Un tool_result por llamada, en el orden de las llamadas",
                 [texto("Miro tres cosas."), ll("a1", "listar", carpeta="recetas/"),
                  ll("a2", "leer", ruta="lista.txt"), ll("a3", "buscar", patron="cebolla")]),
        h.prueba("El content es lo que devuelve la herramienta, con is_error False",
                 [ll("b1", "escribir", ruta="compra.txt", contenido="huevos\ncebolla")]),
        h.prueba("Una búsqueda sin resultados también es un resultado",
                 [ll("c1", "buscar", patron="salmorejo")]),
        h.prueba("Los bloques de texto no se ejecutan",
                 [texto("Primero leo."), ll("d1", "leer", ruta="notas.txt"), texto("Y ya está.")]),
        h.prueba("Una respuesta sin llamadas da []", [texto("No necesito herramientas.")]),
        h.prueba("Rechaza una herramienta que no está declarada (ValueError)",
                 [ll("e1", "borrar", ruta="lista.txt")]),
        h.prueba("Rechaza un input que no es un diccionario (ValueError)",
                 [{"type": "tool_use", "id": "e2", "name": "leer", "input": ["lista.txt"]}]),
        h.prueba("Rechaza una llamada a la que le falta un campo obligatorio (ValueError)",
                 [ll("e3", "escribir", ruta="lista.txt")]),
        h.prueba("Rechaza un campo que no está en properties (ValueError) y no la ejecuta",
                 [ll("e4", "escribir", ruta="lista.txt", contenido="", modo="añadir")]),
        h.prueba("Rechaza un valor del tipo equivocado (ValueError) y no la ejecuta",
                 [ll("e5", "escribir", ruta="lista.txt", contenido=["pan"])]),
        h.prueba("Ejecuta las herramientas sobre el entorno que recibe, no sobre ENTORNO",
                 [ll("f1", "leer", ruta="despensa.txt"),
                  ll("f2", "escribir", ruta="despensa.txt", contenido="arroz")], entorno=otro),
        h.prueba("Ejecuta una llamada a la que le falta un campo opcional (fuera de required)",
                 [ll("g1", "primeras", ruta="despensa.txt"),
                  ll("g2", "primeras", ruta="despensa.txt", lineas=3)],
                 entorno=otro, herramientas=h.con_primeras),
        h.prueba("Rechaza True donde se pide un entero (ValueError)",
                 [ll("g5", "repetir", texto="pan", veces=True)], herramientas=h.con_repetir),
        h.prueba("Acepta 2.0 donde se pide un entero: en JSON Schema es un integer",
                 [ll("g4", "dividir", a=7.0, b=2)], herramientas=h.con_dividir),
        h.prueba("Rechaza un número con decimales donde se pide un entero (ValueError)",
                 [ll("g3", "primeras", ruta="despensa.txt", lineas=2.5)],
                 entorno=otro, herramientas=h.con_primeras),
        h.prueba("Acepta un booleano donde se pide un booleano",
                 [ll("h1", "contar", patron="Lentejas", mayusculas=True),
                  ll("h2", "contar", patron="Lentejas", mayusculas=False)],
                 entorno=otro, herramientas=h.con_contar),
        h.prueba("Rechaza un valor que no es booleano donde se pide un booleano (ValueError)",
                 [ll("h3", "contar", patron="lentejas", mayusculas="false")],
                 entorno=otro, herramientas=h.con_contar),
        h.prueba("Rechaza 1 donde se pide un booleano (ValueError)",
                 [ll("h4", "contar", patron="lentejas", mayusculas=1)], entorno=otro, herramientas=h.con_contar),
        h.prueba("Si una herramienta lanza una excepción, sale de observaciones",
                 [ll("i1", "leer", ruta="recetas/salmorejo.txt")]),
        h.prueba("Los campos de input van por su nombre, en cualquier orden",
                 [ll("j1", "escribir", contenido="sal\npimienta", ruta="especias.txt"),
                  ll("j2", "dividir", b=2, a=9)], herramientas=h.con_dividir),
        h.prueba("El content y los argumentos van tal cual, con sus espacios",
                 [ll("j3", "leer", ruta="huecos.txt"), ll("j4", "escribir", ruta="huecos.txt", contenido="  sal \n")],
                 entorno={"huecos.txt": "  pimienta\n"}),
        h.prueba("Comprueba todas las llamadas: una inválida tras una válida da ValueError",
                 [ll("j5", "escribir", ruta="compra.txt", contenido="pan"),
                  ll("j6", "escribir", ruta="lista.txt", contenido=["huevos"])], o_sin_ejecutar=True),
        h.prueba("Acepta un entero donde se pide un number, una lista en un array y un diccionario en un object",
                 [ll("k1", "pedir", producto="patatas", kilos=3, extras=["bolsa"], envio={"dia": "sábado"}),
                  ll("k2", "pedir", producto="tomates", kilos=1.5, extras=[], envio={})],
                 herramientas=h.con_pedir),
        h.prueba("Rechaza True donde se pide un number (ValueError)",
                 [ll("k3", "pedir", producto="patatas", kilos=True, extras=[], envio={})], herramientas=h.con_pedir),
        h.prueba("Rechaza una lista donde se pide un object (ValueError)",
                 [ll("k4", "pedir", producto="patatas", kilos=2, extras=[], envio=["sábado"])],
                 herramientas=h.con_pedir),
        h.oculta("otros ids y otros ficheros",
                 [ll(az.id(), "leer", ruta=az.ruta), ll(az.id(), "buscar", patron=az.palabra),
                  ll(az.id(), "escribir", ruta=az.ruta, contenido=az.frase())],
                 entorno=az.entorno),
        h.oculta("otra herramienta, con un entero",
                 [ll(az.id(), "repetir", texto=az.palabra, veces=az.entero),
                  ll(az.id(), "listar", carpeta="")],
                 herramientas=h.con_repetir),
        h.oculta("un booleano no es un entero (ValueError)",
                 [ll(az.id(), "repetir", texto=az.palabra, veces=True)],
                 herramientas=h.con_repetir),
        h.oculta("un entero no vale donde se pide una cadena (ValueError)",
                 [ll(az.id(), "leer", ruta=az.entero), ll(az.id(), "leer", ruta=az.ruta)],
                 entorno=az.entorno),
        h.oculta("un campo opcional que falta, con otros ficheros",
                 [ll(az.id(), "primeras", ruta=az.ruta),
                  ll(az.id(), "primeras", ruta=az.ruta, lineas=az.entero)],
                 entorno=az.entorno, herramientas=h.con_primeras),
        h.oculta("un entero escrito con .0 también es un entero",
                 [ll(az.id(), "dividir", a=float(az.entero * 3), b=az.entero)], herramientas=h.con_dividir),
        h.oculta("un número con decimales no es un entero (ValueError)",
                 [ll(az.id(), "repetir", texto=az.palabra, veces=az.entero + 0.5)],
                 herramientas=h.con_repetir),
        h.oculta("los campos en otro orden, con otros ficheros",
                 [ll(az.id(), "escribir", contenido=az.frase(), ruta=az.ruta)], entorno=az.entorno),
        h.oculta("una llamada inválida tras una válida (ValueError)",
                 [ll(az.id(), "leer", ruta=az.ruta), ll(az.id(), "escribir", ruta=az.ruta, contenido=az.entero)],
                 entorno=az.entorno, o_sin_ejecutar=True),
        h.oculta("un entero es un number",
                 [ll(az.id(), "pedir", producto=az.palabra, kilos=az.entero, extras=[az.palabra], envio={})],
                 herramientas=h.con_pedir),
        h.oculta("un 1 no es un booleano (ValueError)",
                 [ll(az.id(), "contar", patron=az.palabra, mayusculas=1)],
                 entorno=az.entorno, herramientas=h.con_contar),
    ]
