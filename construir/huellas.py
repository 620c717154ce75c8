"""Fingerprints of what a learner edits or answers, computed at build time and put in the data
island, so that a page can tell a saved edit or answer made on another version of the lesson.

A cell's or a challenge's fingerprint is that of its starting code. A question's covers what
its answer depends on: its kind, statement, code, options and right answers, not the
explanations (rewording one does not make an answer wrong). site/src/version.js and
site/src/preguntas.js compare them; docs/autores.md says what the learner then sees.
A lesson's covers what the class report counts in it (py/progreso_clase.py): its cells, its
questions' fingerprints, its challenges and their starting code; a progress export carries the
one the index had, and the report sets aside a lesson exported from another version."""
import hashlib
import json

LARGO = 12  # hex digits: 48 bits, plenty to tell one lesson's versions apart


def de_texto(texto):
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()[:LARGO]


def de_pregunta(p):
    claves = ("tipo", "enunciado", "codigo", "respuesta")
    datos = {k: p[k] for k in claves if k in p}
    datos["opciones"] = [[o["texto"], o["correcta"]] for o in p.get("opciones", [])]
    return de_texto(json.dumps(datos, ensure_ascii=False, sort_keys=True))


def de_leccion(leccion, plantillas):
    datos = [leccion["celdas"], [p["huella"] for p in leccion["preguntas"]], leccion["retos"], plantillas]
    return de_texto(json.dumps(datos, ensure_ascii=False))
