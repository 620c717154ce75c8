"""The mutant generator itself (tests/py/mutantes.py); tests/node/mutantes.test.mjs grades them."""
import ast
import warnings

import corpus
import mutantes

RETOS = corpus.retos()


def _lista(reto):
    r = corpus.carga_reto(reto)
    return r, mutantes.mutantes(r.solucion, r.funcion)


def test_each_mutant_is_a_distinct_program_that_compiles():
    for reto in RETOS:
        r, lista = _lista(reto)
        descripciones, fuentes = [d for d, f in lista], [f for d, f in lista]
        assert len(set(descripciones)) == len(descripciones) > 0
        assert len(set(fuentes)) == len(fuentes)
        assert ast.unparse(ast.parse(r.solucion)) not in fuentes
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)  # `x is 'literal'` is one of them
            for fuente in fuentes:
                compile(fuente, mutantes.NOMBRE_DEL_MUTANTE, "exec")


def test_the_mistakes_a_learner_makes_are_among_them():
    _, lista = _lista("errores-como-observaciones")
    descripciones = dict(lista)
    for esperada in ["L6:41 name: entorno → ENTORNO", "L9:11 name: resultado → error",
                     "L8:31 str(e): str(e) → e.args[0]", "L8:31 str(e): str(e) → repr(e)",
                     "L7:4 caught exception: except Exception as e: → except OSError as e:",
                     "L3:7 comparison: motivo is not None → motivo is None",
                     "L9:4 returned value: return resultado(ll['id'], devuelto) → return ll"]:
        assert esperada in descripciones, esperada
    _, lista = _lista("llamar-herramientas")
    assert "L5:12 continue to break: continue → break" in dict(lista)
    assert any(d.startswith("L10:8 append to insert(0, …)") for d, f in lista)


def test_a_mutant_that_never_ends_is_stopped_and_killed():
    reto = corpus.carga_reto("errores-como-observaciones")
    assert mutantes.sobrevive(reto, reto.solucion, 11)
    assert not mutantes.sobrevive(reto, "def ejecutar(ll, entorno):\n    while True:\n        pass\n", 11)
