"""py/valores.py: the JSON every value crosses the grader in.

Plain functions: tests/node/ runs them in Pyodide too.
"""
import firmas
import redaccion
import valores


def test_a_value_crosses_as_json_gives_it_back():
    assert valores.por_json({"a": (1, 2.0), "b": None}) == {"a": [1, 2.0], "b": None}
    circular = []
    circular.append(circular)
    assert valores.a_json(circular) == {"no_json": "una lista que se contiene a sí misma"}
    assert valores.a_json({"a": [1, print]}) == {"no_json": "un diccionario con una función (`print`) dentro"}


def test_two_values_are_the_same_when_their_canonical_json_is():
    assert valores.clave({"a": 1, "b": 2}) == valores.clave({"b": 2, "a": 1})
    assert valores.clave([1]) != valores.clave([1.0]) and valores.clave(True) != valores.clave(1)


def test_what_json_cannot_carry_is_said_in_the_courses_words():
    def resultado():
        pass

    class Todo:
        pass

    ciclo = [("sistema", "x")]
    ciclo.append(("usuario", ciclo))
    assert [valores.a_json(v)["no_json"] for v in (resultado, [1, {2}], Todo(), (None, ciclo), float("nan"), Todo,
                                                    {"a": b"x"})] == [
        "una función (`resultado`)", "una lista con un conjunto (set) dentro", "un objeto de la clase `Todo`",
        "una lista que se contiene a sí misma", "un número que JSON no admite (nan)", "una clase (`Todo`)",
        "un diccionario con bytes dentro"]


def test_a_returned_function_is_named_against_what_was_expected():
    def resultado():
        pass

    assert redaccion.que_hizo(valores.a_json(resultado), firmas.FIRMAS["respuesta"]) == \
        "devolvió una función (`resultado`), no una lista de bloques"
    assert redaccion.que_hizo(valores.a_json(resultado), firmas.FIRMAS["llamada"]) == "devolvió una función (`resultado`), no un bloque tool_result"
