"""construir/conversacion.py: a {conversacion}'s notation read with file:line errors, and drawn as HTML."""
import json

import pytest

from autoria import CABECERA, RAIZ, RUTA, VALIDADOR, claves_del_dict
from construir import conversacion
from construir.errores import ErrorDeConstruccion
from construir.leer import leer
from construir.validar import validar

TEXTOS = json.loads((RAIZ / "site" / "textos.es.json").read_text(encoding="utf-8"))
CUERPO = """sistema: Trabajas con los ficheros
    del usuario.
usuario: ¿Qué hay en la lista?
> El modelo recibe los mensajes 1 y 2, y contesta:
asistente:
  texto: Miro la lista.
  llamada t1 leer {"ruta": "lista.txt"}
usuario:
  resultado t1: pan\\nleche
asistente: Pan y leche."""


def test_the_notation_gives_the_messages_and_the_narration_before_each():
    M, notas = conversacion.lee(RUTA, 10, CUERPO)
    assert M == [("sistema", "Trabajas con los ficheros del usuario."), ("usuario", "¿Qué hay en la lista?"),
                 ("asistente", [{"type": "text", "text": "Miro la lista."},
                                {"type": "tool_use", "id": "t1", "name": "leer", "input": {"ruta": "lista.txt"}}]),
                 ("usuario", [{"type": "tool_result", "tool_use_id": "t1", "content": "pan\nleche", "is_error": False}]),
                 ("asistente", "Pan y leche.")]
    assert notas == {2: ["El modelo recibe los mensajes 1 y 2, y contesta:"]}


@pytest.mark.parametrize("cuerpo, linea, mensaje", [
    ("asistente:\nresultado t1: x", 11, "se esperaba «sistema:», «usuario:» o «asistente:», o una nota «> …»; llega 'resultado t1: x'"),
    ("  texto: hola", 10, "este bloque no es de ningún mensaje: escribe antes «asistente:» o «usuario:», sola en su línea"),
    ("asistente:\n  llamada t1 leer {ruta}", 11, "los argumentos de la llamada t1 no son JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
    ("asistente:\n  llamada t1 leer [1]", 11, "un bloque empieza por «texto:», «llamada ID NOMBRE {…}», «resultado ID:» o «error ID:»; llega 'llamada t1 leer [1]'"),
    ("humano: hola", 10, "se esperaba «sistema:», «usuario:» o «asistente:», o una nota «> …»; llega 'humano: hola'"),
    ("usuario: hola\nasistente:", 10, "el mensaje 2 (asistente) no tiene ningún bloque"),
    ("", 10, "la conversación no tiene ningún mensaje"),
    ("asistente:\n\ttexto: x", 11, "sangra con espacios, no con tabuladores: un tabulador no dice si la línea es un bloque o sigue a la de arriba"),
], ids=["a block line at the top level", "a block before any message", "arguments that are not JSON",
        "arguments that are no object", "an unknown role", "a message with no block", "an empty body",
        "a tab"])
def test_a_malformed_body_fails_at_its_line(cuerpo, linea, mensaje):
    with pytest.raises(ErrorDeConstruccion) as e:
        conversacion.lee(RUTA, 10, cuerpo)
    assert e.value.problemas == ["%s:%d: %s" % (RUTA, linea, mensaje)]


def test_blocks_indented_alike_are_blocks_and_a_line_indented_further_continues_one():
    M, _ = conversacion.lee(RUTA, 10, "asistente:\n    texto: Miro\n      la lista.\n    llamada t1 leer {}")
    assert M == [("asistente", [{"type": "text", "text": "Miro la lista."},
                                {"type": "tool_use", "id": "t1", "name": "leer", "input": {}}])]


def test_a_lesson_with_a_malformed_conversation_is_refused_at_the_line_of_the_body():
    texto = CABECERA + "```{conversacion}\nusuario: hola\n  texto: x\n```\n"
    doc, lineas = leer(RUTA, texto)
    assert validar(VALIDADOR, RUTA, doc, lineas) == []
    with pytest.raises(ErrorDeConstruccion) as e:
        conversacion.lee(RUTA, lineas[("bloques", 1, "cuerpo")], doc["bloques"][1]["cuerpo"])
    assert e.value.problemas == ["%s:12: este bloque no es de ningún mensaje: escribe antes «asistente:» o "
                                 "«usuario:», sola en su línea" % RUTA]
    assert claves_del_dict(e.value.problemas) == []


def test_every_string_of_a_conversation_is_text_in_the_html():
    M = [("usuario", "<script>alert(1)</script> y <!-- esto"),
         ("asistente", [{"type": "tool_use", "id": "t<1>", "name": "<b>", "input": {"x": "</pre>"}}])]
    html = conversacion.html_de(M, {1: ["<i>nota</i>"]}, TEXTOS)
    assert "<script>" not in html and "<!--" not in html and "<b>" not in html and "<i>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; y &lt;!-- esto" in html and "&lt;/pre&gt;" in html


def test_a_long_result_is_folded_with_its_length_and_a_pair_has_its_letter_and_label():
    M = [("asistente", [{"type": "tool_use", "id": "t1", "name": "leer", "input": {}}]),
         ("usuario", [{"type": "tool_result", "tool_use_id": "t1", "content": "x" * 2500, "is_error": True}])]
    html = conversacion.html_de(M, {}, TEXTOS)
    assert "<details><summary>Contenido: 2.500 caracteres</summary>" in html
    assert html.count('data-par="A"') == 2 and '<span class="marca-error">is_error</span>' in html
    assert 'aria-label="Llamada A (t1): su resultado lleva la misma marca">A</button>' in html
    assert "(lo escribe el arnés)" in html


def test_a_challenges_conversation_takes_numbered_narration_before_a_message_or_after_the_last():
    M, _ = conversacion.lee(RUTA, 10, CUERPO)
    notas = conversacion.notas_de_reto(RUTA, 20, "> 3: El modelo contesta:\n\n> 3: Y pide.\n> 6: Fin.\n", M)
    assert notas == {2: ["El modelo contesta:", "Y pide."], 5: ["Fin."]}
    with pytest.raises(ErrorDeConstruccion) as e:
        conversacion.notas_de_reto(RUTA, 20, "> 1: bien\n> 0: antes de nada\n", M)
    assert e.value.problemas == [f"{RUTA}:21: la conversación del reto tiene 5 mensajes: una nota va delante del "
                                 "1 al 5, o tras el último con 6; llega 0"]
