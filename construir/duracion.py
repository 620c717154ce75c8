"""How long a lesson takes, estimated at build time for the course index, and how long each fold.

What a lesson shows open (its prose, cells' code, conversations, questions and statement) reads at
PALABRAS_POR_MINUTO, plus a fixed time for each cell, question and challenge; rounded up to
REDONDEO minutes (to the minute under REDONDEO_DESDE). An estimate, said as one ("unos").
What is folded ({plegado}, {red}: reference a learner opens when they want it) is counted apart:
its fold says how long it is (`minutos_plegado`), and the lesson's estimate leaves it out.
tests/py/test_duracion.py measures the built pages by the same rule.
"""
import json
import math
import re

# Brysbaert (2019, "How many words do we read per minute?") puts silent reading of non-fiction at
# 238 words a minute in English and 278 in Spanish; this prose is technical and quotes code, and
# learners read it to act on it, so a slower 200.
PALABRAS_POR_MINUTO = 200
# Beyond reading its words: a cell, to run it and look at what it prints; a question, to think
# and answer; a challenge, to write, check and fix the code.
MINUTOS = {"celda": 1, "pregunta": 1, "reto": 20}
REDONDEO = 5
# Under this, a lesson's estimate goes to the minute: 5 minutes up is half of a 10-minute lesson.
REDONDEO_DESDE = 15
PLEGADOS = ("plegado", "red")


def palabras(texto):
    return len(re.findall(r"\w+", texto))


def abierto(b):
    """The text a block shows open, as the learner reads it ("" for a fold)."""
    if b["tipo"] == "prosa":
        return b["markdown"]
    if b["tipo"] == "pregunta":
        return b["cuerpo"]
    if b["tipo"] == "celda":
        return b["codigo"]
    if b["tipo"] == "reto":
        return b["reto"]["enunciado"] + "\n" + b["reto"]["plantilla"]
    if b["tipo"] == "conversacion":
        c = b["conversacion"]
        return " ".join(_textos(c["M"]) + [t for ts in c["notas"].values() for t in ts])
    return ""


def plegado(b):
    """The text a fold holds: a {plegado}'s body; a {red}'s request (and reply) in one format, the
    one a learner reads at a time (the page shows one tab)."""
    if b["tipo"] == "plegado":
        return b["cuerpo"]
    red, respuestas = b["red"], b["red"].get("respuestas") or {}
    formatos = [json.dumps([red[api], respuestas.get(api)], ensure_ascii=False) for api in ("anthropic", "openai")]
    return max(formatos, key=palabras)


def minutos(doc):
    """The estimate for a lesson (build.py's doc: its blocks with their challenges attached)."""
    bloques = [b for b in doc["bloques"] if b["tipo"] not in PLEGADOS]
    exacto = sum(palabras(abierto(b)) for b in bloques) / PALABRAS_POR_MINUTO + \
        sum(MINUTOS.get(b["tipo"], 0) for b in bloques)
    paso = REDONDEO if exacto > REDONDEO_DESDE else 1
    return paso * math.ceil(exacto / paso)


def minutos_plegado(b):
    """How long a fold takes to read, in whole minutes, at least 1."""
    return max(1, math.ceil(palabras(plegado(b)) / PALABRAS_POR_MINUTO))


def _textos(valor):
    """The strings inside a conversation's messages: what its view shows, without the keys."""
    if isinstance(valor, str):
        return [valor]
    if isinstance(valor, dict):
        return [t for k, v in valor.items() if k not in ("type", "tool_use_id") for t in _textos(v)]
    if isinstance(valor, (list, tuple)):
        return [t for v in valor for t in _textos(v)]
    return [str(valor)] if valor is not None else []


def en_texto(m, textos):
    """"unos 35 min", "unos 60 min", "unas 2 h 10 min": m minutes, in the index's words
    (site/textos.es.json); under two hours in minutes ("unas 1 h" is not Spanish)."""
    horas, resto = divmod(m, 60)
    if horas < 2:
        return textos["duracion_min"].format(m=m)
    if not resto:
        return textos["duracion_h"].format(h=horas)
    return textos["duracion_h_min"].format(h=horas, m=resto)
