"""Reto de la lección fallos-de-la-api: escribir bucle_robusto(modelo, inicio, entorno, tope).

Lo lee el calificador (py/carga.py). CONTEXTO, PLANTILLA y ENUNCIADO son públicos;
SOLUCION, CONVERSACION y pruebas() solo los ve la parte de confianza del calificador.
"""

FIRMA = "bucle"  # lo que recibe la función: un modelo guionizado, el inicio, el entorno y el tope
FUNCION = "bucle_robusto"

ENUNCIADO = """\
Escribe `bucle_robusto(modelo, inicio, entorno, tope)`: el `bucle` de «El bucle del agente»,
que ahora mira por qué termina cada respuesta y aguanta los fallos pasajeros de la API.
Devuelve un par `(texto, M)`:

- `M` empieza siendo una copia de `inicio`; cada vuelta llama a `modelo(M, HERRAMIENTAS)` y
  añade la respuesta entera a `M` como `("asistente", respuesta)`;
- si `respuesta.stop_reason` es `"tool_use"`, ejecuta sus llamadas con `ejecutar(ll, entorno)`,
  en orden, añade a `M` un solo mensaje `("usuario", resultados)` y vuelve a llamar al modelo;
- si es `"end_turn"`, termina: `texto` es el texto de sus bloques `text`, unidos con `"\\n"`;
- con cualquier otro (`"max_tokens"`, `"refusal"`…), termina sin ejecutar ninguna llamada de
  esa respuesta y devuelve `(None, M)`;
- si `modelo` lanza `ErrorDeLaAPI` con `status` 429, 500 o 529, espera y vuelve a llamarlo con
  la misma `M`: espera `e.reintentar_tras` segundos si el error los trae y, si no, `2 ** n`,
  donde `n` es el número de reintentos seguidos que lleva ya (1, 2, 4…);
- como mucho `REINTENTOS` reintentos seguidos: si después vuelve a fallar, lanza ese error. La
  cuenta vuelve a cero con cada respuesta que llega;
- con cualquier otro `status` (un 400), lanza el error sin reintentar;
- nunca llama al modelo más de `tope` veces, contando los intentos que fallan: si las gasta sin
  una respuesta final, devuelve `(None, M)`. Con `tope=0` no lo llama nunca.

Para esperar, llama a `esperar(entorno, segundos)`. `ejecutar`, `esperar` y `REINTENTOS` ya están
definidos: no los cambies. En el curso, `esperar` no duerme: apunta cada espera al final del
fichero `esperas.txt` del entorno, con `escribir`, y así las pruebas ven cuánto esperaría tu arnés.
"""

# Públicas como el enunciado: la página las enseña una a una («Ver una pista»), y la discusión
# cuando se supera el reto. Nunca el código de SOLUCION (la construcción lo comprueba).
PISTAS = [
    "Empieza por el `bucle` de la plantilla, que ya funciona con respuestas completas, y cambia "
    "solo dos cosas: la llamada al modelo, dentro de un `try`, y la decisión de después, que "
    "ahora mira `respuesta.stop_reason` en vez de buscar bloques `tool_use`.",
    "Un reintento es otra vuelta del bucle sin añadir nada a `M`: en el `except`, espera y haz "
    "`continue`. Así cada intento gasta una vuelta, y el tope los cuenta sin más.",
    ("Lleva la cuenta de los reintentos seguidos en una variable: empieza en 0, sube en cada "
     "error que reintentas y vuelve a 0 en cuanto llega una respuesta. La espera sin "
     "`reintentar_tras` es `2 ** cuenta` antes de subirla; con la cuenta ya en `REINTENTOS`, "
     "un error más se lanza con `raise`.", 2),
]

DISCUSION = """\
**Por qué así.** `stop_reason` es la única manera de saber si una respuesta está completa. Una
respuesta cortada por `max_tokens` puede terminar en un `tool_use` a medias que cumple el
esquema (una escritura con la mitad del contenido): ejecutarla haría daño de verdad. Y una
negativa no es una respuesta final con texto vacío: el usuario no tiene lo que pidió.

Los reintentos solo sirven para los errores pasajeros (429, 500, 529), y el tope y el límite de
reintentos seguidos impiden que un arnés martillee una API que ya está sobrecargada. Un 400 no
se arregla repitiendo la misma petición: hay que cambiarla. Un reintento de la llamada al
modelo no duplica nada, porque pedir una respuesta no cambia ningún fichero; lo que no se repite
nunca a ciegas es una herramienta que no sea idempotente.
"""

# Cada regla del enunciado: un trozo de su texto y las pruebas visibles que la comprueban, y los
# programas equivocados del corpus que esas pruebas rechazan (tests/py/test_reglas.py).
REGLAS = {
    "copia": ("`M` empieza siendo una copia de `inicio`",
              ["Con stop_reason tool_use ejecuta las llamadas, y con end_turn termina con el texto"],
              {"mal_sin_copia": "M no es una copia de inicio: es la misma lista, y el bucle la cambia al añadir "
                                "mensajes."}),
    "respuesta-entera": ("añade la respuesta entera a `M` como `(\"asistente\", respuesta)`",
                         ["Una respuesta cortada por max_tokens no ejecuta su tool_use a medias, aunque cumpla el "
                          "esquema", "Una negativa (refusal) termina con None, no con su texto"],
                         {"mal_sin_la_ultima_respuesta": "Devuelve (None, M) sin añadir a M la respuesta cortada o "
                                                         "la negativa."}),
    "tool-use": ("si `respuesta.stop_reason` es `\"tool_use\"`, ejecuta sus llamadas",
                 ["Con stop_reason tool_use ejecuta las llamadas, y con end_turn termina con el texto"],
                 {"mal_una_vuelta": "Ejecuta las llamadas de la primera respuesta y no vuelve a llamar al modelo."}),
    "end-turn": ("si es `\"end_turn\"`, termina",
                 ["Con stop_reason tool_use ejecuta las llamadas, y con end_turn termina con el texto",
                  "Los textos de la respuesta final se unen con saltos de línea"],
                 {"mal_primer_texto": "Se queda con el primer bloque text de la respuesta final, sin unir los demás."}),
    "cortada": ("termina sin ejecutar ninguna llamada de esa respuesta",
                ["Una respuesta cortada por max_tokens no ejecuta su tool_use a medias, aunque cumpla el esquema",
                 "Una respuesta cortada por max_tokens con un tool_use incompleto devuelve None"],
                {"mal_ejecuta_la_cortada": "Mira si hay bloques tool_use, como el bucle de siempre, y no stop_reason: "
                                           "ejecuta el tool_use a medias de una respuesta cortada.",
                 "mal_cortada_sigue": "Con max_tokens, ejecuta las llamadas completas de la respuesta y vuelve a "
                                      "llamar al modelo."}),
    "negativa": ("con cualquier otro (`\"max_tokens\"`, `\"refusal\"`…), termina",
                 ["Una negativa (refusal) termina con None, no con su texto"],
                 {"mal_negativa_como_final": "Trata cualquier respuesta sin llamadas como final: devuelve el texto "
                                             "de una negativa."}),
    "reintenta": ("espera y vuelve a llamarlo con la misma `M`",
                  ["Un 529 se reintenta con la misma conversación, tras esperar 1 s",
                   "Un 500 también se reintenta"],
                  {"mal_sin_reintentos": "No captura ErrorDeLaAPI: el primer 529 sale del bucle.",
                   "mal_sin_esperar": "Reintenta enseguida, sin llamar a esperar.",
                   "mal_reintenta_solo_529": "Solo reintenta los 529 (overloaded_error): un 500 sale del bucle."}),
    "retry-after": ("espera `e.reintentar_tras` segundos si el error los trae",
                    ["Un 429 con retry-after espera lo que dice retry-after"],
                    {"mal_ignora_retry_after": "Espera siempre 2 ** n segundos, aunque el 429 traiga retry-after."}),
    "doble": ("`2 ** n`, donde `n` es el número de reintentos seguidos que lleva ya",
              ["Cada reintento seguido espera el doble, y tras REINTENTOS el siguiente error se lanza"],
              {"mal_espera_fija": "Espera siempre 1 s antes de cada reintento.",
               "mal_espera_desde_dos": "Cuenta los reintentos desde 1: espera 2, 4 y 8 s."}),
    "tope-de-reintentos": ("como mucho `REINTENTOS` reintentos seguidos",
                           ["Cada reintento seguido espera el doble, y tras REINTENTOS el siguiente error se lanza"],
                           {"mal_reintentos_sin_limite": "Reintenta mientras el tope lo permita, sin límite de "
                                                         "reintentos seguidos.",
                            "mal_un_reintento_de_mas": "Reintenta REINTENTOS + 1 veces seguidas antes de lanzar "
                                                       "el error."}),
    "cuenta-a-cero": ("La cuenta vuelve a cero con cada respuesta que llega",
                      ["La cuenta de reintentos vuelve a cero tras una respuesta"],
                      {"mal_cuenta_sin_reiniciar": "Cuenta los reintentos de toda la conversación, no los "
                                                   "seguidos."}),
    "400": ("con cualquier otro `status` (un 400), lanza el error sin reintentar",
            ["Un 400 se lanza sin reintentar"],
            {"mal_reintenta_el_400": "Reintenta cualquier ErrorDeLaAPI, también un 400.",
             "mal_captura_el_400": "Captura el 400 y devuelve (None, M) en vez de lanzarlo."}),
    "tope": ("nunca llama al modelo más de `tope` veces, contando los intentos que fallan",
             ["Los intentos que fallan cuentan para el tope"],
             {"mal_reintentos_fuera_del_tope": "Los reintentos no gastan tope: solo cuenta las respuestas que "
                                               "llegan."}),
    "tope-cero": ("Con `tope=0` no lo llama nunca", ["Con tope=0 no llama al modelo"],
                  {"mal_llama_antes_del_tope": "Llama al modelo antes de mirar el tope: con tope=0 lo llama una "
                                               "vez."}),
}

# Los reintentos seguidos que se permiten, y una espera que en el curso no duerme: la apunta en
# el entorno con escribir, una herramienta de la parte de confianza, donde las pruebas la ven.
CONTEXTO = '''\
TOPE_OBSERVACION = 2000  # caracteres que se conservan de un resultado largo; sigue un aviso
REINTENTOS = 3  # reintentos seguidos, como mucho, de una llamada al modelo que falla


def ejecutar(ll, entorno):
    problema = incumple(ll)
    if problema:
        raise ValueError("la llamada %s no cumple su esquema: %s" % (ll["id"], problema))
    contenido = FUNCIONES[ll["name"]](entorno, **ll["input"])
    if len(contenido) > TOPE_OBSERVACION:
        sobran = len(contenido) - TOPE_OBSERVACION
        contenido = contenido[:TOPE_OBSERVACION] + "\\n[recortado: faltan %d caracteres]" % sobran
    return resultado(ll["id"], contenido)


def esperar(entorno, segundos):
    """Espera antes de reintentar. En el curso no duerme: apunta la espera en esperas.txt."""
    escribir(entorno, "esperas.txt", entorno.get("esperas.txt", "") + "%s s\\n" % segundos)
'''

PLANTILLA = '''\
# El bucle de «El bucle del agente», que mira si hay llamadas en la respuesta.
def bucle_robusto(modelo, inicio, entorno, tope):
    M = list(inicio)
    for vuelta in range(tope):
        respuesta = modelo(M, HERRAMIENTAS)
        M = M + [("asistente", respuesta)]
        pedidas = [b for b in respuesta if b["type"] == "tool_use"]
        if not pedidas:
            return "\\n".join(b["text"] for b in respuesta if b["type"] == "text"), M
        M = M + [("usuario", [ejecutar(ll, entorno) for ll in pedidas])]
    return None, M
'''

SOLUCION = '''\
def bucle_robusto(modelo, inicio, entorno, tope):
    M, seguidos = list(inicio), 0
    for _ in range(tope):
        try:
            r = modelo(M, HERRAMIENTAS)
        except ErrorDeLaAPI as e:
            if e.status not in (429, 500, 529) or seguidos == REINTENTOS:
                raise
            esperar(entorno, e.reintentar_tras if e.reintentar_tras is not None else 2 ** seguidos)
            seguidos += 1
            continue
        seguidos = 0
        M.append(("asistente", r))
        if r.stop_reason == "tool_use":
            M.append(("usuario", [ejecutar(ll, entorno) for ll in r if ll["type"] == "tool_use"]))
        elif r.stop_reason == "end_turn":
            return "\\n".join(b["text"] for b in r if b["type"] == "text"), M
        else:
            return None, M
    return None, M
'''

_SISTEMA = ("sistema", "Trabajas con los ficheros del usuario a través de tus herramientas: "
                       "puedes leerlos, escribirlos, listarlos y buscar en ellos.")


def CONVERSACION(h):
    """La conversación guionizada de la lección: (inicio, respuestas, visto)."""
    E = h.ENTORNO
    inicio = [_SISTEMA, ("usuario", "¿Qué me falta comprar para hacer la tortilla?")]
    respuestas = [
        h.error_http(529),
        [h.texto("Miro la receta y tu lista."), h.llamada("t1", "leer", ruta="recetas/tortilla.txt"),
         h.llamada("t2", "leer", ruta="lista.txt")],
        h.error_http(429, reintentar_tras=5),
        [h.texto("Te faltan los huevos y la cebolla: las patatas ya están en tu lista.")],
    ]
    visto = [None, [h.resultado("t1", E["recetas/tortilla.txt"]), h.resultado("t2", E["lista.txt"])], None, None]
    return inicio, respuestas, visto


def pruebas(h):
    """Una prueba por regla del enunciado y, después, las ocultas con datos al azar."""
    ll, texto, res, az, E = h.llamada, h.texto, h.resultado, h.azar, h.ENTORNO
    falla, cortada, rechazada = h.error_http, h.cortada, h.rechazada

    def con(pide, respuestas, visto, tope, nombre, entorno=None, oculta=False):
        guion = [[_SISTEMA, ("usuario", pide)], respuestas, visto + [None] * (len(respuestas) - len(visto))]
        argumento = {"guion": guion, "tope": tope}
        if oculta:
            return h.oculta(nombre, argumento, entorno)
        return h.prueba(nombre, argumento, entorno)

    lista = [ll("a1", "leer", ruta="lista.txt")]
    vista = [res("a1", E["lista.txt"])]
    final = [texto("En la lista hay pan, leche y patatas.")]
    a_medias = ll("c1", "escribir", ruta="lista.txt", contenido="pan, leche, pata")
    incompleta = ll("c2", "escribir", ruta="lista.txt")
    uno, dos = az.id(), az.id()
    espera = az.entero
    return [
        con("¿Qué hay en la lista?", [lista, final], [vista], 5,
            "Con stop_reason tool_use ejecuta las llamadas, y con end_turn termina con el texto"),
        con("Resume las notas.", [[texto("Las notas dicen una cosa:"), texto("el sábado vienen cuatro.")]], [], 3,
            "Los textos de la respuesta final se unen con saltos de línea"),
        con("Añade patatas a la lista.", [cortada([texto("Reescribo la lista."), a_medias])], [], 5,
            "Una respuesta cortada por max_tokens no ejecuta su tool_use a medias, aunque cumpla el esquema"),
        con("Añade patatas a la lista.",
            [cortada([ll("c3", "leer", ruta="lista.txt"), incompleta])], [], 5,
            "Una respuesta cortada por max_tokens con un tool_use incompleto devuelve None"),
        con("Borra mis notas.", [rechazada([texto("No voy a borrar tus notas sin que lo confirmes.")])], [], 5,
            "Una negativa (refusal) termina con None, no con su texto"),
        con("¿Qué hay en la lista?", [falla(529), lista, final], [None, vista], 5,
            "Un 529 se reintenta con la misma conversación, tras esperar 1 s"),
        con("¿Qué hay en la lista?", [lista, falla(500), final], [vista], 5, "Un 500 también se reintenta"),
        con("¿Qué hay en la lista?", [falla(429, reintentar_tras=7), lista, final], [None, vista], 5,
            "Un 429 con retry-after espera lo que dice retry-after"),
        con("¿Qué hay en la lista?", [falla(500), falla(529), falla(500), falla(529), lista, final],
            [None, None, None, None, vista], 9,
            "Cada reintento seguido espera el doble, y tras REINTENTOS el siguiente error se lanza"),
        con("¿Qué hay en la lista?", [falla(529), falla(529), lista, falla(529), falla(529), final],
            [None, None, vista], 9, "La cuenta de reintentos vuelve a cero tras una respuesta"),
        con("¿Qué hay en la lista?", [falla(400, mensaje="messages: text content blocks must be non-empty"),
                                      final], [], 5, "Un 400 se lanza sin reintentar"),
        con("¿Qué hay en la lista?", [falla(529), lista, final], [None, vista], 2,
            "Los intentos que fallan cuentan para el tope"),
        con("¿Qué hay en la lista?", [lista, final], [vista], 0, "Con tope=0 no llama al modelo"),
        con("Lee %s." % az.ruta,
            [falla(az.elige([429, 500, 529]), reintentar_tras=espera), [ll(uno, "leer", ruta=az.ruta)],
             falla(529), falla(500), [texto(az.frase()), texto(az.frase())]],
            [None, [res(uno, az.entorno[az.ruta])]], 9,
            "otros errores, otras esperas y otros ficheros", entorno=az.entorno, oculta=True),
        con("Apunta %s." % az.palabra,
            [[texto("Apunto."), ll(dos, "escribir", ruta=az.ruta, contenido=az.palabra)],
             cortada([ll(az.id(), "escribir", ruta=az.ruta, contenido=az.palabra[:3])])],
            [[res(dos, "escritos %d caracteres en %s" % (len(az.palabra), az.ruta))]], az.entero,
            "una escritura y después una respuesta cortada", entorno=az.entorno, oculta=True),
        con("Lee %s." % az.ruta, [falla(529)] * 4 + [[texto(az.frase())]], [], az.entero + 4,
            "cuatro errores seguidos, con otro tope", entorno=az.entorno, oculta=True),
        con("Lee %s." % az.ruta, [falla(529), falla(400), [texto(az.frase())]], [], 5,
            "un 400 después de un reintento", entorno=az.entorno, oculta=True),
    ]
