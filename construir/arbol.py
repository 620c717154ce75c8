"""py/vista.py's tree of a conversation as HTML text, every string escaped; a tag or attribute
that site/arbol.json does not allow is refused, as site/src/conversacion.js refuses it."""
import html
import json
from pathlib import Path

_PERMITIDO = json.loads((Path(__file__).resolve().parent.parent / "site" / "arbol.json").read_text(encoding="utf-8"))
ETIQUETAS, ATRIBUTOS = frozenset(_PERMITIDO["etiquetas"]), frozenset(_PERMITIDO["atributos"])


def html_de(nodo, textos):
    """The HTML of nodo (a node, a text, or {"t": key of textos, "v": its values})."""
    if not isinstance(nodo, list):
        return html.escape(_texto(nodo, textos))
    etiqueta, atributos, *hijos = nodo
    if etiqueta not in ETIQUETAS:
        raise ValueError("etiqueta no permitida en el árbol de una conversación: %r" % (etiqueta,))
    partes = ["<", etiqueta]
    for nombre, valor in atributos.items():
        if nombre not in ATRIBUTOS:
            raise ValueError("atributo no permitido en el árbol de una conversación: %r" % (nombre,))
        partes.append(' %s="%s"' % (nombre, html.escape(_texto(valor, textos))))
    partes.append(">")
    partes += [html_de(h, textos) for h in hijos]
    return "".join(partes + ["</", etiqueta, ">"])


def _texto(x, textos):
    if isinstance(x, str):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    if isinstance(x, dict) and set(x) == {"t", "v"}:
        return textos[x["t"]].format(**x["v"])
    raise ValueError("ni texto ni nodo en el árbol de una conversación: %r" % (x,))
