"""The Gradescope zips of `make autograder`, run as Gradescope would run them.

One zip is unzipped into a folder laid out like Gradescope's /autograder/ (source/,
submission/, results/); its runtime folder is prepared as setup.sh does (without apt-get), and
run_autograder, copied to the root as Gradescope copies it, grades a right submission, a wrong
one, an empty folder and a folder with two. As root it runs inside contenedor.py, a container
without CAP_SYS_ADMIN like Gradescope's, so calificar.py takes its chroot path there.
"""
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

import corpus
from comun import CONTENEDOR, PYTHON_SISTEMA, carpeta_publica
from modulos import MODULOS

RAIZ = Path(__file__).resolve().parents[2]
ENTREGAS = RAIZ / "tests" / "entregas"
RETO = "llamar-herramientas"
RETOS = sorted(p.name[:-len(".reto.py")] for p in RAIZ.glob("lessons/*/*.reto.py"))
ES_ROOT = os.geteuid() == 0
ENTORNO = {k: v for k, v in os.environ.items() if k != "CALIFICAR_CACHE"}
PYODIDE = ["package.json", "pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm",
           "pyodide.mjs"]  # and the page's stdlib, from .cache/stdlib/
# The command line and its reports for staff, the runtime's own files, the grader's modules and the lesson's two files.
PY = ["calificar.py", "relevo.py", "proceso.py", "aislamiento.py", "lote.py", "lote_html.py", "nodo.mjs", "juez.py", "hijo.py",
      "modulos.py", *MODULOS, "entorno.py", "guionizado.py"]


TOTALES = {}  # challenge -> its number of tests, as make autograder prints it


@pytest.fixture(scope="module")
def zips():
    carpeta = Path(tempfile.mkdtemp(prefix="autograder-zips-"))
    r = subprocess.run([sys.executable, "-m", "construir.autograder", "--salida", str(carpeta)],
                       cwd=RAIZ, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # Each zip's line gives its challenge's number of tests: the Total Points to set on Gradescope.
    for linea in r.stdout.splitlines():
        reto, n = re.match(r".*autograder-(.+)\.zip \(.*\): (\d+) pruebas; en Gradescope, Total Points = \2$", linea).groups()
        TOTALES[reto] = int(n)
    yield {reto: carpeta / ("autograder-%s.zip" % reto) for reto in RETOS}
    shutil.rmtree(carpeta)


def test_the_docs_give_each_challenges_total_points_as_make_autograder_prints_them(zips):
    with open(RAIZ / "docs" / "calificar.md", encoding="utf-8") as f:
        tabla = dict(re.findall(r"^\| ([a-z-]+) \| (\d+) \|$", f.read(), re.M))
    assert {reto: int(n) for reto, n in tabla.items()} == TOTALES


@pytest.fixture(scope="module")
def autograder(zips):
    """A fake /autograder/: readable by every uid (the grader's children run as their own)."""
    raiz = Path(carpeta_publica("autograder-"))
    with zipfile.ZipFile(zips[RETO]) as z:
        for info in z.infolist():  # as unzip does: with the modes the zip records
            os.chmod(z.extract(info, raiz / "source"), info.external_attr >> 16 & 0o777)
    r = subprocess.run([sys.executable, str(raiz / "source/py/calificar.py"), "--prepara"],
                       capture_output=True, text=True, env=ENTORNO)
    assert r.returncode == 0, r.stderr
    assert Path(r.stdout.strip()).parent == raiz / "source/.cache/calificar"
    shutil.copy2(raiz / "source/run_autograder", raiz / "run_autograder")
    yield raiz
    shutil.rmtree(raiz)


def corre(raiz, *entregas, usuario=None, enlaces=False, sin_carpeta=False):
    """results.json after run_autograder, on a submission folder holding these files (or
    symbolic links to them; or no submission folder at all)."""
    for carpeta in ("submission", "results"):
        shutil.rmtree(raiz / carpeta, ignore_errors=True)
        (raiz / carpeta).mkdir()
    if sin_carpeta:
        (raiz / "submission").rmdir()
    for e in entregas:
        if enlaces:
            (raiz / "submission" / Path(e).name).symlink_to(e)
        else:
            shutil.copy(e, raiz / "submission")
    orden = [str(raiz / "run_autograder")]
    if usuario is not None:  # an unprivileged uid: no chroot, and no bwrap in the container
        os.chmod(raiz / "results", 0o777)
        orden = [sys.executable, str(CONTENEDOR), "--usuario", str(usuario), PYTHON_SISTEMA, *orden]
    elif ES_ROOT:
        orden = [sys.executable, str(CONTENEDOR), *orden]
    r = subprocess.run(orden, cwd=raiz, capture_output=True, text=True, timeout=300,
                       env=dict(ENTORNO, AUTOGRADER_RAIZ=str(raiz)))
    assert r.returncode == 0, r.stderr
    return json.loads((raiz / "results/results.json").read_text(encoding="utf-8"))


def test_each_zip_holds_its_challenge_and_nothing_of_the_others(zips):
    assert RETOS and sorted(zips) == RETOS  # make autograder packs every challenge on disk
    assert all(ruta.is_file() for ruta in zips.values())
    soluciones = {}
    for reto in RETOS:
        arbol = ast.parse(next(RAIZ.glob("lessons/*/%s.reto.py" % reto)).read_text(encoding="utf-8"))
        soluciones[reto] = next(n.value.value for n in arbol.body if isinstance(n, ast.Assign)
                                and n.targets[0].id == "SOLUCION").encode("utf-8")
    for reto, ruta in zips.items():
        with zipfile.ZipFile(ruta) as z:
            nombres = {i.filename: i for i in z.infolist()}
            ruedas = sorted(n.split("/")[-1].split("-")[0] for n in nombres if n.endswith(".whl"))
            esperados = {"setup.sh", "run_autograder", "lessons/llm-agents/%s.reto.py" % reto,
                         *("py/" + a for a in PY), *("node_modules/pyodide/" + a for a in PYODIDE),
                         ".cache/stdlib/python_stdlib.zip"}
            assert set(n for n in nombres if not n.endswith(".whl")) == esperados
            assert all(n.startswith(".cache/wheels/") for n in nombres if n.endswith(".whl"))
            assert ruedas == ["attrs", "jsonschema", "pyrsistent"]
            assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in nombres.values())
            for nombre in ("setup.sh", "run_autograder"):
                assert nombres[nombre].external_attr >> 16 & 0o777 == 0o755
                assert z.read(nombre).startswith(b"#!")
            assert ('RETO = "%s"' % reto).encode() in z.read("run_autograder")
            for otro in RETOS:
                if otro != reto:
                    assert not any(otro in n for n in nombres)
                    assert not any(soluciones[otro] in z.read(n) for n in nombres), otro


# Gradescope's results.json: its top-level keys, and its formats (text: HTML is the default).
CLAVES = {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
          "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}


def test_a_right_submission_gets_every_point(autograder):
    r = corre(autograder, ENTREGAS / RETO / "bien_incumple.py")
    assert r["score"] == sum(t["max_score"] for t in r["tests"]) == len(r["tests"]) == TOTALES[RETO] > 0
    assert set(r) <= CLAVES
    assert r["output_format"] == r["test_output_format"] == r["test_name_format"] == "text"
    assert all(t["status"] == "passed" and t["score"] == 1 for t in r["tests"])
    assert "entrega" not in r and "aislamiento" not in r and "semilla" not in r
    aislamiento = r["extra_data"]["aislamiento"]
    assert aislamiento == ("chroot" if ES_ROOT else "bwrap")
    assert r["output"].startswith("Calificado en Pyodide, con la entrega aislada (%s)." % aislamiento)
    assert isinstance(r["extra_data"]["semilla"], int)


def test_a_wrong_submission_gets_what_calificar_says_with_its_seed(autograder):
    entrega = ENTREGAS / RETO / "mal_orden.py"
    r = corre(autograder, entrega)
    fallan = {t["name"] for t in r["tests"] if t["status"] == "failed"}
    assert fallan >= set(corpus.veredictos()[RETO + "/mal_orden.py"]["fallan"])
    assert r["score"] == len(r["tests"]) - len(fallan)
    # The seed in extra_data replays the same hidden inputs, so the same report.
    directo = subprocess.run([sys.executable, str(autograder / "source/py/calificar.py"), "--reto", RETO,
                              "--semilla", str(r["extra_data"]["semilla"]), str(entrega)],
                             capture_output=True, text=True, env=ENTORNO)
    assert directo.returncode == 0, directo.stderr
    assert json.loads(directo.stdout)["tests"] == r["tests"]


def test_what_a_submission_prints_is_shown_as_text_not_html(autograder, tmp_path):
    entrega = tmp_path / "imprime.py"
    entrega.write_text((ENTREGAS / RETO / "bien_incumple.py").read_text(encoding="utf-8")
                       + '\n\ndef ayuda():\n    pass\n\n\nprint("<b>x</b>", ayuda)\n', encoding="utf-8")
    r = corre(autograder, entrega)
    assert r["score"] == len(r["tests"]) > 0
    assert "<b>x</b> <function ayuda at 0x" in r["output"]
    assert r["output_format"] == "text" and r["test_output_format"] == "text" and set(r) <= CLAVES


def test_a_missing_submission_folder_gets_a_sentence_not_a_traceback(autograder):
    r = corre(autograder, sin_carpeta=True)
    assert r["score"] == 0 and r["tests"] == []
    assert r["output"].startswith("No ha llegado ningún fichero de tu entrega.")
    assert "Traceback" not in r["output"] and set(r) <= CLAVES


def test_an_empty_submission_gets_zero_and_says_so(autograder):
    r = corre(autograder)
    assert r["score"] == 0 and r["tests"] == []
    assert r["output"] == "Tu entrega está vacía. Sube un único fichero .py con tu función."


def test_two_files_get_zero_and_are_named(autograder):
    r = corre(autograder, ENTREGAS / RETO / "bien_incumple.py", ENTREGAS / RETO / "mal_orden.py")
    assert r["score"] == 0
    assert "2 ficheros .py (bien_incumple.py, mal_orden.py)" in r["output"]


def test_a_file_named_in_capitals_is_graded(autograder, tmp_path):
    mayusculas = tmp_path / "Solucion.PY"
    shutil.copy(ENTREGAS / RETO / "bien_incumple.py", mayusculas)
    r = corre(autograder, mayusculas)
    assert r["score"] == len(r["tests"]) > 0


def test_a_symbolic_link_gets_zero_and_is_told_to_upload_the_file(autograder):
    r = corre(autograder, ENTREGAS / RETO / "bien_incumple.py", enlaces=True)
    assert r["score"] == 0 and r["tests"] == []
    assert r["output"] == ("Tu entrega, bien_incumple.py, es un enlace simbólico, no un fichero. "
                           "Sube el fichero .py mismo, con tu función.")


@pytest.mark.skipif(not ES_ROOT, reason="contenedor.py needs root")
def test_no_isolation_gets_zero_with_calificar_stderr(autograder):
    r = corre(autograder, ENTREGAS / RETO / "bien_incumple.py", usuario=65534)
    assert r["score"] == 0
    assert "fallo del calificador" in r["output"]
    assert "calificar.py ha terminado con el código 2" in r["output"]
    assert "no puedo aislar las entregas" in r["output"]
