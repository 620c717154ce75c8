"""construir/arbol.py: py/vista.py's tree of a conversation written as HTML, every string escaped,
and nothing that site/arbol.json does not allow (site/src/conversacion.js refuses the same)."""
import json

import pytest

from autoria import RAIZ
from construir import arbol

TEXTOS = json.loads((RAIZ / "site" / "textos.es.json").read_text(encoding="utf-8"))


def test_every_text_and_attribute_is_escaped_and_interface_texts_come_from_the_table():
    nodo = ["ol", {"class": 'a" onclick="x', "start": 3},
            ["li", {"aria-label": {"t": "conversacion_autor", "v": {"autor": "<b>"}}}, "<script>&'\"", " ",
             {"t": "conversacion_plegado", "v": {"n": "2.500"}}]]
    assert arbol.html_de(nodo, TEXTOS) == (
        '<ol class="a&quot; onclick=&quot;x" start="3"><li aria-label="(lo escribe &lt;b&gt;)">'
        "&lt;script&gt;&amp;&#x27;&quot; Contenido: 2.500 caracteres</li></ol>")


@pytest.mark.parametrize("nodo, mensaje", [
    (["script", {}, "x"], "etiqueta no permitida en el árbol de una conversación: 'script'"),
    (["p", {}, ["img", {"src": "x"}]], "etiqueta no permitida en el árbol de una conversación: 'img'"),
    (["p", {"onclick": "x"}], "atributo no permitido en el árbol de una conversación: 'onclick'"),
    (["p", {}, None], "ni texto ni nodo en el árbol de una conversación: None"),
    (["p", {"class": True}], "ni texto ni nodo en el árbol de una conversación: True"),
], ids=["a tag", "a nested tag", "an attribute", "a child that is neither", "an attribute's value that is neither"])
def test_what_the_whitelist_does_not_allow_is_refused(nodo, mensaje):
    with pytest.raises(ValueError) as e:
        arbol.html_de(nodo, TEXTOS)
    assert str(e.value) == mensaje
