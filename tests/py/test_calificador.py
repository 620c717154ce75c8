"""The grader core in this interpreter, as the page runs it: same verdicts as calificar.py.

tests/node/ runs the same corpus through the core in Pyodide.
"""
import pytest

import calificador
import corpus

EN_PROCESO = sorted(c for c, v in corpus.veredictos().items() if not v.get("solo_aislado"))


@pytest.mark.parametrize("caso", EN_PROCESO)
def test_same_verdicts_in_this_interpreter(caso):
    assert corpus.comprueba(caso, corpus.califica_en_este_interprete(caso)) is None


@pytest.mark.parametrize("reto", ["llamar-herramientas", "errores-como-observaciones"])
def test_each_statement_rule_has_its_test_after_the_replay(reto):
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
