"""The answer controls of each question kind, and what the page needs to check an answer
(construir/preguntas.py's TIPOS names which each kind uses): real form controls with labels, one
name per question, so that Tab and the arrow keys reach them as in any form."""
import html

from . import huellas

HUECO = "___"  # where a hueco's snippet has its gap, drawn as a text field


def opciones(p, textos, md_en_linea, resaltar, control="radio", salidas=False):
    """One labelled radio or checkbox per option (an output, for prediccion), and each option's
    hidden explanation."""
    nombre = f"respuesta-{p['id']}"
    filas = []
    for k, o in enumerate(p["opciones"]):
        texto = f"<pre><code>{html.escape(o['texto'])}</code></pre>" if salidas else md_en_linea(o["texto"])
        explicacion = (f'<p class="explicacion" data-opcion="{k}" hidden>{md_en_linea(o["explicacion"])}</p>'
                       if o["explicacion"] else "")
        filas.append(f'<li><label class="opcion"><input type="{control}" name="{nombre}" value="{k}"> '
                     f'<span>{texto}</span></label>{explicacion}</li>')
    return f'<ul class="opciones">{"".join(filas)}</ul>'


def vf(p, textos, md_en_linea, resaltar):
    nombre = f"respuesta-{p['id']}"
    return "".join(f'<label class="opcion"><input type="radio" name="{nombre}" value="{v}"> '
                   f'<span>{html.escape(textos[clave])}</span></label>'
                   for v, clave in (("verdadero", "pregunta_verdadero"), ("falso", "pregunta_falso")))


def lineas(p, textos, md_en_linea, resaltar):
    """One radio per line of the snippet, labelled by its number."""
    nombre = f"respuesta-{p['id']}"
    filas = [f'<label class="linea-codigo"><input type="radio" name="{nombre}" value="{n}" '
             f'aria-label="{html.escape(textos["pregunta_linea_n"].format(n=n))}">'
             f'<span class="numero" aria-hidden="true">{n}</span><code>{resaltar(linea) or " "}</code></label>'
             for n, linea in enumerate(p["codigo"].split("\n"), 1)]
    return f'<div class="codigo-lineas resaltado">{"".join(filas)}</div>'


def hueco(p, textos, md_en_linea, resaltar):
    """The snippet, with a text field where the gap was, and the hidden hints for wrong answers."""
    nombre, partes = f"respuesta-{p['id']}", []
    for linea in p["codigo"].split("\n"):
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


# What the page's script needs to check an answer, and the question's fingerprint (a saved
# answer to another version of it is forgotten: construir/huellas.py).
def datos_de_opciones(p):
    correctas = [k for k, o in enumerate(p["opciones"]) if o["correcta"]]
    return {"id": p["id"], "tipo": p["tipo"], "correctas": correctas, "huella": huellas.de_pregunta(p),
            "conExplicaciones": any(o["explicacion"] for o in p["opciones"])}


def datos_de_respuesta(p):
    return {"id": p["id"], "tipo": p["tipo"], "respuesta": p["respuesta"], "huella": huellas.de_pregunta(p),
            "pistas": [x["respuestas"] for x in p.get("pistas", [])]}
