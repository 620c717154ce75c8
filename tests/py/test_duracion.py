"""construir/duracion.py: each lesson's estimate in the index against its built page, measured by the
course's own rule (the words a learner sees open at PALABRAS_POR_MINUTO, plus MINUTOS for each cell,
question and challenge), and each fold's stated time against what it holds."""
import math
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest

from autoria import RAIZ
from construir import duracion

# The estimate is rounded (up to 5 minutes, or to the minute in a short lesson) and counts the source,
# not the page's labels and buttons: within this of what the page measures.
MARGEN = 0.15
CLASES = {"celda": "celda", "pregunta": "pregunta", "reto": "reto"}


class _Pagina(HTMLParser):
    """The text of a lesson's <main>: what is open (`abierto`), and each fold's (`plegados`, a
    {red}'s as its longest tab, since the page shows one at a time); and how many of each kind."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pila, self.abierto, self.plegados, self.cuantos = [], [], [], dict.fromkeys(CLASES, 0)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("br", "img", "input", "meta", "link", "hr", "wbr", "source", "col"):
            return
        clases = (a.get("class") or "").split()
        for clase, tipo in CLASES.items():
            if tag == "section" and clase in clases:
                self.cuantos[tipo] += 1
        fuera = "hidden" in a or tag in ("script", "style", "template")
        self.pila.append({"tag": tag, "fuera": fuera, "pliegue": tag == "details", "resumen": tag == "summary",
                          "panel": a.get("role") == "tabpanel"})
        if tag == "details":
            self.plegados.append({"plegado": "plegado" in clases, "todo": [], "paneles": []})
        if a.get("role") == "tabpanel" and self.plegados:
            self.plegados[-1]["paneles"].append([])

    def handle_endtag(self, tag):
        while self.pila:
            if self.pila.pop()["tag"] == tag:
                break

    def handle_data(self, datos):
        if not any(e["tag"] == "main" for e in self.pila) or any(e["fuera"] for e in self.pila):
            return
        dentro = [e for e in self.pila if e["pliegue"] or e["resumen"]]
        if not dentro or dentro[-1]["resumen"]:
            self.abierto.append(datos)
            return
        self.plegados[-1]["todo"].append(datos)
        if any(e["panel"] for e in self.pila):
            self.plegados[-1]["paneles"][-1].append(datos)


def _medida(palabras, cuantos):
    return palabras / duracion.PALABRAS_POR_MINUTO + sum(duracion.MINUTOS[t] * n for t, n in cuantos.items())


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    carpeta = tmp_path_factory.mktemp("duracion")
    shutil.copytree(RAIZ / "lessons", carpeta / "lessons")
    r = subprocess.run([sys.executable, str(RAIZ / "build.py"), "--lecciones", "lessons", "--salida", "dist",
                        "--sin-comprimir"], cwd=carpeta, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return carpeta / "dist" / "courses" / "llm-agents"


def _estimaciones(dist):
    """{slug: minutes} as the index promises them ("Para leerla y hacerla: unos 55 min")."""
    indice = (dist / "index.html").read_text(encoding="utf-8")
    estimaciones = {}
    for slug, texto in re.findall(r'<li data-leccion="([^"]+)">.*?<p class="duracion">([^<]*)</p>', indice, re.S):
        h = re.search(r"(\d+) h", texto)
        m = re.search(r"(\d+) min", texto)
        estimaciones[slug] = (int(h.group(1)) * 60 if h else 0) + (int(m.group(1)) if m else 0)
    return estimaciones


def _lee(dist, slug):
    p = _Pagina()
    p.feed((dist / slug / "index.html").read_text(encoding="utf-8"))
    return p


def test_each_lesson_estimate_is_within_15_percent_of_what_its_page_shows_open(dist):
    estimaciones = _estimaciones(dist)
    assert len(estimaciones) == len(list((RAIZ / "lessons/llm-agents").glob("*.md")))
    fuera = []
    for slug, estimada in estimaciones.items():
        p = _lee(dist, slug)
        medida = _medida(duracion.palabras(" ".join(p.abierto)), p.cuantos)
        if abs(estimada - medida) > MARGEN * medida:
            fuera.append(f"{slug}: the index says {estimada} min, the page measures {medida:.1f} min")
    assert not fuera, "\n".join(fuera)


def test_each_fold_says_how_long_what_it_holds_takes(dist):
    vistos = 0
    for slug in _estimaciones(dist):
        pagina = (dist / slug / "index.html").read_text(encoding="utf-8")
        dichos = [m or "1" for m in re.findall(r'<span class="plegado-duracion">\((?:unos (\d+) min|un minuto) '
                                                r'de lectura\)</span>', pagina)]
        plegados = [f for f in _lee(dist, slug).plegados if f["plegado"]]  # not a long tool_result's fold
        assert len(dichos) == len(plegados), slug
        for dicho, f in zip(dichos, plegados):
            partes = [" ".join(x) for x in f["paneles"]] or [" ".join(f["todo"])]
            medida = max(map(duracion.palabras, partes)) / duracion.PALABRAS_POR_MINUTO
            assert abs(int(dicho) - medida) <= max(1, MARGEN * medida), (slug, dicho, medida)
            vistos += 1
    assert vistos, "no lesson has a fold"


def test_a_fold_is_left_out_of_its_lessons_estimate():
    prosa = {"tipo": "prosa", "markdown": "palabra " * 2000}
    plegado = {"tipo": "plegado", "opciones": {"resumen": "Consulta"}, "cuerpo": "palabra " * 2000}
    assert duracion.minutos({"bloques": [prosa]}) == 10
    assert duracion.minutos({"bloques": [prosa, plegado]}) == 10
    assert duracion.minutos_plegado(plegado) == 10
    assert duracion.minutos({"bloques": [{"tipo": "prosa", "markdown": "palabra " * 1300}]}) == 7
    assert duracion.minutos({"bloques": [{"tipo": "prosa", "markdown": "palabra " * 3100}]}) == 20
    assert math.isclose(duracion.minutos_plegado({"tipo": "plegado", "cuerpo": "x"}), 1)
