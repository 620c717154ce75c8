"""construir/preguntas.py's authoring errors: a {pregunta} whose body is not a question of its
kind; and its table of kinds, which every other place that knows a kind must agree with."""
import json
import re

import pytest

from autoria import CABECERA, RAIZ, RUTA, VALIDADOR, claves_del_dict
from construir import preguntas
from construir.errores import ErrorDeConstruccion
from construir.leer import leer
from construir.paginas import Paginas
from construir.preguntas import TIPOS, leer_pregunta
from construir.validar import validar

TEXTOS = json.loads((RAIZ / "site" / "textos.es.json").read_text(encoding="utf-8"))


def _problemas(texto):
    """What leer_pregunta reports for the lesson's one {pregunta}, called with the lines build.py passes."""
    doc, lineas = leer(RUTA, texto)
    assert validar(VALIDADOR, RUTA, doc, lineas) == []  # build.py reads questions only in a valid lesson
    [i] = [i for i, b in enumerate(doc["bloques"]) if b["tipo"] == "pregunta"]
    b = doc["bloques"][i]
    try:
        leer_pregunta(RUTA, lineas[("bloques", i, "cuerpo")], b["opciones"], b["cuerpo"],
                      lineas.get(("bloques", i, "opciones", "respuesta"), lineas[("bloques", i)]))
    except ValueError as e:
        return e.args[0]
    raise AssertionError("leer_pregunta accepted the question")


CASOS = [
    pytest.param(CABECERA + "```{pregunta}\n:tipo: unica\n¿Algo?\n- [x] a\n- [x] b\n> ok\n```\n",
                 "13: una pregunta «unica» tiene exactamente una opción correcta, marcada con [x], y tiene 2",
                 id="a single-choice question with two right options"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: unica\n¿Algo?\n- [ ] a\n  por a\n- [x] b\n```\n",
                 "15: falta la explicación de esta opción (en la línea siguiente, con dos espacios delante) o una "
                 "explicación general (con > delante)", id="an option without an explanation"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: vf\n¿Algo?\n> ok\n```\n",
                 "10: a una pregunta «vf» le falta :respuesta:", id="a true/false question without its answer"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: linea\n:respuesta: 9\n¿Algo?\n~~~python\nx = 1\n~~~\n> ok\n```\n",
                 "12: :respuesta: es el número de la línea con el error, entre 1 y 1",
                 id="a bug-line question pointing past the snippet"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: hueco\n:respuesta: x\n¿Algo?\n~~~python\nx = 1\n~~~\n> ok\n```\n",
                 "14: el código de una pregunta hueco marca un solo hueco con ___", id="a gap question without its gap"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: multiple\n¿Algo?\n- [ ] a\n- [ ] b\n> ok\n```\n",
                 "13: marca con [x] al menos una opción correcta", id="a multiple-choice question with no right option"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: hueco\n:respuesta: x\n¿Algo?\n~~~python\n___ = 1\n~~~\n> ok\n? x: ya vale\n```\n",
                 "18: esta pista es para una respuesta que es correcta", id="a gap hint for a right answer"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: vf\n:respuesta: falso\n¿Algo?\n> ok\n? sí: no\n```\n",
                 "15: solo una pregunta hueco lleva pistas para respuestas incorrectas («? …: pista»)",
                 id="a hint in a question that is not a gap"),
]


def test_a_gap_question_carries_its_hints_for_common_wrong_answers():
    texto = CABECERA + "```{pregunta}\n:tipo: hueco\n:respuesta: is_error\n¿Algo?\n~~~python\n___ = 1\n~~~\n> ok\n? error | fallo: Casi.\n```\n"
    doc, lineas = leer(RUTA, texto)
    [b] = [b for b in doc["bloques"] if b["tipo"] == "pregunta"]
    p = leer_pregunta(RUTA, 12, b["opciones"], b["cuerpo"], 11)
    assert p["pistas"] == [{"respuestas": ["error", "fallo"], "texto": "Casi."}]


@pytest.mark.parametrize("texto, esperado", CASOS)
def test_a_malformed_question_fails_at_the_line_of_its_fault(texto, esperado):
    problemas = _problemas(texto)
    assert problemas == [f"{RUTA}:{esperado}"]
    assert claves_del_dict(problemas) == []


VF = CABECERA + "```{pregunta}\n:tipo: vf\n:respuesta: falso\n¿Algo?\n> ok\n```\n"


def test_a_kind_the_schema_accepts_and_the_table_lacks_fails_at_its_tipo_line_naming_it(monkeypatch):
    """As build.py reads it, not a KeyError where the page is drawn."""
    monkeypatch.delitem(preguntas.TIPOS, "vf")
    doc, lineas = leer(RUTA, VF)
    assert preguntas.cargar(RUTA, doc, lineas) == [f"{RUTA}:11: construir/preguntas.py no sabe leer preguntas de tipo «vf»: "
                               "falta su entrada en TIPOS"]


def test_a_kind_without_its_title_text_fails_the_build_naming_the_kind_and_the_file():
    textos = {k: v for k, v in TEXTOS.items() if k != "pregunta_vf"}
    paginas = Paginas(RAIZ / "site" / "plantillas", textos, "/estilo.css")
    pregunta = {"id": "p", "tipo": "vf", "enunciado": "¿Algo?", "explicacion": "ok", "respuesta": False}
    with pytest.raises(ErrorDeConstruccion) as e:
        paginas._bloque_pregunta({"pregunta": pregunta}, {"preguntas": []})
    assert e.value.problemas == ["site/textos.es.json: falta «pregunta_vf», lo que dice el título de una "
                                 "pregunta de tipo «vf»"]


def test_the_schema_the_texts_and_the_pages_table_know_the_same_kinds_as_the_builds_table():
    esquema = json.loads((RAIZ / "lessons" / "leccion.schema.json").read_text(encoding="utf-8"))
    assert sorted(esquema["$defs"]["pregunta"]["properties"]["opciones"]["properties"]["tipo"]["enum"]) == sorted(TIPOS)
    assert [k for k in TIPOS if f"pregunta_{k}" not in TEXTOS] == []
    js = (RAIZ / "site" / "src" / "tipos-de-pregunta.js").read_text(encoding="utf-8")
    tabla = js[js.index("export const TIPOS = {"):]
    assert sorted(re.findall(r"^  (\w+):", tabla, re.M)) == sorted(TIPOS)
