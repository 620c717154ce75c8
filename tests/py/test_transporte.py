"""py/transporte.py: the learner's function called in this interpreter, as the page and the child do.

Plain functions: tests/node/ runs them in Pyodide too.
"""
import calificador
import corpus
import entrega
import transporte


def _en_este(reto, fuente):
    ns, problema, salida = entrega.carga_entrega(calificador.fuentes_publicas(reto), fuente)
    return ns, transporte.EnEsteInterprete(ns, reto.funcion, problema, salida=salida)


def test_the_page_gets_its_namespace_back():
    for nombre in corpus.retos():
        reto = corpus.carga_reto(nombre)
        ns, en_este = _en_este(reto, reto.solucion)
        antes = dict(ns)
        informe = calificador.califica(reto, en_este, 5)
        assert informe["score"] == informe["max_score"], nombre
        assert ns.keys() == antes.keys() and all(ns[k] is antes[k] for k in antes), nombre
        if "PERMISOS" in ns:  # the tests' other policies were undone
            assert ns["PERMISOS"] == {"leer": "permitir", "listar": "permitir", "buscar": "permitir",
                                      "escribir": "preguntar"}


def test_a_call_crosses_as_json_and_reports_what_it_printed():
    reto = corpus.carga_reto("llamar-herramientas")
    _, en_este = _en_este(reto, "def observaciones(r, entorno):\n    print('hola')\n    return (1, 2.0)\n")
    assert en_este.prepara() == (None, "")
    assert en_este.llama([[], {}], [], {}) == {"valor": [1, 2.0], "salida": "hola\n"}
    _, en_este = _en_este(reto, "def observaciones(r, entorno):\n    return print\n")
    assert en_este.llama([[], {}], [], {})["no_json"] == "una función (`print`)"


def test_a_loop_reports_its_inicio_after_the_call_for_the_trusted_side_to_compare():
    reto = corpus.carga_reto("el-bucle")
    _, en_este = _en_este(reto, "def bucle(modelo, inicio, entorno, tope):\n    inicio.append(['usuario', 'x'])\n"
                                "    return None, inicio\n")
    argumento = {"inicio": [["usuario", "hola"]], "tope": 0}
    r = en_este.llama([argumento, {}, "bucle"], [], {"modelo": lambda *a: None})
    assert r["inicio"] == [["usuario", "hola"], ["usuario", "x"]]
