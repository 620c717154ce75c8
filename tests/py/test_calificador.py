"""The grader core in this interpreter, as the page runs it.

Plain functions, so that tests/node/ runs them in Pyodide too, where verdicts are decided; the
corpus itself goes through the core in Pyodide in tests/node/grader_corpus.test.mjs, and
through calificar.py in test_calificar.py.
"""
import calificador
import corpus


def test_each_statement_rule_has_its_test_after_the_replay():
    for reto in ("llamar-herramientas", "errores-como-observaciones"):
        nombres = calificador.nombres_de_pruebas(corpus.carga_reto(reto))
        assert nombres[0] == "Reproduce la conversación de la lección"
        ocultas = [n for n in nombres if n.startswith("Oculta: ")]
        assert len(ocultas) >= 3 and nombres[-len(ocultas):] == ocultas
        assert len(set(nombres)) == len(nombres)


def test_hidden_inputs_change_with_the_seed():
    referencia = calificador.espacio_de_referencia(corpus.carga_reto("llamar-herramientas"))
    a, b = calificador.Ayuda(referencia, 1).azar, calificador.Ayuda(referencia, 2).azar
    assert a.id() != b.id() and (a.ruta, a.palabra) != (b.ruta, b.palabra)
    assert calificador.Ayuda(referencia, 1).azar.id() == calificador.Ayuda(referencia, 1).azar.id()


def test_a_memorised_answer_passes_the_replay_but_not_the_hidden_tests():
    informe = corpus.califica_en_este_interprete("llamar-herramientas/mal_memoriza.py", semilla=99)
    estado = {t["name"]: t["status"] for t in informe["tests"]}
    assert estado["Reproduce la conversación de la lección"] == "passed"
    assert estado["Oculta: otros ids y otros ficheros"] == "failed"


def test_the_page_gets_its_namespace_back():
    reto = corpus.carga_reto("errores-como-observaciones")
    ns, problema, _ = calificador.carga_entrega(calificador.contexto(reto), reto["SOLUCION"])
    antes = dict(ns)
    informe = calificador.califica(reto, calificador.EnEsteInterprete(ns, "ejecutar"), 5)
    assert informe["score"] == informe["max_score"]
    assert ns.keys() == antes.keys() and all(ns[k] is antes[k] for k in antes)


def test_a_missing_function_fails_every_test_with_one_clear_message():
    reto = corpus.carga_reto("llamar-herramientas")
    ns, problema, _ = calificador.carga_entrega(calificador.contexto(reto), "x = 1\n")
    informe = calificador.califica(reto, calificador.EnEsteInterprete(ns, "observaciones"))
    assert informe["score"] == 0 and informe["output"] == "no has definido la función observaciones"
    assert {t["output"] for t in informe["tests"]} == {"no has definido la función observaciones"}


def test_files_are_read_as_an_editor_would():
    texto = "x = 'ñ'\ny = 2\n"
    assert calificador.fuente_de(b"\xef\xbb\xbf" + texto.encode()) == texto
    assert calificador.fuente_de(texto.replace("\n", "\r\n").encode()) == texto
    latin = "# -*- coding: latin-1 -*-\n" + texto
    assert calificador.fuente_de(latin.encode("latin-1")) == latin
    for malo in (b"x = '\xff'\n", b"# -*- coding: no-existe -*-\n"):
        try:
            calificador.fuente_de(malo)
        except ValueError as e:
            assert str(e).startswith("no es texto en la codificación que declara")
        else:
            raise AssertionError(malo)


def test_printing_past_the_cap_is_counted_not_kept():
    salida = calificador._Salida()
    for _ in range(10_000):
        salida.write("x" * 10)
    assert len(salida.partes) == 2_000 and salida.n == calificador._TOPE_SALIDA
    assert salida.texto().endswith("[… 80000 caracteres más sin mostrar]")


def _llama(fuente, argumento, entorno=None, funcion="observaciones"):
    """One call of the learner's function in this interpreter, with the first challenge's tools."""
    reto = corpus.carga_reto("llamar-herramientas")
    referencia = calificador.espacio_de_referencia(reto)
    ayuda = calificador.Ayuda(referencia, 1)
    ns, problema, _ = calificador.carga_entrega(calificador.contexto(reto), fuente)
    assert problema is None, problema
    return calificador._ejecuta(calificador.EnEsteInterprete(ns, funcion), argumento,
                                entorno or referencia["ENTORNO"], ayuda.herramientas, calificador._gasto())


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


def test_a_challenge_file_missing_a_name_is_refused_with_its_line():
    with open(corpus.RETOS + "/llamar-herramientas.reto.py", encoding="utf-8") as f:
        fuente = f.read()
    assert calificador.revisa_reto(fuente, "x.reto.py") == []
    roto = fuente.replace('FUNCION = "observaciones"', "FUNCION = 3").replace(
        "\ndef pruebas(h):", "\ndef pruebas_viejas(h):")
    linea = fuente.splitlines().index('FUNCION = "observaciones"') + 1
    assert calificador.revisa_reto(roto, "x.reto.py") == [
        "x.reto.py:%d: FUNCION debe ser un texto (el nombre de la función que escribe quien aprende)" % linea,
        "x.reto.py:%d: falta pruebas, pruebas(h): las pruebas, visibles y ocultas" % len(roto.splitlines()),
    ]
    try:
        calificador.carga_reto("x", roto, "", "")
    except ValueError as e:
        assert str(e).startswith("x.reto.py:%d: FUNCION debe ser un texto" % linea)
    else:
        raise AssertionError("carga_reto accepted a broken challenge")


def test_the_pages_data_holds_no_solution_and_grades_as_the_command_line():
    import json
    reto = corpus.carga_reto("llamar-herramientas")
    esperado = calificador.espera(reto, corpus.SEMILLA)
    texto = json.dumps(esperado, ensure_ascii=False)
    assert "motivo = incumple(b)" not in texto and "def pruebas" not in texto
    # Through JSON text, as the page gets it: a 2.5 stays a float, and the verdicts are the same.
    assert json.loads(texto) == esperado
    with open(corpus.ruta("llamar-herramientas/mal_decimales.py"), encoding="utf-8") as f:
        fuente = f.read()
    informes = []
    for datos in (json.loads(texto), calificador.espera(reto, corpus.SEMILLA)):
        ns, problema, _ = calificador.carga_entrega(calificador.contexto(reto), fuente)
        transporte = calificador.EnEsteInterprete(ns, "observaciones", problema)
        informes.append(calificador.compara(datos, calificador.espacio_publico(reto), transporte))
    assert [t["status"] for t in informes[0]["tests"]] == [t["status"] for t in informes[1]["tests"]]
    assert informes[0]["score"] == informes[0]["max_score"] - 2  # the visible and the hidden decimals


def test_a_hidden_test_never_shows_its_inputs_and_a_visible_one_does():
    informe = corpus.califica_en_este_interprete("llamar-herramientas/mal_decimales.py")
    salida = {t["name"]: t["output"] for t in informe["tests"]}
    assert salida["Rechaza un número con decimales donde se pide un entero (ValueError)"].startswith(
        "Se envió la respuesta:\n  tool_use g3 primeras, input {\"ruta\": \"despensa.txt\", \"lineas\": 2.5}\n")
    oculta = salida["Oculta: un número con decimales no es un entero (ValueError)"]
    assert oculta.startswith("Se esperaba que observaciones lanzara ValueError, y lanzó TypeError en la línea ")
    assert "Se envió" not in oculta and "toolu_" not in oculta
