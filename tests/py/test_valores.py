"""py/valores.py: the JSON every value crosses the grader in.

Plain functions: tests/node/ runs them in Pyodide too.
"""
import valores


def test_a_value_crosses_as_json_gives_it_back():
    assert valores.por_json({"a": (1, 2.0), "b": None}) == {"a": [1, 2.0], "b": None}
    assert valores.a_json(float("nan"))["no_json"].startswith("Out of range float values are not JSON compliant")
    assert valores.a_json(print)["no_json"].startswith("Object of type builtin_function_or_method")
    circular = []
    circular.append(circular)
    assert valores.a_json(circular) == {"no_json": "Circular reference detected"}


def test_two_values_are_the_same_when_their_canonical_json_is():
    assert valores.clave({"a": 1, "b": 2}) == valores.clave({"b": 2, "a": 1})
    assert valores.clave([1]) != valores.clave([1.0]) and valores.clave(True) != valores.clave(1)
