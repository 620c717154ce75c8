"""How long a lesson takes, estimated at build time for the course index.

Its prose, statements and questions read at PALABRAS_POR_MINUTO, plus a fixed time for each
cell, question and challenge; rounded up to REDONDEO minutes. An estimate, said as one ("unos").
"""
import math
import re

# Brysbaert (2019, "How many words do we read per minute?") puts silent reading of non-fiction at
# 238 words a minute in English and 278 in Spanish; this prose is technical and quotes code, and
# learners read it to act on it, so a slower 200.
PALABRAS_POR_MINUTO = 200
MINUTOS = {"celda": 1, "pregunta": 1, "reto": 20}  # to read its code, run it and look; to think
REDONDEO = 5


def minutos(doc):
    """The estimate for a lesson (build.py's doc: its blocks with their challenges attached)."""
    textos, fijos = [], 0
    for b in doc["bloques"]:
        fijos += MINUTOS.get(b["tipo"], 0)
        if b["tipo"] == "prosa":
            textos.append(b["markdown"])
        elif b["tipo"] == "pregunta":
            textos.append(b["cuerpo"])
        elif b["tipo"] == "reto":
            textos.append(b["reto"]["enunciado"])
    palabras = len(re.findall(r"\w+", " ".join(textos)))
    return REDONDEO * math.ceil((palabras / PALABRAS_POR_MINUTO + fijos) / REDONDEO)


def en_texto(m, textos):
    """"unos 35 min", "unas 2 h 10 min": m minutes, in the index's words (site/textos.es.json)."""
    horas, resto = divmod(m, 60)
    if not horas:
        return textos["duracion_min"].format(m=resto)
    if not resto:
        return textos["duracion_h"].format(h=horas)
    return textos["duracion_h_min"].format(h=horas, m=resto)
