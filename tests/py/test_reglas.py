"""Every rule of every challenge's statement has a visible test, and a wrong answer that breaks it fails.

Each .reto.py maps its statement's rules to the visible tests that check them (REGLAS); the
corpus marks with "rompe" the submissions that break exactly one rule. The verdicts themselves
are those of veredictos.json, which tests/py/test_calificar.py checks on every isolation path
and tests/node/grader_corpus.test.mjs through the page's Comprobar.
"""
import os

import pytest

import calificador
import carga
import corpus

RETOS = corpus.retos()


def _fuente(reto):
    with open(os.path.join(corpus.RETOS, reto + ".reto.py"), encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("reto", RETOS)
def test_each_rule_quotes_the_statement_and_names_visible_tests(reto):
    assert RETOS and carga.revisa(_fuente(reto), reto + ".reto.py") == []
    r = corpus.carga_reto(reto)
    visibles = [n for n in calificador.nombres_de_pruebas(r) if not n.startswith("Oculta: ")]
    for clave, (cita, pruebas) in r.reglas.items():
        assert " ".join(cita.split()) in " ".join(r.enunciado.split()), clave
        assert pruebas and set(pruebas) <= set(visibles), (clave, set(pruebas) - set(visibles))


@pytest.mark.parametrize("reto", RETOS)
def test_each_rule_has_a_corpus_case_that_breaks_it_and_fails_one_of_its_tests(reto):
    reglas = corpus.carga_reto(reto).reglas
    casos = {c: v for c, v in corpus.veredictos().items() if c.startswith(reto + "/") and "rompe" in v}
    assert {v["rompe"] for v in casos.values()} <= set(reglas), "a case names a rule that does not exist"
    for clave, (_, pruebas) in reglas.items():
        suyos = [c for c, v in casos.items() if v["rompe"] == clave]
        assert suyos, "no corpus case breaks the rule %r of %s" % (clave, reto)
        for caso in suyos:
            fallan = casos[caso]["fallan"]
            assert fallan == "todas" or set(fallan) & set(pruebas), (caso, clave)


def test_a_statement_point_without_a_rule_fails_the_build_at_its_line():
    fuente = _fuente("el-bucle").replace(
        "- nunca llama al modelo", "- guarda en M lo que quiera el modelo;\n- nunca llama al modelo")
    problemas = carga.revisa(fuente, "el-bucle.reto.py")
    linea = next(k for k, fila in enumerate(fuente.splitlines(), 1) if "guarda en M" in fila)
    assert problemas == ["el-bucle.reto.py:%d: ningún trozo de REGLAS está en este punto del enunciado: "
                         "- guarda en M lo que quiera el modelo;" % linea]


def test_a_rule_that_quotes_nothing_of_the_statement_fails_at_its_own_line():
    fuente = _fuente("permisos").replace('"nombre": ("con su nombre en lugar de NOMBRE"',
                                         '"nombre": ("con su nombre en vez de NOMBRE"')
    linea = next(k for k, fila in enumerate(fuente.splitlines(), 1) if '"nombre": (' in fila)
    assert carga.revisa(fuente, "permisos.reto.py") == [
        "permisos.reto.py:%d: la regla 'nombre' cita 'con su nombre en vez de NOMBRE', que no está en "
        "ENUNCIADO" % linea]


def test_a_rule_naming_a_hidden_or_missing_test_fails_when_expectations_are_computed():
    r = corpus.carga_reto("el-bucle")
    r = r._replace(reglas=dict(r.reglas, tope=("nunca llama al modelo", ["Oculta: un modelo que nunca termina, con otro tope"])))
    with pytest.raises(ValueError, match="la regla 'tope' de REGLAS nombra la prueba 'Oculta: un modelo"):
        calificador.esperado(r, 1)
