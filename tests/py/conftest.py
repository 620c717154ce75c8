import os
import shutil
import subprocess
import sys

import pytest

import calificar
import corpus
import minimo
from comun import carpeta_publica, nuevo_espacio
from construir import autograder


@pytest.fixture
def ns():
    return nuevo_espacio()


@pytest.fixture(scope="session")
def copia():
    """The grader, every challenge and the corpus, the minimal course's too (where an author would
    put them), copied into a folder every uid can read."""
    carpeta = carpeta_publica("calificar-copia-")
    for reto, archivo in calificar.retos().items():
        for nombre, datos in autograder.contenido(reto, archivo).items():
            os.makedirs(os.path.dirname(os.path.join(carpeta, nombre)), exist_ok=True)
            with open(os.path.join(carpeta, nombre), "wb") as f:
                f.write(datos)
    shutil.copytree(corpus.ENTREGAS, os.path.join(carpeta, "tests", "entregas"), symlinks=True)
    minimo.anade(carpeta)
    yield carpeta
    shutil.rmtree(carpeta)


@pytest.fixture(scope="session")
def construido(tmp_path_factory):
    """build.py run from a folder holding a copy of lessons/ with the minimal course added
    (tests/py/minimo.py), as an author would add a lesson and its challenge: that folder and the run."""
    carpeta = tmp_path_factory.mktemp("build")
    return carpeta, minimo.construye(carpeta)


@pytest.fixture(scope="session")
def preparado(copia):
    """The copy's runtime folder, made once by its owner, as make setup or setup.sh would."""
    r = subprocess.run([sys.executable, os.path.join(copia, "py", "calificar.py"), "--prepara"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()
