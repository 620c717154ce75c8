"""py/redaccion.py: how values and sentences are written to the learner.

Plain functions: tests/node/ runs them in Pyodide too. The wording of each verdict is checked
where it is decided, in test_calificador.py and the corpus.
"""
import redaccion


def test_a_cut_falls_on_a_space_and_says_so():
    assert redaccion.corto("corto", 80) == "corto"
    assert redaccion.corto("una frase bastante larga para cortarla", 20) == "una frase bastante…"
    assert redaccion.corto("x" * 30, 10) == "x" * 9 + "…"


def test_sentences_end_once_and_shown_values_end_bare():
    assert redaccion.como_frase("tu código falla") == "Tu código falla."
    assert redaccion.como_frase("¿un bucle infinito?") == "¿un bucle infinito?"
    assert redaccion.punto("Se esperaba:\n  text \"a\"") == "Se esperaba:\n  text \"a\""
    assert redaccion.punto("lanzó ValueError") == "lanzó ValueError."


def test_a_block_is_shown_in_one_notation_and_many_extra_fields_are_cut():
    b = {"type": "tool_result", "tool_use_id": "t1", "content": "pan\nleche", "is_error": False}
    assert redaccion.muestra_bloque(b) == 'tool_result t1 · content "pan\\nleche" · is_error False'
    extra = dict(b, **{"k%d" % i: i for i in range(1000)})
    assert redaccion.muestra_bloque(extra).endswith("· k3 3 · k4 4 · …")
    assert redaccion.muestra_bloque({"type": "tool_use", "id": "t2", "name": "leer", "input": ["x"]}) == \
        'tool_use t2 leer, input ["x"] (no es un diccionario)'
