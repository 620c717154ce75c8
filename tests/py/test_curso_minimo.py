"""A small course is accepted: tests/curso-minimo/ (tests/py/minimo.py), a lesson with one cell and
one question and a challenge of two hints, two hidden tests and a three-line SOLUCION, added to a
copy of lessons/ as its author would add it, builds (conftest.py's `construido`, whose every
per-lesson check tests/py/test_build.py makes), and its corpus gets its verdicts from calificar.py
and from the page's Comprobar with that build's data.

Every other per-challenge and per-lesson test runs on it too, through corpus.retos(),
corpus.archivo() and corpus.lecciones(); this file checks what needs its build.
"""
import json
import os
import subprocess
import sys

import pytest

import calificador
import carga
import corpus
import minimo
from comun import PY

CASOS = sorted(c for c in minimo.veredictos())


def test_the_minimal_course_is_as_small_as_the_issue_says_and_has_right_and_wrong_cases():
    (nombre, archivo), = minimo.retos().items()
    reto = corpus.carga_reto(nombre)
    with open(archivo, encoding="utf-8") as f:
        pistas = carga.publico(f.read(), archivo)["pistas"]
    ocultas = [n for n in calificador.nombres_de_pruebas(reto) if n.startswith("Oculta: ")]
    assert (len(reto.solucion.strip().splitlines()), len(pistas), len(ocultas)) == (3, 2, 2)
    assert CASOS and {c.split("/")[1][:4] for c in CASOS} == {"bien", "mal_"}


def test_it_builds_with_the_course(construido):
    carpeta, r = construido
    assert r.returncode == 0, r.stderr
    for slug in minimo.lecciones():
        assert (carpeta / "dist" / "courses" / "llm-agents" / slug / "index.html").is_file(), slug


@pytest.mark.parametrize("caso", CASOS)
def test_the_pages_comprobar_gives_its_verdicts_with_the_builds_data(construido, caso):
    carpeta, r = construido
    assert r.returncode == 0, r.stderr
    informe = corpus.califica_como_la_pagina(caso, dist=str(carpeta / "dist"))
    assert corpus.comprueba(caso, informe) is None, corpus.comprueba(caso, informe)


def test_calificar_gives_its_verdicts_with_the_copys_challenge(construido):
    carpeta, _ = construido
    (nombre, _), = minimo.retos().items()
    r = subprocess.run([sys.executable, os.path.join(PY, "calificar.py"), "--semilla", str(corpus.SEMILLA),
                        "--reto", str(carpeta / "lessons" / "llm-agents" / (nombre + ".reto.py")),
                        *[corpus.ruta(c) for c in CASOS]], capture_output=True, text=True, timeout=300)
    lineas = r.stdout.splitlines()
    assert r.returncode == 0 and len(lineas) == len(CASOS), r.stderr
    for caso, linea in zip(CASOS, lineas):
        assert corpus.comprueba(caso, json.loads(linea)) is None, corpus.comprueba(caso, json.loads(linea))
