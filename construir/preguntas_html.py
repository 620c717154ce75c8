"""The answer controls of a question (construir/preguntas.py reads it): real form controls with
labels, one name per question, so that Tab and the arrow keys reach them as in any form."""
import html

from . import huellas
from .preguntas import HUECO


def respuestas(p, textos, md_en_linea, resaltar):
    """The HTML of the controls, and of each option's hidden explanation."""
    nombre = f"respuesta-{p['id']}"
    if p["tipo"] in ("unica", "multiple", "prediccion"):
        tipo = "checkbox" if p["tipo"] == "multiple" else "radio"
        filas = []
        for k, o in enumerate(p["opciones"]):
            texto = (f"<pre><code>{html.escape(o['texto'])}</code></pre>" if p["tipo"] == "prediccion"
                     else md_en_linea(o["texto"]))
            explicacion = (f'<p class="explicacion" data-opcion="{k}" hidden>{md_en_linea(o["explicacion"])}</p>'
                           if o["explicacion"] else "")
            filas.append(f'<li><label class="opcion"><input type="{tipo}" name="{nombre}" value="{k}"> '
                         f'<span>{texto}</span></label>{explicacion}</li>')
        return f'<ul class="opciones">{"".join(filas)}</ul>'
    if p["tipo"] == "vf":
        return "".join(f'<label class="opcion"><input type="radio" name="{nombre}" value="{v}"> '
                       f'<span>{html.escape(textos[clave])}</span></label>'
                       for v, clave in (("verdadero", "pregunta_verdadero"), ("falso", "pregunta_falso")))
    lineas = p["codigo"].split("\n")
    if p["tipo"] == "linea":
        filas = [f'<label class="linea-codigo"><input type="radio" name="{nombre}" value="{n}" '
                 f'aria-label="{html.escape(textos["pregunta_linea_n"].format(n=n))}">'
                 f'<span class="numero" aria-hidden="true">{n}</span><code>{resaltar(linea) or " "}</code></label>'
                 for n, linea in enumerate(lineas, 1)]
        return f'<div class="codigo-lineas resaltado">{"".join(filas)}</div>'
    # hueco: the line with the gap gets a text field where the gap was.
    partes = []
    for linea in lineas:
        if HUECO in linea:
            antes, despues = linea.split(HUECO, 1)
            campo = (f'<input type="text" name="{nombre}" class="hueco" autocomplete="off" spellcheck="false" '
                     f'aria-label="{html.escape(textos["pregunta_hueco_etiqueta"])}" size="12">')
            partes.append(html.escape(antes) + campo + html.escape(despues))
        else:
            partes.append(html.escape(linea))
    pistas = "".join(f'<p class="pista-hueco" data-pista="{k}" hidden>{md_en_linea(x["texto"])}</p>'
                     for k, x in enumerate(p.get("pistas", [])))
    return f'<pre class="codigo-hueco"><code>{chr(10).join(partes)}</code></pre>{pistas}'


def datos(p):
    """What the page's script needs to check an answer, and the question's fingerprint (a saved
    answer to another version of it is forgotten: construir/huellas.py)."""
    if p["tipo"] in ("unica", "multiple", "prediccion"):
        correctas = [k for k, o in enumerate(p["opciones"]) if o["correcta"]]
        return {"id": p["id"], "tipo": p["tipo"], "correctas": correctas, "huella": huellas.de_pregunta(p),
                "conExplicaciones": any(o["explicacion"] for o in p["opciones"])}
    return {"id": p["id"], "tipo": p["tipo"], "respuesta": p["respuesta"], "huella": huellas.de_pregunta(p),
            "pistas": [x["respuestas"] for x in p.get("pistas", [])]}
