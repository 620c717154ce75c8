"""The grader core in this interpreter, as the page runs it.

Plain functions, so that tests/node/ runs them in Pyodide too, where verdicts are decided; the
corpus itself goes through the core in Pyodide in tests/node/grader_corpus.test.mjs, and
through calificar.py in test_calificar.py.
"""
import time

import ayuda
import calificador
import corpus
import entrega
import transporte


def test_each_statement_rule_has_its_test_after_the_replay():
    hay_ocultas = False
    for reto in corpus.retos():
        nombres = calificador.nombres_de_pruebas(corpus.carga_reto(reto))
        assert nombres[0] == "Reproduce la conversación de la lección"
        ocultas = [n for n in nombres if n.startswith("Oculta: ")]
        assert nombres[len(nombres) - len(ocultas):] == ocultas  # the hidden ones, if any, come last
        assert len(set(nombres)) == len(nombres)
        hay_ocultas = hay_ocultas or bool(ocultas)
    assert hay_ocultas, "no challenge has a hidden test, so their order above checked nothing"


def test_a_memorised_answer_passes_the_replay_but_not_the_hidden_tests():
    informe = corpus.califica_en_este_interprete("llamar-herramientas/mal_memoriza.py", semilla=99)
    estado = {t["name"]: t["status"] for t in informe["tests"]}
    assert estado["Reproduce la conversación de la lección"] == "passed"
    assert estado["Oculta: otros ids y otros ficheros"] == "failed"


def test_a_missing_function_fails_every_test_with_one_clear_message():
    reto = corpus.carga_reto("llamar-herramientas")
    ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), "x = 1\n")
    informe = calificador.califica(reto, transporte.EnEsteInterprete(ns, "observaciones"))
    assert informe["score"] == 0 and informe["output"] == "No has definido la función observaciones."
    assert {t["output"] for t in informe["tests"]} == {"No has definido la función observaciones."}


def _llama(fuente, argumento, entorno=None, funcion="observaciones"):
    """One call of the learner's function in this interpreter, with the first challenge's tools."""
    reto = corpus.carga_reto("llamar-herramientas")
    referencia = calificador.espacio(calificador.fuentes_publicas(reto) + [reto.solucion])
    h = ayuda.Ayuda(referencia, 1)
    ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), fuente)
    assert problema is None, problema
    r, despues, registro, _ = calificador.ejecuta(transporte.EnEsteInterprete(ns, funcion), argumento,
                                                   entorno or referencia["ENTORNO"], h.herramientas,
                                                   calificador.gasto_nuevo())
    return r, despues, registro


def test_a_tool_acts_on_the_environment_it_is_passed():
    propio = "def observaciones(r, entorno):\n    return [FUNCIONES['leer'](entorno, 'a.txt')]\n"
    r, _, registro = _llama(propio, [], {"a.txt": "propio"})
    assert r["valor"] == ["propio"] and [n for n, *_ in registro] == ["leer"]
    global_ = "def observaciones(r, entorno):\n    return [FUNCIONES['leer'](ENTORNO, 'a.txt')]\n"
    r, _, registro = _llama(global_, [], {"a.txt": "propio"})
    assert r["excepcion"]["tipo"] == "KeyError" and [n for n, *_ in registro] == ["leer"]  # as in a real harness
    escribe = "def observaciones(r, entorno):\n    FUNCIONES['escribir'](entorno, 'b.txt', 'hola')\n    return entorno['b.txt']\n"
    r, despues, _ = _llama(escribe, [], {"a.txt": "x"})
    assert r["valor"] == "hola" and despues == {"a.txt": "x", "b.txt": "hola"}
    sin_entorno = "def observaciones(r, entorno):\n    return FUNCIONES['leer'](ruta='a.txt')\n"
    r, _, registro = _llama(sin_entorno, [], {"a.txt": "x"})
    assert r["excepcion"]["mensaje"] == "leer() missing 1 required positional argument: 'entorno'"
    assert registro == []


def test_the_trusted_side_bounds_what_tools_can_grow():
    llena = ("def observaciones(r, entorno):\n    try:\n        FUNCIONES['escribir'](entorno, 'x', 'y' * 200_000)\n"
             "    except OSError as e:\n        return str(e)\n")
    r, despues, _ = _llama(llena, [], {"a.txt": "x"})
    assert r["valor"] == "el entorno de la prueba no admite más de 100000 caracteres"
    assert despues == {"a.txt": "x"}  # the write was undone
    larga = ("def observaciones(r, entorno):\n    try:\n        FUNCIONES['escribir'](entorno, 'r' * 300, '')\n"
             "    except OSError as e:\n        return str(e)\n")
    assert _llama(larga, [])[0]["valor"].startswith("las rutas del entorno de la prueba no pueden pasar")


def test_the_pages_data_holds_no_solution_and_grades_as_the_command_line():
    import json
    reto = corpus.carga_reto("llamar-herramientas")
    esperado = calificador.esperado(reto, corpus.SEMILLA)
    texto = json.dumps(esperado, ensure_ascii=False)
    assert "motivo = incumple(b)" not in texto and "def pruebas" not in texto
    # Through JSON text, as the page gets it: a 2.5 stays a float, and the verdicts are the same.
    assert json.loads(texto) == esperado
    with open(corpus.ruta("llamar-herramientas/mal_decimales.py"), encoding="utf-8") as f:
        fuente = f.read()
    informes = []
    for datos in (json.loads(texto), calificador.esperado(reto, corpus.SEMILLA)):
        ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), fuente)
        en_este = transporte.EnEsteInterprete(ns, "observaciones", problema)
        informes.append(calificador.compara(datos, calificador.espacio(calificador.fuentes_publicas(reto)), en_este))
    assert [t["status"] for t in informes[0]["tests"]] == [t["status"] for t in informes[1]["tests"]]
    assert corpus.fallan(informes[0]) == corpus.veredictos()["llamar-herramientas/mal_decimales.py"]["fallan"]


def test_a_hidden_test_never_shows_its_inputs_and_a_visible_one_does():
    informe = corpus.califica_en_este_interprete("llamar-herramientas/mal_decimales.py")
    salida = {t["name"]: t["output"] for t in informe["tests"]}
    assert salida["Rechaza un número con decimales donde se pide un entero (ValueError)"].startswith(
        "Se envió la respuesta:\n  tool_use g3 primeras, input {\"ruta\": \"despensa.txt\", \"lineas\": 2.5}\n")
    oculta = salida["Oculta: un número con decimales no es un entero (ValueError)"]
    assert oculta.startswith("Se esperaba que observaciones lanzara ValueError, y lanzó TypeError en la línea ")
    assert "Se envió" not in oculta and "toolu_" not in oculta
    # Nor what its data made happen: the exception's message (here a value the test sent), only
    # its class, the learner's line, and what the test expected of it.
    assert "\n".join(oculta.split("\n")[1:]) == (
        "Esta prueba espera que tu función lance ValueError, y antes le ha saltado un TypeError: comprueba tú ese "
        "caso antes de la línea que falla y lanza allí la excepción, con el motivo: raise ValueError(\"…\").")
    assert oculta.split("\n")[0].endswith(" de tu código.")


def test_a_hidden_test_says_what_kind_of_thing_failed_and_never_a_value():
    """The page says a hidden test's data are never shown: not its inputs, nor the expected value
    or what came, which are made of them."""
    informe = corpus.califica_en_este_interprete("llamar-herramientas/mal_memoriza.py", semilla=99)
    salida = {t["name"]: t["output"] for t in informe["tests"]}
    assert salida["Oculta: otros ids y otros ficheros"] == "Lo que devuelve observaciones no es lo que se esperaba."
    for nombre, texto in salida.items():
        if nombre.startswith("Oculta: ") and texto:
            assert not any(c in texto for c in '{["') and "Se esperaba:" not in texto, texto


# --- The forms "bucle" and "permiso": what a wrong answer is told -------------------------------

def _salidas(reto, fuente, semilla=5):
    """{test name: output} of grading this source of the challenge, in this interpreter."""
    r = corpus.carga_reto(reto)
    ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(r), fuente, "entrega.py")
    informe = calificador.califica(r, transporte.EnEsteInterprete(ns, r.funcion, problema), semilla)
    return {t["name"]: t["output"] for t in informe["tests"]}


def _de_la_solucion(reto, *cambios):
    """The challenge's SOLUCION with each (old, new) replaced once: a learner's near miss."""
    fuente = corpus.carga_reto(reto).solucion
    for viejo, nuevo in cambios:
        assert fuente.count(viejo) == 1, viejo
        fuente = fuente.replace(viejo, nuevo)
    return fuente


UNEN = "Los textos de la respuesta final se unen con saltos de línea"
ENVIADO_UNEN = "Se envió un modelo guionizado con 1 respuesta, 2 mensajes de inicio y tope=3\n"


def test_a_loop_that_returns_the_wrong_text_is_told_both_texts():
    salidas = _salidas("el-bucle", _de_la_solucion("el-bucle", ('"\\n".join', '" ".join')))
    assert salidas[UNEN] == ENVIADO_UNEN + (
        'El texto que devuelve bucle debía ser "Las notas dicen una cosa:\\nel sábado vienen cuatro a '
        'cenar.", y es "Las notas dicen una cosa: el sábado vienen cuatro a cenar.".')
    vacio = _salidas("el-bucle", _de_la_solucion("el-bucle", ("return None, M", 'return "", M')))
    assert vacio["Con tope=0 no llama al modelo"].endswith(
        "\nEl texto que devuelve bucle debía ser None, y es \"\".")


def test_a_loop_with_a_wrong_message_is_told_which_one_and_both_sides():
    solo_el_primero = _de_la_solucion("el-bucle", (
        '            return "\\n".join(b["text"] for b in r if b["type"] == "text"), M',
        '            M[-1] = ("asistente", r[:1])\n'
        '            return "\\n".join(b["text"] for b in r if b["type"] == "text"), M'))
    assert _salidas("el-bucle", solo_el_primero)[UNEN] == ENVIADO_UNEN + (
        'El mensaje 3 de M no es el esperado. Se esperaba:\n'
        '  ("asistente", [\n'
        '    text "Las notas dicen una cosa:"\n'
        '    text "el sábado vienen cuatro a cenar."])\n'
        'y llegó:\n'
        '  ("asistente", [\n'
        '    text "Las notas dicen una cosa:"])')


def test_a_loop_with_too_many_or_too_few_messages_is_told_the_first_one_that_differs():
    nombre = "Un modelo que nunca termina se corta en tope llamadas y devuelve None"
    enviado = "Se envió un modelo guionizado con 6 respuestas, 2 mensajes de inicio y tope=3\n"
    de_mas = _salidas("el-bucle", _de_la_solucion("el-bucle", ("range(tope)", "range(tope + 1)")))
    assert de_mas[nombre] == enviado + (
        'M debía tener 8 mensajes y tiene 10: sobra el mensaje 9:\n'
        '  ("asistente", [\n'
        '    tool_use s4 listar, input {"carpeta": "recetas/"}])')
    de_menos = _salidas("el-bucle", _de_la_solucion("el-bucle", ("range(tope)", "range(tope - 1)")))
    assert de_menos[nombre] == enviado + (
        'M debía tener 8 mensajes y tiene 6: falta el mensaje 7:\n'
        '  ("asistente", [\n'
        '    tool_use s3 listar, input {"carpeta": "recetas/"}])')


def test_a_loop_that_returns_no_pair_or_raises_is_told_what_was_expected():
    solo_m = _salidas("el-bucle", _de_la_solucion("el-bucle", ("return None, M", "return M")))
    assert solo_m["Con tope=1 y una respuesta con llamadas, las ejecuta y devuelve None"].endswith(
        '\nbucle debe devolver un par (texto, M), y devolvió [["sistema", "Trabajas con los ficheros del '
        'usuario a través de tus herramientas: puedes leerlos, escribirlos,…')
    lanza = _salidas("el-bucle", _de_la_solucion("el-bucle", ("return None, M", "raise RuntimeError('tope')")))
    assert lanza["Con tope=0 no llama al modelo"].endswith(
        "\nSe esperaba que bucle devolviera None y la conversación, y lanzó RuntimeError en la "
        "línea 10 de tu código: tope.")
    captura = _salidas("el-bucle", _de_la_solucion("el-bucle", (
        "        M.append((\"usuario\", [ejecutar(ll, entorno) for ll in llamadas]))",
        "        try:\n"
        "            M.append((\"usuario\", [ejecutar(ll, entorno) for ll in llamadas]))\n"
        "        except ValueError:\n"
        "            return None, M")))
    assert captura["Una llamada que no cumple su esquema detiene el bucle con el ValueError de ejecutar"] == (
        "Se envió un modelo guionizado con 2 respuestas, 2 mensajes de inicio y tope=5\n"
        "Se esperaba que bucle lanzara ValueError, y devolvió (None, M), con M de 3 mensajes.")


def test_the_hidden_tests_and_the_replay_of_a_loop_never_show_its_script():
    salidas = _salidas("el-bucle", _de_la_solucion("el-bucle", ("range(tope)", "range(tope + 1)")))
    ocultas = {n: s for n, s in salidas.items() if n.startswith("Oculta: ")}
    assert ocultas["Oculta: un modelo que nunca termina, con otro tope"] == (
        "Lo que devuelve bucle no es lo que se esperaba.")
    assert all(not s.startswith("Se envió") for s in ocultas.values())
    salidas = _salidas("el-bucle", "def bucle(modelo, inicio, entorno, tope):\n    return None, []\n")
    assert salidas[calificador.REPRODUCE].startswith("M debía tener 7 mensajes y tiene 0: falta el mensaje 1:")


def test_no_test_expects_the_scripted_model_to_refuse_the_reference():
    """A script that disagrees with the reference (a miscounted "escritos N caracteres", say) makes
    the model raise, and the test would then expect that error from every right answer."""
    for nombre in corpus.retos():
        for semilla in (corpus.SEMILLA, 5):
            for p in calificador.esperado(corpus.carga_reto(nombre), semilla)["pruebas"]:
                e = p["esperado"]["respuesta"].get("excepcion")
                assert not e or not {"FueraDeGuion", "ErrorDeProtocolo"} & set(e["mro"]), (
                    nombre, p["nombre"], e["mensaje"])


LECTURA = "Una lectura se ejecuta sin preguntar"
ESCRITURA = "Una escritura pregunta una vez y, si el usuario lo permite, se ejecuta"


def test_asking_the_user_when_it_should_not_or_twice_or_never_is_told_so():
    siempre = _salidas("permisos", _de_la_solucion("permisos", (
        'if permiso == "preguntar" and not confirmar(ll):',
        'if not confirmar(ll) and permiso == "preguntar":')))
    assert siempre[LECTURA] == (
        'Se envió la llamada:\n  tool_use a1 leer, input {"ruta": "lista.txt"}\n'
        'y, si se le pregunta, el usuario responde: no\n'
        'Tu código preguntó al usuario (confirmar) una vez; no debía preguntar.')
    dos = _salidas("permisos", _de_la_solucion("permisos", (
        "not confirmar(ll)", "not (confirmar(ll) and confirmar(ll))")))
    assert dos[ESCRITURA] == (
        'Se envió la llamada:\n'
        '  tool_use b1 escribir, input {"ruta": "compra.txt", "contenido": "huevos\\ncebolla"}\n'
        'y, si se le pregunta, el usuario responde: sí\n'
        'Tu código preguntó al usuario (confirmar) 2 veces; debía preguntar una vez.')
    nunca = _salidas("permisos", _de_la_solucion("permisos", ("not confirmar(ll)", "False")))
    assert nunca[ESCRITURA].endswith("\nTu código no preguntó al usuario; debía preguntar una vez.")
    # With no answers given, the user says yes: the message says so.
    assert "el usuario responde: sí\n" in siempre["Si la herramienta lanza una excepción, devuelve error(id, str(e))"]


def test_confirmar_is_asked_about_the_call_itself_as_json():
    por_nombre = _salidas("permisos", _de_la_solucion("permisos", ("confirmar(ll)", 'confirmar(ll["name"])')))
    assert por_nombre[ESCRITURA].endswith(  # seen on the trusted side, whatever the code does next
        '\nTu código preguntó al usuario (confirmar) por "escribir", y solo se le pregunta por la llamada '
        'que se va a ejecutar, ll.')
    # A copy is the call too; something JSON can't carry fails as it does in calificar.py's child.
    copia = _salidas("permisos", _de_la_solucion("permisos", ("confirmar(ll)", "confirmar(dict(ll))")))
    assert all(s == "" for s in copia.values())
    objeto = _salidas("permisos", _de_la_solucion("permisos", ("confirmar(ll)", "confirmar(object())")))
    assert objeto[ESCRITURA].endswith(
        "lanzó TypeError en la línea 8 de tu código: los argumentos de confirmar deben ser valores JSON.")
    assert objeto[LECTURA] == ""




def test_in_the_page_a_test_failed_by_a_refused_conversation_carries_it_marked_and_results_json_never():
    reto = corpus.carga_reto("llamar-herramientas")
    datos = calificador.esperado(reto, corpus.SEMILLA)
    publico = calificador.espacio(calificador.fuentes_publicas(reto))
    mal = ("def observaciones(respuesta, entorno):\n"
           "    return [resultado(b['id'], 'nada') for b in respuesta if b['type'] == 'tool_use']\n")
    informes = []
    for vistas in (False, True):
        ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), mal)
        informes.append(calificador.compara(datos, publico, transporte.EnEsteInterprete(ns, "observaciones", problema),
                                            vistas=vistas))
    assert not any("conversacion" in t for t in informes[0]["tests"])
    assert [t["status"] for t in informes[0]["tests"]] == [t["status"] for t in informes[1]["tests"]]
    con = {t["name"]: t["conversacion"] for t in informes[1]["tests"] if "conversacion" in t}
    reproduce = con[calificador.REPRODUCE]
    assert reproduce["marca"] == {"mensaje": 4, "bloque": 1} and reproduce["error"].startswith("FueraDeGuion: turno 2")
    assert reproduce["esperado"]["bloques"][0]["contenido"].startswith("lista.txt: pan, leche, patatas")
    ocultas = {p["nombre"] for p in datos["pruebas"] if p["oculta"]}
    assert not ocultas & set(con)  # a hidden test's inputs are never shown


def test_a_test_that_allows_checking_every_call_first_takes_that_run_or_the_references_and_no_other():
    reto = corpus.carga_reto("llamar-herramientas")

    def pruebas(h):
        ll = h.llamada
        return [h.prueba("inválida la tercera", [ll("x1", "escribir", ruta="a.txt", contenido="a"),
                                                ll("x2", "escribir", ruta="b.txt", contenido="b"),
                                                ll("x3", "escribir", ruta="c.txt", contenido=3)], o_sin_ejecutar=True)]
    reto = reto._replace(pruebas=pruebas, reglas={})
    cada_una = reto.solucion
    todas_antes = ("def observaciones(respuesta, entorno):\n"
                   "    llamadas = [b for b in respuesta if b['type'] == 'tool_use']\n"
                   "    if any(incumple(b) for b in llamadas):\n        raise ValueError('no')\n"
                   "    return [resultado(b['id'], FUNCIONES[b['name']](entorno, **b['input'])) for b in llamadas]\n")
    solo_una = ("def observaciones(respuesta, entorno):\n"
                "    llamadas = [b for b in respuesta if b['type'] == 'tool_use']\n"
                "    if any(incumple(b) for b in llamadas):\n"
                "        FUNCIONES['escribir'](entorno, **llamadas[0]['input'])\n        raise ValueError('no')\n"
                "    return [resultado(b['id'], FUNCIONES[b['name']](entorno, **b['input'])) for b in llamadas]\n")
    estados = []
    for fuente in (cada_una, todas_antes, solo_una):
        ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), fuente)
        informe = calificador.califica(reto, transporte.EnEsteInterprete(ns, "observaciones", problema), 1)
        estados.append(informe["tests"][-1]["status"])
    assert estados == ["passed", "passed", "failed"]


def test_the_models_first_check_of_the_tools_is_not_counted_in_the_learners_tool_time():
    # That first check imports jsonschema: 3.7-4.9 s in Pyodide under a load of 16, past the
    # 2 s of tool and model time a whole submission gets. Here it is made to take 1.2 s, against
    # 1 s: the reference must still get full marks.
    reto = corpus.carga_reto("el-bucle")
    publico = calificador.espacio(calificador.fuentes_publicas(reto))
    metaesquema, vistos = publico["_fallo_del_metaesquema"], []

    def como_importar_jsonschema(esquema):
        if not vistos:
            vistos.append(time.sleep(1.2))
        return metaesquema(esquema)
    publico["_fallo_del_metaesquema"] = como_importar_jsonschema
    ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), reto.solucion)
    tope, calificador._TOPE_TIEMPO_HERRAMIENTAS = calificador._TOPE_TIEMPO_HERRAMIENTAS, 1.0
    try:
        informe = calificador.compara(calificador.esperado(reto, corpus.SEMILLA), publico,
                                      transporte.EnEsteInterprete(ns, reto.funcion))
    finally:
        calificador._TOPE_TIEMPO_HERRAMIENTAS = tope
    assert vistos and informe["score"] == informe["max_score"], informe["tests"]
