"""The minimal course, tests/curso-minimo/: the smallest lesson and challenge the course accepts.

Its folder mirrors the repository: a lesson with one cell and one question, a challenge of two
hints, two hidden tests and a three-line SOLUCION (lessons/llm-agents/reto-minimo.*), its corpus
and the corpus's verdicts (tests/entregas/), and the lesson's golden outputs (tests/e2e/salidas/).
No count in it is a rule (docs/autores.md, «How much is up to you»), so every per-challenge and
per-lesson test runs on it too: tests/py/corpus.py lists its challenge, its cases and its lesson
with the course's; `construye` adds it to a copy of lessons/ and builds that, for
tests/py/test_build.py, test_curso_minimo.py (its corpus through that build's pages) and
tests/e2e/lecciones.test.mjs (its cells' golden outputs).
"""
import glob
import json
import os
import shutil
import subprocess
import sys

RAIZ = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CARPETA = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "curso-minimo"))
CURSO = os.path.join(CARPETA, "lessons", "llm-agents")
ENTREGAS = os.path.join(CARPETA, "tests", "entregas")
# Its lessons go in a block of their own, after the course's: a course's curso.yaml places every
# lesson in a block, in the order of their «orden» (construir/bloques.py), and theirs come last.
BLOQUE = "Un curso mínimo"


def retos():
    """{name: path} of its challenges."""
    return {os.path.basename(r)[:-len(".reto.py")]: r for r in sorted(glob.glob(os.path.join(CURSO, "*.reto.py")))}


def archivos_de_lecciones():
    return sorted(glob.glob(os.path.join(CURSO, "*.md")))


def lecciones():
    """The slugs of its lessons."""
    return [os.path.basename(r)[:-len(".md")] for r in archivos_de_lecciones()]


def veredictos():
    with open(os.path.join(ENTREGAS, "veredictos.json"), encoding="utf-8") as f:
        return json.load(f)


def anade(raiz):
    """Lays the minimal course over the copy of the repository at raiz, as its author would add
    it: its files in place, its verdicts merged into veredictos.json, its lessons in a block of
    curso.yaml (where there are one and the other)."""
    import yaml  # not in Pyodide, where tests/node/ imports corpus.py and so this module

    for origen in glob.glob(os.path.join(CARPETA, "**", "*"), recursive=True):
        destino = os.path.join(raiz, os.path.relpath(origen, CARPETA))
        if os.path.isdir(origen) or origen.endswith("veredictos.json"):
            continue
        os.makedirs(os.path.dirname(destino), exist_ok=True)
        shutil.copyfile(origen, destino)
    todos = os.path.join(raiz, "tests", "entregas", "veredictos.json")
    if os.path.exists(todos):
        with open(todos, encoding="utf-8") as f:
            juntos = {**json.load(f), **veredictos()}
        with open(todos, "w", encoding="utf-8") as f:
            f.write(json.dumps(dict(sorted(juntos.items())), indent=1, ensure_ascii=False) + "\n")
    ficha = os.path.join(raiz, "lessons", "llm-agents", "curso.yaml")
    if not os.path.exists(ficha):  # a copy of the grader alone (tests/py/conftest.py)
        return
    with open(ficha, encoding="utf-8") as f:
        curso = yaml.safe_load(f)
    curso["bloques"].append({"titulo": BLOQUE, "lecciones": lecciones()})
    with open(ficha, "w", encoding="utf-8") as f:
        yaml.safe_dump(curso, f, allow_unicode=True, sort_keys=False)


def construye(carpeta):
    """build.py run in carpeta on a copy of lessons/ with the minimal course added: the run; the
    site is carpeta/dist."""
    shutil.copytree(os.path.join(RAIZ, "lessons"), os.path.join(carpeta, "lessons"))
    anade(carpeta)
    return subprocess.run([sys.executable, os.path.join(RAIZ, "build.py"), "--lecciones", "lessons",
                           "--salida", "dist"], cwd=carpeta, capture_output=True, text=True)


if __name__ == "__main__":  # for tests/e2e/: python3 tests/py/minimo.py CARPETA builds there
    r = construye(sys.argv[1])
    sys.stderr.write(r.stderr)
    sys.exit(r.returncode)
