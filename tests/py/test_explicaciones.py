"""py/explicaciones.py: the line under a cell's traceback and a challenge's failed test.

Each case is a cell that raises it, run as the page runs one (compiled as "<celda N>", in one
namespace with the course's files), and the Spanish line expected under its traceback. Plain
functions: tests/node/lesson_python.test.mjs runs them in Pyodide 3.14 too, where Python's own
NameError suggestions exist (CPython 3.11's traceback module has none).
"""
import sys

import calificador
import corpus
import entrega
import explicaciones
import redaccion
import transporte
from comun import lee_py, nuevo_espacio

CARGAR = ('from pyodide.http import open_url\nexec(open_url("/courses/llm-agents/guionizado.py").read())\n'
          'exec(open_url("/courses/llm-agents/entorno.py").read())\n')
SUGIERE = sys.version_info >= (3, 12)  # Python's "Did you mean" in TracebackException


def leer(url):
    return lee_py(url.rsplit("/", 1)[1])


def en_celda(codigo, anteriores=(), ns=None, n=3):
    """The line under the traceback of `codigo` run as cell n after `anteriores` ([n, id, code])."""
    ns = {"__name__": "__main__"} if ns is None else ns
    try:
        exec(compile(codigo, "<celda %d>" % n, "exec"), ns)
    except BaseException as exc:
        return explicaciones.de_celda(exc, codigo, [list(a) for a in anteriores], leer)
    raise AssertionError("la celda no ha lanzado nada")


def test_a_name_an_earlier_cell_defines_names_that_cell_and_its_id_for_usa():
    anteriores = [[1, "cargar", CARGAR], [2, "saludar", "def saludo(quien):\n    return 'hola ' + quien\n"]]
    assert en_celda("print(saludo('Ana'))", anteriores) == (
        "`saludo` se define en la Celda 2: ejecútala antes que esta (o, si escribes la lección, pon "
        "`:usa: saludar` en esta celda).")


def test_a_name_from_the_course_files_names_the_cell_that_loads_them():
    anteriores = [[1, "cargar", CARGAR], [2, "otra", "x = 1"]]
    assert en_celda("modelo = ModeloGuionizado([])", anteriores).startswith(
        "`ModeloGuionizado` se define en la Celda 1: ejecútala antes que esta")
    assert en_celda("print(leer(ENTORNO, 'lista.txt'))", anteriores).startswith("`leer` se define en la Celda 1")


def test_only_a_cells_top_level_counts_and_the_nearest_earlier_cell_wins():
    anteriores = [[1, "a", "total = 0"], [2, "b", "def f():\n    parcial = 1\n[c for c in 'ab']\n"],
                  [3, "c", "for total in range(3):\n    pass\n"]]
    assert en_celda("total + 1", anteriores, n=4).startswith("`total` se define en la Celda 3:")
    assert en_celda("parcial", anteriores, n=4).startswith("Ni esta celda ni las anteriores definen `parcial`")
    assert en_celda("c", anteriores, n=4).startswith("Ni esta celda ni las anteriores definen `c`")


def test_a_name_this_cell_defines_further_down():
    assert en_celda("print(cuenta)\ncuenta = 3\n") == (
        "`cuenta` se define en esta misma celda, pero Python llega antes a la línea que lo usa: dale valor "
        "antes de usarlo.")


def test_a_name_defined_nowhere_says_so_with_pythons_suggestion():
    assert en_celda("resultado = 1\nprint(reslutado)", [[1, "a", "x = 2"]]) == (
        "Ni esta celda ni las anteriores definen `reslutado`: ¿querías escribir `resultado`?" if SUGIERE else
        "Ni esta celda ni las anteriores definen `reslutado`: revisa cómo lo has escrito, o dale valor antes "
        "de usarlo.")
    assert en_celda("print(zzz_qqq)") == ("Ni esta celda ni las anteriores definen `zzz_qqq`: revisa cómo lo has "
                                          "escrito, o dale valor antes de usarlo.")
    if SUGIERE:
        assert en_celda("json.dumps(1)") == "Ni esta celda ni las anteriores definen `json`: ¿te falta `import json`?"


def test_a_missing_key():
    assert en_celda("ll = {'name': 'leer'}\nll['input']") == (
        "`ll` no tiene la clave `'input'`: mira qué claves tiene (`print(ll.keys())`), o usa "
        "`ll.get('input')`, que da None cuando falta.")


def test_a_missing_or_unexpected_argument():
    assert en_celda("def leer(entorno, ruta):\n    pass\nleer({})") == (
        "La llamada a `leer()` no le pasa el argumento `ruta`: añádelo a la llamada (`help(leer)` muestra los "
        "parámetros que pide).")
    assert en_celda("def f(a, b, *, c):\n    pass\nf()").startswith(
        "La llamada a `f()` no le pasa los argumentos `a` y `b`:")
    assert en_celda("def f(a):\n    pass\nf(1, ruta=2)") == (
        "`f()` no tiene ningún parámetro llamado `ruta`: corrige el nombre (`help(f)` muestra los suyos) o quítalo "
        "de la llamada.")
    assert en_celda("def f(a):\n    pass\nf(1, 2)") == (
        "La llamada a `f()` le pasa 2 argumentos sin nombre, pero solo admite 1: quita los que sobran (en un método, el "
        "primer parámetro es `self`).")
    assert en_celda("class A:\n    def f():\n        pass\nA().f()").startswith(
        "La llamada a `A.f()` le pasa 1 argumento sin nombre, pero no admite ninguno:")
    assert en_celda("len(1)") is None  # a TypeError of another kind: Python's message alone


def test_an_attribute_of_none():
    assert en_celda("M = [3, 1].sort()\nM.append(2)") == (
        "Ese valor es None, y None no tiene `.append`: suele venir de una función sin return, o de un método "
        "como `.sort()` o `.append()`, que cambia la lista y devuelve None.")
    assert en_celda("'a'.nada") is None


def test_indentation_and_syntax_errors():
    assert en_celda("def f():\nreturn 1\n").startswith("Tras una línea que acaba en `:` (def, if, for…) viene")
    assert en_celda("x = 1\n    y = 2\n").startswith("Esa línea tiene más sangría que la anterior")
    # A challenge's report drops the backticks: «dos puntos (:):», never a doubled «::»
    assert "::" not in explicaciones.en_texto(explicaciones.EXPLICACIONES["sangria_de_mas"])
    assert en_celda("if True:\n        x = 1\n    y = 2\n").startswith("La sangría de esa línea no coincide")
    assert en_celda("if True:\n\tx = 1\n        y = 2\n") == (
        "La sangría mezcla tabuladores y espacios: usa solo espacios, 4 por nivel.")
    assert en_celda("print('a'\n") == (
        "El `(` que se abre en esa línea no se cierra: añade su `)` donde acaba la expresión.")
    assert en_celda("x = [1, 2\n") .startswith("El `[` que se abre en esa línea no se cierra: añade su `]`")
    assert en_celda("print('hola)\n").startswith("Unas comillas se abren en esa línea y no se cierran")
    assert en_celda("def f()\n    pass\n").startswith("Falta `:` al final de esa línea")
    assert en_celda("x = = 1\n") == (
        "Python no entiende esa línea, así que no ha ejecutado ninguna: mira esa línea y la anterior (un "
        "paréntesis o unas comillas sin cerrar, un `:` que falta).")


def test_a_recursion_without_end():
    assert en_celda("def agente(M):\n    return agente(M)\nagente([])").startswith(
        "Una función se ha llamado a sí misma (o a otra que la llama) sin parar:")


def test_a_scripted_models_refusal_points_at_the_conversation_view():
    ns = nuevo_espacio()
    ns["guion"] = [([("usuario", "hola")], [ns["texto"]("hola")])]
    assert en_celda('modelo = ModeloGuionizado(guion)\nmodelo([("usuario", "hola")])\n'
                    'modelo([("usuario", "hola")])\n', ns=ns) == (
        "Tu código ha llamado al modelo más veces de las que tiene el guion: el bucle debe parar cuando una "
        "respuesta no trae ninguna llamada (`tool_use`).")
    fuera = 'ModeloGuionizado(guion)([("usuario", "adiós")])'
    assert en_celda(fuera, ns=ns).endswith("el mensaje de arriba dice en qué turno, mensaje y bloque.")
    protocolo = ('ModeloGuionizado(guion)([("usuario", "lee"), ("asistente", [llamada("t1", "leer", ruta="a")]), '
                 '("usuario", "nada")])')
    assert en_celda(protocolo, ns=ns).endswith("el mensaje de arriba dice dónde falla.")
    # In a cell, the refused turn is drawn below the traceback (site/src/dibujo.py): the line says so.
    for codigo, dice in ((fuera, "El modelo guionizado solo contesta a la conversación de su guion, y esta se "
                                 "aparta de él: la conversación de abajo marca dónde y muestra lo que esperaba."),
                         (protocolo, "La conversación incumple el protocolo: cada `tool_use` necesita, en el mensaje "
                                     "siguiente, un `tool_result` con su id; la conversación de abajo marca dónde "
                                     "falla.")):
        try:
            exec(codigo, ns)
        except Exception as exc:
            assert explicaciones.de_celda(exc, codigo, [], vista=True) == dice
        else:
            raise AssertionError("no ha lanzado nada")


def test_other_errors_have_no_line():
    assert en_celda("1 / 0") is None
    assert en_celda("raise ValueError('x')") is None


def test_a_challenges_failed_test_ends_with_the_same_line():
    ns = {}
    exec(compile("def observaciones(r, e):\n    return e['falta']\n", "entrega.py", "exec"), ns)
    r = transporte.EnEsteInterprete(ns, "observaciones").llama([[], {}], [], {})
    frase = redaccion.con_explicacion("Se esperaba que observaciones devolviera algo, y " + redaccion.que_hizo(r), r)
    assert frase == ("Se esperaba que observaciones devolviera algo, y lanzó KeyError en la línea 2 de tu código: "
                     "'falta'.\nEl diccionario que se lee en esa línea no tiene la clave 'falta': mira qué claves "
                     "tiene (con .keys()), o léela con .get('falta'), que da None cuando falta.")
    assert redaccion.con_explicacion("devolvió 1", {"valor": 1}) == "devolvió 1."


def test_a_submissions_key_error_names_the_dictionary_its_line_read():
    ns, problema, _ = entrega.carga_entrega([], "def observaciones(r, e):\n    return e['entrada']['falta']\n",
                                            "entrega.py")
    r = transporte.EnEsteInterprete(ns, "observaciones", problema, "entrega.py").llama([[], {"entrada": {}}], [], {})
    assert r["excepcion"]["datos"] == {"expresion": "e['entrada']"}
    assert redaccion.con_explicacion("observaciones " + redaccion.que_hizo(r), r).split("\n")[1] == (
        "e['entrada'] no tiene la clave 'falta': mira qué claves tiene (print(e['entrada'].keys())), o usa "
        "e['entrada'].get('falta'), que da None cuando falta.")


def test_a_submissions_name_error_carries_pythons_suggestion_in_its_message():
    ns = {}
    exec(compile("RESULTADO = 1\ndef f(r, e):\n    return RESULTDO\n", "entrega.py", "exec"), ns)
    e = transporte.EnEsteInterprete(ns, "f").llama([[], {}], [], {})["excepcion"]
    assert e["mensaje"].startswith("name 'RESULTDO' is not defined")
    assert e["mensaje"].endswith(". Did you mean: 'RESULTADO'?") == SUGIERE
    linea = redaccion.con_explicacion("f lanzó NameError", {"excepcion": e}).split("\n")[1]
    assert linea == ("Ni tu código ni el reto definen RESULTDO: ¿querías escribir RESULTADO?" if SUGIERE else
                     "Ni tu código ni el reto definen RESULTDO: revisa cómo lo has escrito, o dale valor antes "
                     "de usarlo.")


def test_a_submission_that_fails_to_load_gets_the_line_too():
    _, problema, _ = entrega.carga_entrega([], "def f(r, e):\nreturn r\n", "e.py")
    assert problema.startswith("Tu entrega tiene un error de sintaxis en la línea 2: expected an indented block")
    assert problema.endswith(".\nTras una línea que acaba en : (def, if, for…) viene su bloque, sangrado: añade 4 "
                             "espacios al principio de esa línea.")
    _, problema, _ = entrega.carga_entrega([], "d = {}\nd['x']\n", "e.py")
    assert problema == ("Al cargar tu entrega (línea 2) salta KeyError: 'x'.\nd no tiene la clave 'x': mira qué "
                        "claves tiene (print(d.keys())), o usa d.get('x'), que da None cuando falta.")
    ns, problema, salida = entrega.carga_entrega([], "d = {}\nd['x']\n", "e.py")
    informe = calificador.compara({"pruebas": [], "funcion": "f", "firma": None}, {},
                                  transporte.EnEsteInterprete(ns, "f", problema, "e.py", salida))
    assert informe["tests"][0]["output"].endswith("que da None cuando falta.")


# --- The table: (error, what the failed test expected) -> the line ------------------------------
# A challenge's report words an exception from its class, its mro and its message (transporte's
# describe_excepcion) and what the failed test expected (calificador.a_esperar); each row is one
# such pair and the whole line a learner reads under it, backticks and all.
FUERA = ["FueraDeGuion", "ValueError", "Exception", "BaseException", "object"]
CLAVE = ["KeyError", "LookupError", "Exception", "BaseException", "object"]
TIPO = ["TypeError", "Exception", "BaseException", "object"]
NOMBRE = ["NameError", "Exception", "BaseException", "object"]
TABLA = [
    # el-bucle: a loop with no cap, under a test about the cap, is told about the cap ...
    (("FueraDeGuion", "el guion tiene 6 turnos; se ha pedido el 7", FUERA), {"tope": 3},
     "Tu código ha llamado al modelo más veces de las que permite `tope`: cuenta las llamadas al modelo y, si "
     "llegas a `tope` sin una respuesta final, sal del bucle y devuelve `(None, M)`."),
    (("FueraDeGuion", "el guion tiene 6 turnos; se ha pedido el 1", FUERA), {"tope": 0},
     "Tu código ha llamado al modelo más veces de las que permite `tope`: cuenta las llamadas al modelo y, si "
     "llegas a `tope` sin una respuesta final, sal del bucle y devuelve `(None, M)`."),
    # ... and one that ran past a final answer, within its cap, about the final answer.
    (("FueraDeGuion", "el guion tiene 2 turnos; se ha pedido el 3", FUERA), {"tope": 10},
     "Tu código ha llamado al modelo más veces de las que tiene el guion: el bucle debe parar cuando una "
     "respuesta no trae ninguna llamada (`tool_use`)."),
    # llamar-herramientas: a test that expected ValueError says so, whatever came instead ...
    (("KeyError", "'borrar'", CLAVE), {"excepcion": "ValueError"},
     "Esta prueba espera que tu función lance `ValueError`, y antes le ha saltado un `KeyError`: comprueba tú "
     "ese caso antes de la línea que falla y lanza allí la excepción, con el motivo: `raise ValueError(\"…\")`."),
    (("TypeError", "unsupported operand type(s) for +: 'int' and 'str'", TIPO), {"excepcion": "ValueError"},
     "Esta prueba espera que tu función lance `ValueError`, y antes le ha saltado un `TypeError`: comprueba tú "
     "ese caso antes de la línea que falla y lanza allí la excepción, con el motivo: `raise ValueError(\"…\")`."),
    # ... but a mistake in the code itself keeps its own line: that is what to fix first.
    (("NameError", "name 'incumpe' is not defined", NOMBRE), {"excepcion": "ValueError"},
     "Ni tu código ni el reto definen `incumpe`: revisa cómo lo has escrito, o dale valor antes de usarlo."),
    # A test that expected a value: the exception's own line, about the learner's code.
    (("KeyError", "'ruta'", CLAVE), {},
     "El diccionario que se lee en esa línea no tiene la clave `'ruta'`: mira qué claves tiene (con `.keys()`), "
     "o léela con `.get('ruta')`, que da None cuando falta."),
    (("TypeError", "can only concatenate str (not \"int\") to str", TIPO), {},
     "Python no suma un número y un texto: convierte el número con `str()` para unir textos (o escribe un "
     "f-string, `f\"… {n}\"`), o el texto con `int()` para sumar números."),
    (("TypeError", "'str' object is not callable", TIPO), {},
     "Ese valor es un `str`, no una función: ¿has dado a una variable el nombre de una función (`resultado = …`)? "
     "Mira qué vale ese nombre con `print()`."),
    (("UnboundLocalError", "cannot access local variable 'error' where it is not associated with a value",
      ["UnboundLocalError"] + NOMBRE), {},
     "Esta función da valor a `error` (`error = …`), y eso hace de `error` una variable suya en toda la función, "
     "también en las líneas de antes: si querías el `error` de fuera, pon otro nombre a esa variable."),
    (("TypeError", "leer() missing 1 required positional argument: 'ruta'", TIPO), {},
     "La llamada a `leer()` no le pasa el argumento `ruta`: añádelo a la llamada (`help(leer)` muestra los "
     "parámetros que pide)."),
]


def test_each_error_under_each_kind_of_test_has_its_line():
    for (tipo, mensaje, mro), esperaba, linea in TABLA:
        assert explicaciones.explica(tipo, mensaje, mro, esperaba=esperaba) == linea, (tipo, mensaje, esperaba)


def test_no_line_points_away_from_what_the_failed_test_expected():
    """The issue's misleading cases: a cap test told to stop on a final answer, a ValueError test
    told to use d.get, a line that names a `d` or a `def` the learner never wrote."""
    for (tipo, mensaje, _), esperaba, linea in TABLA:
        if esperaba.get("tope") is not None and int(mensaje.rsplit(" ", 1)[1]) > esperaba["tope"]:
            assert "ninguna llamada" not in linea
        if esperaba.get("excepcion") and tipo not in ("NameError",):
            assert ".get(" not in linea and esperaba["excepcion"] in linea
        assert "d.keys()" not in linea and " def." not in linea and "::" not in explicaciones.en_texto(linea)


def test_a_cell_names_the_dictionary_it_read_or_the_course_function_that_read_one():
    assert en_celda("x = {'a': {}}\nx['a']['b']") == (
        "`x['a']` no tiene la clave `'b'`: mira qué claves tiene (`print(x['a'].keys())`), o usa `x['a'].get('b')`, "
        "que da None cuando falta.")
    codigo = "def primera_linea(ruta):\n    return leer(ENTORNO, ruta).splitlines()[0]\n\nprimera_linea('no.txt')\n"
    assert en_celda(codigo, ns=nuevo_espacio()) == (
        "`leer()` ha buscado la clave `'no.txt'` en un diccionario que le pasas, y no está: mira qué claves tiene "
        "(con `.keys()`) antes de llamarla.")


def test_a_number_and_a_text_added():
    linea = ("Python no suma un número y un texto: convierte el número con `str()` para unir textos (o escribe un "
             "f-string, `f\"… {n}\"`), o el texto con `int()` para sumar números.")
    assert en_celda("veces = 3\nprint('veces: ' + veces)") == linea
    assert en_celda("total = 1 + '2'") == linea
    assert en_celda("n = 1.5\nn += 'x'") == linea


def test_a_schema_that_the_data_break_is_said_in_spanish_by_its_rule():
    validar = "import jsonschema\njsonschema.validate(%s, %s)\n"
    objeto = "{'type': 'object', 'properties': {'ruta': {'type': 'string'}, 'n': {'enum': [1, 2]}}, " \
             "'required': ['ruta'], 'additionalProperties': False}"
    assert en_celda(validar % ("{}", objeto)) == (
        "Los datos no cumplen el esquema: falta el campo `ruta`, que el esquema pide (`required`).")
    assert en_celda(validar % ("{'ruta': 5}", objeto)) == (
        "Los datos no cumplen el esquema: el campo `ruta` debe ser de tipo `string`.")
    assert en_celda(validar % ("{'ruta': 'a', 'x': 1, 'y': 2}", objeto)) == (
        "Los datos no cumplen el esquema: sobran los campos `x` y `y`: el esquema no admite más campos "
        "(`additionalProperties`).")
    assert en_celda(validar % ("{'ruta': 'a', 'n': 3}", objeto)) == (
        "Los datos no cumplen el esquema: el campo `n` debe ser uno de los valores de su `enum`.")
    assert en_celda(validar % ("{'ruta': ''}", "{'properties': {'ruta': {'minLength': 1}}}")) == (
        "Los datos no cumplen el esquema: el campo `ruta` incumple la regla `minLength` del esquema.")


CURSO = [[1, "cargar", CARGAR]]


def test_a_course_function_a_cell_covered_names_that_cell_its_line_and_how_to_get_it_back():
    ns = nuevo_espacio()
    anteriores = CURSO + [[2, "lee", "x = 1\nresultado = leer(ENTORNO, 'lista.txt')\nprint(resultado)\n"]]
    exec(anteriores[1][2], ns)
    assert en_celda("print(resultado('t1', 'hola'))", anteriores, ns=ns) == (
        "`resultado` era una función del curso, y la Celda 2 le ha dado otro valor en su línea 2: cambia allí ese "
        "nombre y ejecuta otra vez la Celda 1, que carga el curso, para recuperar `resultado`.")
    assert en_celda("resultado = 'a'\nresultado('t1', 'hola')", CURSO, ns=nuevo_espacio()).startswith(
        "`resultado` era una función del curso, y esta celda le ha dado otro valor en su línea 1:")
    # Not a course function: the general line.
    assert en_celda("f = 'a'\nf()", CURSO, ns=nuevo_espacio()).startswith("Ese valor es un `str`, no una función:")


def test_a_function_that_assigns_a_course_functions_name_says_where():
    codigo = ("def ejecutar(ll):\n    try:\n        return leer(ENTORNO, ll)\n    except Exception as e:\n"
              "        r = error('t1', str(e))\n        error = str(e)\n        return r\nejecutar('nada.txt')\n")
    assert en_celda(codigo, CURSO, ns=nuevo_espacio()) == (
        "Esta función da valor a `error` en la línea 6 de esta celda, y eso hace de `error` una variable suya en "
        "toda la función, también en las líneas de antes, que ya no ven la función `error` del curso: pon otro "
        "nombre a esa variable.")
    assert en_celda("def f():\n    x += 1\nf()") == (
        "Esta función da valor a `x` (`x = …`), y eso hace de `x` una variable suya en toda la función, también en "
        "las líneas de antes: si querías el `x` de fuera, pon otro nombre a esa variable.")


# --- One line per rule of the protocol -------------------------------------------------------

def test_every_rule_of_the_protocol_has_its_own_line_but_the_pairing_one():
    reglas = nuevo_espacio()["_REGLAS"]
    propias = set(reglas) - {"sin_resultado", "fuera_de_guion", "guion_agotado"}
    assert set(explicaciones.PROTOCOLO) == propias
    assert len(set(explicaciones.PROTOCOLO.values())) == len(propias), "two rules share a line"


def en_modelo(codigo):
    """The line under a cell that calls a scripted model with codigo's conversation (M, H)."""
    ns = nuevo_espacio()
    ns["guion"] = [([("usuario", "hola")], [ns["texto"]("hola")])]
    return en_celda("modelo = ModeloGuionizado(guion)\n" + codigo, ns=ns)


LLAMADA = '("asistente", [llamada("t1", "leer", ruta="a")])'
RESULTADO = '("usuario", [resultado("t1", "x")])'


def test_each_refusal_the_issue_names_gets_the_line_of_its_own_rule():
    assert en_modelo('modelo([("usuario", "lee"), %s, %s])' % (LLAMADA, RESULTADO)) == (
        "Una conversación con `tool_use` o `tool_result` necesita que la petición declare sus herramientas: llama "
        "al modelo con ellas, `modelo(M, HERRAMIENTAS)`.")
    assert en_modelo('modelo([("usuario", "hola"), ("asistente", ""), ("usuario", "")], HERRAMIENTAS)') == (
        "Un mensaje no puede ir vacío (`\"\"` o `[]`), salvo el último del asistente: quítalo o ponle contenido.")
    assert en_modelo('modelo([("user", "hola")], HERRAMIENTAS)') == (
        "Cada mensaje es un par `(rol, contenido)` con rol `\"sistema\"`, `\"usuario\"` o `\"asistente\"`, en "
        "castellano (`\"user\"` es el rol de la API), o un diccionario `{\"role\", \"content\"}` con los roles de "
        "la API.")
    assert en_modelo('modelo([("usuario", "hola")], [dict(HERRAMIENTAS[0], name="leer fichero")])') == (
        "El nombre de una herramienta solo lleva letras sin tilde, cifras, `_` y `-`, sin espacios: cámbialo (por "
        "ejemplo, `leer_fichero`).")
    assert en_modelo('modelo([{"role": "system", "content": "sé breve"}, {"role": "user", "content": "hola"}], '
                     'HERRAMIENTAS)') == (
        "En la Messages API el texto de sistema del principio no es un mensaje, sino el parámetro `system`: con los "
        "pares del curso, escríbelo como `(\"sistema\", texto)` al principio.")
    # The pairing rule keeps the pairing line; the two never stand for each other.
    assert en_modelo('modelo([("usuario", "lee"), %s, ("usuario", "nada")], HERRAMIENTAS)' % LLAMADA) == (
        "La conversación incumple el protocolo: cada `tool_use` necesita, en el mensaje siguiente, un `tool_result` "
        "con su id; el mensaje de arriba dice dónde falla.")
    assert en_modelo('modelo([("usuario", "lee"), %s, %s, %s], HERRAMIENTAS)' % (LLAMADA, RESULTADO, RESULTADO)) \
        == ("Cada `tool_result` contesta a un `tool_use` del mensaje justo anterior, con su id en `tool_use_id`: "
            "copia el `id` de la llamada que contestas.")


def test_a_submissions_refusal_carries_its_rule_to_the_report():
    """The scripted model runs on the trusted side, and its refusal is raised again as the
    learner's own class (transporte.llamada_de): the rule crosses with it."""
    reto = corpus.carga_reto("el-bucle")
    fuente = "def bucle(modelo, inicio, entorno, tope):\n    modelo([('user', 'hola')], HERRAMIENTAS)\n"
    ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), fuente, "entrega.py")
    informe = calificador.califica(reto, transporte.EnEsteInterprete(ns, "bucle", problema, "entrega.py"), 5)
    salida = informe["tests"][1]["output"]
    assert "lanzó ErrorDeProtocolo en la línea 2 de tu código" in salida
    assert salida.endswith("\nCada mensaje es un par (rol, contenido) con rol \"sistema\", \"usuario\" o "
                           "\"asistente\", en castellano (\"user\" es el rol de la API), o un diccionario "
                           "{\"role\", \"content\"} con los roles de la API.")


# --- The issue's two misleading cases, through the real challenges --------------------------

def _salida(caso, prueba):
    informe = corpus.califica_en_este_interprete(caso)
    return {t["name"]: t["output"] for t in informe["tests"]}[prueba]


def test_a_loop_with_no_cap_is_told_about_the_cap_under_the_cap_test():
    salida = _salida("el-bucle/hostil_sin_tope.py", "Un modelo que nunca termina se corta en tope llamadas y devuelve None")
    assert salida.endswith("\nTu código ha llamado al modelo más veces de las que permite tope: cuenta las llamadas al "
                           "modelo y, si llegas a tope sin una respuesta final, sal del bucle y devuelve (None, M).")
    assert "ninguna llamada" not in salida


def test_a_test_that_expected_valueerror_and_got_keyerror_says_so_not_dict_advice():
    salida = _salida("llamar-herramientas/mal_sin_nombre.py", "Rechaza una herramienta que no está declarada (ValueError)")
    assert salida.endswith("\nEsta prueba espera que tu función lance ValueError, y antes le ha saltado un KeyError: "
                           "comprueba tú ese caso antes de la línea que falla y lanza allí la excepción, con el motivo: "
                           "raise ValueError(\"…\").")
    assert ".get(" not in salida and ".keys()" not in salida
