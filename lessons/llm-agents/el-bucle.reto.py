"""Reto de la lección el-bucle: escribir bucle(modelo, inicio, entorno, tope).

Lo lee el calificador (py/carga.py). CONTEXTO, PLANTILLA y ENUNCIADO son públicos;
SOLUCION, CONVERSACION y pruebas() solo los ve la parte de confianza del calificador.
"""

FIRMA = "bucle"  # lo que recibe la función: un modelo guionizado, el inicio, el entorno y el tope
FUNCION = "bucle"

ENUNCIADO = """\
Escribe `bucle(modelo, inicio, entorno, tope)`. Recibe un modelo, los mensajes con los que
empieza la conversación, el entorno y el número máximo de veces que puede llamar al modelo.
Devuelve un par `(texto, M)`, donde `M` es la conversación entera:

- `M` empieza siendo una copia de `inicio`, una lista de pares `(rol, contenido)`;
- cada vuelta llama al modelo con `modelo(M, HERRAMIENTAS)`, con `M` entera, y añade la
  respuesta entera a `M` como `("asistente", respuesta)`;
- si la respuesta no tiene bloques `tool_use`, termina: `texto` es el texto de sus bloques
  `text`, unidos con `"\\n"` (`""` si no tiene ninguno);
- si tiene llamadas, ejecuta cada una con `ejecutar(ll, entorno)`, en el orden en que llegan,
  y añade a `M` un solo mensaje `("usuario", resultados)`. Después vuelve a llamar al modelo;
- nunca llama al modelo más de `tope` veces: si las gasta sin una respuesta final, devuelve
  `(None, M)`. Con `tope=0` no lo llama nunca.

`ejecutar` ya está definida: comprueba la llamada con `incumple`, lanza `ValueError` si no
cumple su esquema y, si la cumple, devuelve su `tool_result`, con el resultado recortado a
`TOPE_OBSERVACION` caracteres y, detrás, una línea que avisa del recorte. No la cambies ni
captures sus errores: un bucle que recibe una llamada inválida se detiene con ese `ValueError`.
"""

# Públicas como el enunciado: la página las enseña una a una («Ver una pista»), y la discusión
# cuando se supera el reto. Nunca el código de SOLUCION (la construcción lo comprueba).
PISTAS = [
    "El tope cuenta las llamadas al modelo: un bucle que da como mucho `tope` vueltas, con una "
    "llamada al modelo en cada una, lo cumple solo. Si termina sin una respuesta final, lo que "
    "viene después del bucle devuelve `(None, M)`.",
    "Tras añadir la respuesta a `M`, separa sus bloques `tool_use` de los demás. La respuesta es "
    "final solo si no tiene ninguna llamada: una con texto después de una llamada no lo es.",
    ("Usa `ejecutar(ll, entorno)` tal como está, con el `entorno` que recibe `bucle`: ya recorta "
     "los resultados y lanza el `ValueError` de una llamada inválida. Si ejecutas las llamadas en "
     "orden y no capturas nada, el bucle se detiene justo en la inválida.", 2),
]

DISCUSION = """\
**Por qué así.** El bucle es todo el agente. El modelo decide cuándo termina (una respuesta sin
llamadas) y el arnés decide cuánto puede durar (el tope): hacen falta los dos, porque un modelo
puede pedir herramientas sin fin.

Contar las llamadas al modelo, y no las herramientas, limita lo que cuesta la conversación: cada
llamada vuelve a enviar la conversación entera. Los resultados de una respuesta van juntos en un
solo mensaje porque así lo pide la documentación de Anthropic sobre las llamadas en paralelo
(*Parallel tool use*): un `tool_result` por cada `tool_use`, todos en el mensaje del usuario
siguiente; repartidos en varios mensajes, el modelo aprende a dejar de pedir varias llamadas a
la vez. Con un `while` y un contador también sale; un `for` sobre el tope lo deja a la vista.
"""

# Cada regla del enunciado: un trozo de su texto y las pruebas visibles que la comprueban. La
# construcción exige que cada punto del enunciado tenga la suya (tests/py/test_reglas.py).
REGLAS = {
    "par": ("Devuelve un par `(texto, M)`, donde `M` es la conversación entera",
            ["Una conversación que termina devuelve el texto final y toda la conversación"],
            {"mal_devuelve_m_solo": "Devuelve solo M, no el par (texto, M)."}),
    "copia": ("`M` empieza siendo una copia de `inicio`",
              ["Una conversación que termina devuelve el texto final y toda la conversación"],
              {"hostil_parchea_y_cambia_inicio": "Al cargarse, envuelve el transporte del calificador para que su "
                                                 "respuesta diga que inicio no cambió, y luego usa inicio como M. El "
                                                 "hijo tomó su transporte antes de cargar la entrega.",
               "mal_escribe_en_inicio": "Copia inicio, pero al terminar escribe la conversación entera de vuelta en "
                                        "inicio.",
               "mal_sin_copia": "M no es una copia de inicio: es la misma lista, y el bucle la cambia al añadir "
                                "mensajes."}),
    "herramientas": ("llama al modelo con `modelo(M, HERRAMIENTAS)`",
                     ["El modelo recibe HERRAMIENTAS, con todas sus herramientas"],
                     {"mal_herramientas_de_lectura": "Llama al modelo con solo las herramientas que leen, no con "
                                                     "HERRAMIENTAS.",
                      "mal_herramientas_sin_descripcion": "Llama al modelo con HERRAMIENTAS sin sus descripciones: el"
                                                          " modelo recibe otros esquemas.",
                      "mal_sin_herramientas": "Llama al modelo sin pasarle las herramientas."}),
    "m-entera": ("cada vuelta llama al modelo con `modelo(M, HERRAMIENTAS)`, con `M` entera",
                 ["Una conversación larga llega entera al modelo en cada llamada"],
                 {"mal_recorta_la_conversacion": "Cuando M pasa de 10 mensajes, envía al modelo solo los dos del "
                                                 "inicio y los 8 últimos."}),
    "respuesta-entera": ("añade la respuesta entera a `M` como `(\"asistente\", respuesta)`",
                         ["Dos llamadas en una respuesta: se ejecutan en orden y van en un solo mensaje",
                          "Con tope=1 y una respuesta final, devuelve su texto"],
                         {"mal_roles_en_ingles": "Escribe los mensajes nuevos como diccionarios de la API, y M mezcla"
                                                 " las dos formas.",
                          "mal_sin_respuesta_final": "No añade a M la respuesta final del modelo.",
                          "mal_solo_llamadas_en_m": "Añade a M solo los bloques tool_use de la respuesta, no la "
                                                    "respuesta entera."}),
    "final": ("si la respuesta no tiene bloques `tool_use`, termina",
              ["Una respuesta con texto después de su llamada no es la final",
               "Una respuesta final sin bloques text devuelve un texto vacío, no None"],
              {"mal_final_mira_el_ultimo_bloque": "Mira el último bloque de la respuesta antes que nada: con una "
                                                  "respuesta sin bloques, lanza IndexError.",
               "mal_final_si_el_ultimo_es_texto": "Decide que la respuesta es final mirando solo su último bloque.",
               "mal_para_en_el_primer_texto": "Termina en cuanto la respuesta tiene un bloque text, aunque traiga "
                                              "también llamadas."}),
    "texto": ("`texto` es el texto de sus bloques `text`, unidos con `\"\\n\"`",
              ["Los textos de la respuesta final se unen con saltos de línea",
               "El texto final se devuelve tal cual, con sus espacios y saltos de línea",
               "Una respuesta con texto después de su llamada no es la final"],
              {"mal_primer_texto": "Se queda con el primer bloque text de la respuesta final, sin unir los demás.",
               "mal_texto_de_todo": "Devuelve los textos de todas las respuestas del modelo, no solo los de la final.",
               "mal_texto_sin_espacios": "Quita los espacios del principio y del final del texto final.",
               "mal_une_con_espacios": "Une los textos de la respuesta final con espacios, no con \"\\n\"."}),
    "sin-texto": ("(`\"\"` si no tiene ninguno)",
                  ["Una respuesta final sin bloques text devuelve un texto vacío, no None"],
                  {"mal_sin_texto_none": "Si la respuesta final no tiene bloques text, devuelve None en vez de un "
                                         "texto vacío, como si se hubiera gastado el tope."}),
    "ejecutar": ("ejecuta cada una con `ejecutar(ll, entorno)`",
                 ["Ejecuta las llamadas sobre el entorno que recibe, no sobre ENTORNO",
                  "Dos llamadas en una respuesta: se ejecutan en orden y van en un solo mensaje",
                  "Las llamadas se ejecutan en el orden en que llegan, no en el de sus ids"],
                 {"mal_entorno_global": "Ejecuta las llamadas sobre ENTORNO, el entorno de la lección, y no sobre el "
                                        "que recibe.",
                  "mal_resultados_sin_espacios": "Quita los espacios y saltos de línea del principio y del final de "
                                                 "cada resultado de ejecutar antes de añadirlo a M.",
                  "mal_solo_primera_llamada": "Ejecuta solo la primera llamada de cada respuesta."}),
    "orden": ("en el orden en que llegan",
              ["Dos llamadas en una respuesta: se ejecutan en orden y van en un solo mensaje",
               "Las llamadas se ejecutan en el orden en que llegan, no en el de sus ids"],
              {"mal_orden_inverso": "Ejecuta las llamadas de una respuesta de la última a la primera.",
               "mal_orden_por_id": "Ejecuta las llamadas de una respuesta en el orden de sus ids, no en el que "
                                   "llegan."}),
    "un-mensaje": ("añade a `M` un solo mensaje `(\"usuario\", resultados)`",
                   ["Dos llamadas en una respuesta: se ejecutan en orden y van en un solo mensaje"],
                   {"mal_un_mensaje_por_llamada": "Cada resultado va en su propio mensaje del usuario, en vez de "
                                                  "todos en uno."}),
    "vuelve": ("Después vuelve a llamar al modelo",
               ["Una conversación que termina devuelve el texto final y toda la conversación"],
               {"mal_una_vuelta": "Ejecuta las llamadas de la primera respuesta y no vuelve a llamar al modelo."}),
    "tope": ("nunca llama al modelo más de `tope` veces",
             ["Un modelo que nunca termina se corta en tope llamadas y devuelve None",
              "El tope cuenta las llamadas al modelo, no las herramientas que se ejecutan"],
             {"hostil_sin_tope": "Ignora el tope y sigue llamando al modelo hasta que el guion se acaba.",
              "mal_tope_cuenta_ejecuciones": "Cuenta el tope en llamadas a herramientas ejecutadas, no en llamadas al"
                                             " modelo.",
              "mal_tope_mas_uno": "Llama al modelo una vez más de las que permite tope.",
              "mal_tope_menos_uno": "Cuenta las vueltas desde 1 y se detiene antes: llama al modelo una vez menos de "
                                    "las que permite tope."}),
    "none": ("si las gasta sin una respuesta final, devuelve `(None, M)`",
             ["Si gasta el tope, devuelve None aunque las respuestas traigan texto",
              "Con tope=1 y una respuesta con llamadas, las ejecuta y devuelve None"],
             {"mal_lanza_en_el_tope": "Si gasta el tope, lanza una excepción en vez de devolver (None, M).",
              "mal_texto_parcial": "Al gastar el tope devuelve el último texto que ha visto, en vez de None.",
              "mal_vacio_en_vez_de_none": "Si gasta el tope, devuelve un texto vacío en vez de None."}),
    "tope-cero": ("Con `tope=0` no lo llama nunca", ["Con tope=0 no llama al modelo"],
                                                    {"mal_llama_antes_del_tope": "Llama al modelo antes de mirar el "
                                                                                 "tope: con tope=0 lo llama una vez."}),
    "recorte": ("con el resultado recortado a `TOPE_OBSERVACION` caracteres",
                ["Un resultado largo llega al modelo recortado, como lo recorta ejecutar"],
                {"mal_ejecutar_sin_recorte": "Cambia ejecutar por una suya que no recorta los resultados largos."}),
    "sin-capturar": ("No la cambies ni captures sus errores",
                     ["Una llamada que no cumple su esquema detiene el bucle con el ValueError de ejecutar",
                      "Una llamada inválida entre dos válidas: se ejecuta la de antes y el bucle se detiene en ella"],
                     {"mal_captura_valueerror": "Captura el ValueError de ejecutar y lo convierte en un error para el"
                                                " modelo.",
                      "mal_captura_y_termina": "Captura el ValueError de ejecutar y termina como si el tope se "
                                               "hubiera gastado.",
                      "mal_sigue_tras_la_invalida": "Captura el ValueError de una llamada inválida, ejecuta las demás"
                                                    " y lo lanza al final.",
                      "mal_valida_todas_antes": "Comprueba todas las llamadas antes de ejecutar ninguna: una inválida"
                                                " impide las válidas de antes."}),
}

# La función de la lección anterior, con su comprobación dentro, y el recorte de cada resultado.
CONTEXTO = '''\
TOPE_OBSERVACION = 2000  # caracteres que se conservan de un resultado largo; sigue un aviso


def ejecutar(ll, entorno):
    problema = incumple(ll)
    if problema:
        raise ValueError("la llamada %s no cumple su esquema: %s" % (ll["id"], problema))
    contenido = FUNCIONES[ll["name"]](entorno, **ll["input"])
    if len(contenido) > TOPE_OBSERVACION:
        sobran = len(contenido) - TOPE_OBSERVACION
        contenido = contenido[:TOPE_OBSERVACION] + "\\n[recortado: faltan %d caracteres]" % sobran
    return resultado(ll["id"], contenido)
'''

PLANTILLA = '''\
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    ...
    return None, M
'''

SOLUCION = '''\
def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "\\n".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return None, M
'''

_SISTEMA = ("sistema", "Trabajas con los ficheros del usuario a través de tus herramientas: "
                       "puedes leerlos, escribirlos, listarlos y buscar en ellos.")


def CONVERSACION(h):
    """La conversación guionizada de la lección: (inicio, respuestas, visto)."""
    E = h.ENTORNO
    inicio = [_SISTEMA, ("usuario", "¿Qué me falta comprar para hacer la tortilla?")]
    respuestas = [
        [h.texto("Miro qué recetas hay."), h.llamada("t1", "listar", carpeta="recetas/")],
        [h.llamada("t2", "leer", ruta="recetas/tortilla.txt"),
         h.llamada("t3", "leer", ruta="lista.txt")],
        [h.texto("Para la tortilla necesitas huevos, patatas y cebolla. Las patatas ya están en "
                 "tu lista de la compra; te faltan los huevos y la cebolla.")],
    ]
    visto = [
        [h.resultado("t1", "recetas/gazpacho.txt\nrecetas/tortilla.txt")],
        [h.resultado("t2", E["recetas/tortilla.txt"]), h.resultado("t3", E["lista.txt"])],
        None,
    ]
    return inicio, respuestas, visto


def _recortado(contenido, tope=2000):
    """Lo que devuelve el ejecutar de CONTEXTO para un resultado de más de TOPE_OBSERVACION."""
    return contenido[:tope] + "\n[recortado: faltan %d caracteres]" % (len(contenido) - tope)


def pruebas(h):
    """Una prueba por regla del enunciado y, después, las ocultas con datos al azar."""
    ll, texto, res, az, E = h.llamada, h.texto, h.resultado, h.azar, h.ENTORNO

    def con(pide, respuestas, visto, tope, nombre, entorno=None, herramientas=None, oculta=False):
        guion = [[_SISTEMA, ("usuario", pide)], respuestas, visto + [None] * (len(respuestas) - len(visto))]
        argumento = {"guion": guion, "tope": tope}
        if oculta:
            return h.oculta(nombre, argumento, entorno, herramientas)
        return h.prueba(nombre, argumento, entorno, herramientas)

    def sin_fin(n, ids, carpeta, listado):
        return [[ll(i, "listar", carpeta=carpeta)] for i in ids[:n]], [[res(i, listado)] for i in ids[:n]]

    recetas = "recetas/gazpacho.txt\nrecetas/tortilla.txt"
    otro = {"despensa.txt": "arroz\ngarbanzos", "recetas/lentejas.txt": "Lentejas: lentejas, chorizo."}
    ids = ["s%d" % k for k in range(1, 7)]
    infinitas, vistas = sin_fin(6, ids, "recetas/", recetas)
    ids_azar = [az.id() for _ in range(az.entero + 2)]
    infinitas_azar, vistas_azar = sin_fin(az.entero + 2, ids_azar, "", "\n".join(sorted(az.entorno)))
    uno, dos, tres = az.id(), az.id(), az.id()
    largo = {"lista.txt": E["lista.txt"], "diario.txt": "\n".join("Día %d: tortilla y gazpacho." % d
                                                               for d in range(1, 101))}
    ids_diario = ["l%d" % k for k in range(1, 13)]
    diario = [[ll(i, "leer", ruta="diario.txt")] for i in ids_diario]
    vistos_diario = [[res(i, _recortado(largo["diario.txt"]))] for i in ids_diario]
    largo_azar = dict(az.entorno, **{az.ruta: " ".join(az.frase() for _ in range(300))})
    cuatro, cinco, seis = az.id(), az.id(), az.id()
    return [
        con("¿Qué hay en la lista?",
            [[ll("a1", "leer", ruta="lista.txt")], [texto("En la lista hay pan, leche y patatas.")]],
            [[res("a1", E["lista.txt"])]], 5,
            "Una conversación que termina devuelve el texto final y toda la conversación"),
        con("Resume las notas.",
            [[texto("Las notas dicen una cosa:"), texto("el sábado vienen cuatro a cenar.")]], [], 3,
            "Los textos de la respuesta final se unen con saltos de línea"),
        con("¿Dónde aparecen las patatas y qué recetas hay?",
            [[texto("Busco y listo a la vez."), ll("b1", "buscar", patron="patatas"),
              ll("b2", "listar", carpeta="recetas/")], [texto("Ya está.")]],
            [[res("b1", "lista.txt: pan, leche, patatas\nrecetas/tortilla.txt: Tortilla: huevos, "
                        "patatas, cebolla."), res("b2", recetas)]], 4,
            "Dos llamadas en una respuesta: se ejecutan en orden y van en un solo mensaje"),
        con("Repasa las recetas.", infinitas, vistas, 3,
            "Un modelo que nunca termina se corta en tope llamadas y devuelve None"),
        con("Repasa las recetas.", infinitas, vistas, 0, "Con tope=0 no llama al modelo"),
        con("Repasa las recetas.", infinitas, vistas, 1,
            "Con tope=1 y una respuesta con llamadas, las ejecuta y devuelve None"),
        con("Resume las notas.", [[texto("Vienen cuatro a cenar el sábado.")]], [], 1,
            "Con tope=1 y una respuesta final, devuelve su texto"),
        con("Apunta que queda poco arroz.",
            [[ll("c1", "escribir", ruta="despensa.txt", contenido="poco arroz\ngarbanzos")],
             [texto("Apuntado.")]],
            [[res("c1", "escritos 20 caracteres en despensa.txt")]], 5,
            "Ejecuta las llamadas sobre el entorno que recibe, no sobre ENTORNO", entorno=otro),
        con("Lee la lista.", [[ll("d1", "leer", rutas="lista.txt")], [texto("Hecho.")]], [], 5,
            "Una llamada que no cumple su esquema detiene el bucle con el ValueError de ejecutar"),
        con("Lee la lista.", [[ll("d2", "leer", rutas="lista.txt")]], [], 1,
            "Una llamada que no cumple su esquema detiene el bucle también en la última vuelta"),
        con("Repasa las recetas.",
            [[texto("Miro las recetas."), ll("e1", "listar", carpeta="recetas/")],
             [texto("Las miro otra vez."), ll("e2", "listar", carpeta="recetas/")]],
            [[res("e1", recetas)], [res("e2", recetas)]], 2,
            "Si gasta el tope, devuelve None aunque las respuestas traigan texto"),
        con("Mira las recetas y la lista.",
            [[ll("f1", "listar", carpeta="recetas/"), ll("f2", "leer", ruta="lista.txt")],
             [ll("f3", "leer", ruta="recetas/tortilla.txt")], [texto("Ya lo he mirado todo.")]],
            [[res("f1", recetas), res("f2", E["lista.txt"])], [res("f3", E["recetas/tortilla.txt"])]], 2,
            "El tope cuenta las llamadas al modelo, no las herramientas que se ejecutan"),
        con("¿Qué hay en la lista?",
            [[ll("g1", "leer", ruta="lista.txt"), texto("La leo y te digo.")],
             [texto("En la lista hay pan, leche y patatas.")]],
            [[res("g1", E["lista.txt"])]], 5,
            "Una respuesta con texto después de su llamada no es la final"),
        con("Apunta el pan y lee la lista.",
            [[ll("h1", "escribir", ruta="compra.txt", contenido="pan"), ll("h2", "leer", rutas="lista.txt"),
              ll("h3", "listar", carpeta="recetas/")], [texto("Hecho.")]], [], 5,
            "Una llamada inválida entre dos válidas: se ejecuta la de antes y el bucle se detiene en ella"),
        con("Lee el diario.",
            [[ll("i1", "leer", ruta="diario.txt")], [texto("El diario repite la tortilla y el gazpacho.")]],
            [[res("i1", _recortado(largo["diario.txt"]))]], 5,
            "Un resultado largo llega al modelo recortado, como lo recorta ejecutar", entorno=largo),
        con("Resume las notas.",
            [[texto("  El sábado vienen cuatro a cenar.\n"), texto("\nCompra pan. ")]], [], 2,
            "El texto final se devuelve tal cual, con sus espacios y saltos de línea"),
        con("Apunta que queda poco arroz.",
            [[ll("j1", "anotar", texto="queda poco arroz")], [texto("Apuntado en el diario.")]],
            [[res("j1", "anotado: queda poco arroz")]], 5,
            "El modelo recibe HERRAMIENTAS, con todas sus herramientas", herramientas=h.con_anotar),
        # Ids como los de una API: ni en orden alfabético ni al revés. La lectura ve la escritura de antes.
        con("Apunta huevos y cebolla en compra.txt y compruébalo.",
            [[ll("toolu_R7", "escribir", ruta="compra.txt", contenido="huevos\ncebolla\n"),
              ll("toolu_B2", "leer", ruta="compra.txt"), ll("toolu_W4", "listar", carpeta="")],
             [texto("Apuntado y comprobado.")]],
            [[res("toolu_R7", "escritos 15 caracteres en compra.txt"), res("toolu_B2", "huevos\ncebolla\n"),
              res("toolu_W4", "\n".join(sorted(list(E) + ["compra.txt"])))]], 3,
            "Las llamadas se ejecutan en el orden en que llegan, no en el de sus ids"),
        con("Lee el diario hasta que te canses.", diario, vistos_diario, 12,
            "Una conversación larga llega entera al modelo en cada llamada", entorno=largo),
        con("Vacía la lista.",
            [[ll("k1", "escribir", ruta="lista.txt", contenido="")], []],
            [[res("k1", "escritos 0 caracteres en lista.txt")]], 3,
            "Una respuesta final sin bloques text devuelve un texto vacío, no None"),
        con("Lee %s." % az.ruta,
            [[ll(uno, "leer", ruta=az.ruta)], [ll(dos, "buscar", patron=az.palabra)],
             [texto("Ya lo tengo: %s." % az.palabra)]],
            [[res(uno, az.entorno[az.ruta])],
             [res(dos, "\n".join("%s: %s" % (r, linea) for r in sorted(az.entorno)
                                 for linea in az.entorno[r].splitlines() if az.palabra in linea))]],
            5, "otros ids y otros ficheros", entorno=az.entorno, oculta=True),
        con("Repasa los ficheros.", infinitas_azar, vistas_azar, az.entero,
            "un modelo que nunca termina, con otro tope", entorno=az.entorno, oculta=True),
        con("Apunta %s." % az.palabra,
            [[texto("Apunto."), ll(tres, "escribir", ruta=az.ruta, contenido=az.palabra)],
             [texto(az.frase()), texto(az.frase())]],
            [[res(tres, "escritos %d caracteres en %s" % (len(az.palabra), az.ruta))]], 2,
            "una escritura y una respuesta final con dos textos, justo en el tope",
            entorno=az.entorno, oculta=True),
        con("Lee %s y apunta %s." % (az.ruta, az.palabra),
            [[ll(cuatro, "leer", ruta=az.ruta), ll(cinco, "escribir", ruta=az.ruta),
              ll(seis, "anotar", texto=az.palabra)], [texto(az.frase())]], [], az.entero,
            "una llamada inválida entre dos válidas, con otros datos", entorno=largo_azar,
            herramientas=h.con_anotar, oculta=True),
        con("Lee %s." % az.ruta,
            [[ll(uno, "leer", ruta=az.ruta), texto("  " + az.frase())], [texto(az.frase() + "\n")]],
            [[res(uno, _recortado(largo_azar[az.ruta]))]], az.entero,
            "un resultado largo y textos con espacios", entorno=largo_azar, oculta=True),
    ]
