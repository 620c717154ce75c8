"""construir/huellas.py: a fingerprint changes with what a saved edit or answer depends on, and only
with that. The page's use of them: tests/e2e/ediciones.test.mjs."""
from construir import huellas

PREGUNTA = {"id": "p", "tipo": "unica", "enunciado": "¿Cuál?", "explicacion": "Porque sí.",
            "opciones": [{"texto": "a", "correcta": True, "explicacion": "bien"},
                         {"texto": "b", "correcta": False, "explicacion": "mal"}]}


def _con(**cambios):
    return {**PREGUNTA, **cambios}


def test_a_code_fingerprint_is_short_hex_and_follows_every_character():
    h = huellas.de_texto("print(1)\n")
    assert len(h) == huellas.LARGO and int(h, 16) >= 0
    assert h == huellas.de_texto("print(1)\n")
    assert h != huellas.de_texto("print(1)")


def test_a_question_fingerprint_changes_with_its_statement_options_and_answer():
    h = huellas.de_pregunta(PREGUNTA)
    assert huellas.de_pregunta(_con(enunciado="¿Cuál de ellas?")) != h
    assert huellas.de_pregunta(_con(opciones=[{**PREGUNTA["opciones"][0], "texto": "a!"}, PREGUNTA["opciones"][1]])) != h
    assert huellas.de_pregunta(_con(opciones=[{**o, "correcta": not o["correcta"]} for o in PREGUNTA["opciones"]])) != h
    assert huellas.de_pregunta(_con(tipo="multiple")) != h
    assert huellas.de_pregunta({**PREGUNTA, "tipo": "vf", "respuesta": True}) != huellas.de_pregunta(
        {**PREGUNTA, "tipo": "vf", "respuesta": False})


def test_rewording_an_explanation_keeps_a_question_fingerprint():
    h = huellas.de_pregunta(PREGUNTA)
    assert huellas.de_pregunta(_con(explicacion="Otra explicación.")) == h
    assert huellas.de_pregunta(_con(opciones=[{**o, "explicacion": "otra"} for o in PREGUNTA["opciones"]])) == h


def test_a_lesson_fingerprint_follows_what_the_class_report_counts_in_it():
    leccion = {"slug": "l", "titulo": "L", "celdas": ["a", "b"], "preguntas": [{"id": "p", "huella": "1"}], "retos": ["r"]}
    h = huellas.de_leccion(leccion, ["x"])
    assert huellas.de_leccion({**leccion, "titulo": "Otro título"}, ["x"]) == h
    assert huellas.de_leccion({**leccion, "celdas": ["a"]}, ["x"]) != h
    assert huellas.de_leccion({**leccion, "preguntas": [{"id": "p", "huella": "2"}]}, ["x"]) != h
    assert huellas.de_leccion({**leccion, "retos": ["s"]}, ["x"]) != h
    assert huellas.de_leccion(leccion, ["y"]) != h  # the challenge's starting code
