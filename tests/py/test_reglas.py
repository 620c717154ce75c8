"""Every rule of every challenge's statement has a visible test, and a wrong answer that breaks it fails.

Each .reto.py maps its statement's rules to the visible tests that check them and to the mistaken
programs those tests reject (REGLAS), each a case of the corpus. At the page's seed the verdicts
are those of veredictos.json, which tests/py/test_calificar.py checks on every isolation path and
tests/node/grader_corpus.test.mjs through the page's Comprobar; here each mistake is graded at two
more seeds, and must fail one of its rule's tests at each.
"""
import json
import os
import subprocess
import sys

import pytest

import calificador
import carga
import corpus

RETOS = corpus.retos()


def _fuente(reto):
    with open(corpus.archivo(reto), encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("reto", RETOS)
def test_each_rule_quotes_the_statement_and_names_visible_tests(reto):
    assert RETOS and carga.revisa(_fuente(reto), reto + ".reto.py") == []
    r = corpus.carga_reto(reto)
    visibles = [n for n in calificador.nombres_de_pruebas(r) if not n.startswith("Oculta: ")]
    for clave, (cita, pruebas, _) in r.reglas.items():
        assert " ".join(cita.split()) in " ".join(r.enunciado.split()), clave
        assert pruebas and set(pruebas) <= set(visibles), (clave, set(pruebas) - set(visibles))


# The page's seed and two others: a wrong answer must fail whatever the draw of the hidden tests.
SEMILLAS = (corpus.SEMILLA, 1, 7)


@pytest.fixture(scope="module")
def errores_por_semilla(copia, preparado):
    """{(caso, semilla): report} for every mistaken program that REGLAS lists, graded by calificar.py
    at each seed but the page's (tests/py/test_calificar.py grades that one on every path)."""
    informes = {}
    for reto in RETOS:
        casos = sorted("%s/%s.py" % (reto, c) for _, _, errores in corpus.carga_reto(reto).reglas.values()
                       for c in errores)
        for semilla in SEMILLAS[1:]:
            r = subprocess.run([sys.executable, os.path.join(copia, "py", "calificar.py"), "-j", "2",
                                "--semilla", str(semilla), "--tiempo-llamada", "1", "--tiempo-entrega", "4",
                                "--reto", reto, *[os.path.join(copia, "tests", "entregas", c) for c in casos]],
                               capture_output=True, timeout=900)
            lineas = r.stdout.splitlines()
            assert r.returncode == 0 and len(lineas) == len(casos), r.stderr.decode(errors="replace")
            informes.update(((c, semilla), json.loads(linea)) for c, linea in zip(casos, lineas))
    return informes


@pytest.mark.parametrize("reto", RETOS)
def test_each_rule_names_the_mistakes_its_tests_reject_and_each_fails_them_on_every_seed(
        reto, errores_por_semilla):
    veredictos = corpus.veredictos()
    for clave, (_, pruebas, errores) in corpus.carga_reto(reto).reglas.items():
        for caso in ("%s/%s.py" % (reto, c) for c in errores):
            assert caso in veredictos, "%s, listed under the rule %r, is not in veredictos.json" % (caso, clave)
            fallan = veredictos[caso]["fallan"]
            assert fallan == "todas" or set(fallan) & set(pruebas), (caso, clave)  # at the page's seed
            for semilla in SEMILLAS[1:]:
                informe = errores_por_semilla[caso, semilla]
                fallan = {t["name"] for t in informe["tests"] if t["status"] == "failed"}
                assert fallan & set(pruebas), "%s passes every test of %r at seed %d" % (caso, clave, semilla)


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
    r = r._replace(reglas=dict(r.reglas, tope=("nunca llama al modelo", ["Oculta: un modelo que nunca termina, con otro tope"], {"hostil_sin_tope": "x"})))
    with pytest.raises(ValueError, match="la regla 'tope' de REGLAS nombra la prueba 'Oculta: un modelo"):
        calificador.esperado(r, 1)
