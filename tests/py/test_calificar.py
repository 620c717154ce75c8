"""calificar.py, the command-line autograder, over the corpus under tests/entregas/."""
import json
import os
import subprocess
import sys

import pytest

import calificar
import corpus
from comun import PY

CALIFICAR = os.path.join(PY, "calificar.py")
RETOS = ["llamar-herramientas", "errores-como-observaciones"]
CLAVES = {"entrega", "score", "max_score", "execution_time", "tests"}
ES_ROOT = os.geteuid() == 0


def califica(*argumentos):
    return subprocess.run([sys.executable, CALIFICAR, *argumentos], capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def informes():
    """Every submission of the corpus, graded once, two at a time, as course staff would."""
    resultado = {}
    for reto in RETOS:
        casos = sorted(c for c in corpus.veredictos() if c.startswith(reto + "/"))
        r = califica("-j", "2", "--semilla", "11", "--tiempo-llamada", "1", "--tiempo-entrega", "4",
                     "--reto", reto, *[corpus.ruta(c) for c in casos])
        assert r.returncode == 0, r.stderr
        lineas = r.stdout.splitlines()
        assert len(lineas) == len(casos)
        for caso, linea in zip(casos, lineas):
            resultado[caso] = (linea, json.loads(linea))
    return resultado


@pytest.mark.parametrize("caso", sorted(corpus.veredictos()))
def test_corpus_verdicts(informes, caso):
    if caso.endswith("hostil_busca_ficheros.py") and not ES_ROOT:
        pytest.skip("only a root grader can chroot the child away from the challenge files")
    linea, informe = informes[caso]
    assert informe["entrega"] == corpus.ruta(caso)
    assert CLAVES <= set(informe) and set(informe) <= CLAVES | {"output"}
    for t in informe["tests"]:
        assert set(t) == {"name", "score", "max_score", "status", "output"}
        assert t["status"] in ("passed", "failed") and t["score"] == (t["status"] == "passed")
    assert informe["score"] == sum(t["score"] for t in informe["tests"])
    assert len(linea.encode()) < 1 << 20
    assert corpus.comprueba(caso, informe) is None, corpus.comprueba(caso, informe)


def test_right_solutions_pass_and_nothing_hostile_does(informes):
    for caso, (_, informe) in informes.items():
        aprobada = informe["score"] == informe["max_score"]
        assert aprobada == ("/bien_" in "/" + caso.split("/")[1]), caso


def test_a_flood_of_print_is_capped(informes):
    linea, informe = informes["llamar-herramientas/hostil_print.py"]
    assert informe["output"].endswith("[salida recortada: tu código ha escrito mucho más]")
    assert len(linea) < 40_000


def test_printed_output_is_reported(informes):
    _, informe = informes["llamar-herramientas/bien_con_prints.py"]
    assert informe["output"].startswith("Lo que ha escrito tu código:\nme llega una respuesta de 3 bloques")


ESPIA = """
import os, socket

def observaciones(respuesta, entorno):
    hechos = {"uid": os.getuid(), "cwd": os.getcwd(), "raiz": os.listdir("/")}
    try:
        socket.create_connection(("127.0.0.1", 8000), timeout=1)
    except OSError as e:
        hechos["red"] = e.errno
    return hechos
"""


@pytest.mark.skipif(not ES_ROOT, reason="the child drops privileges only when the grader is root")
def test_the_child_is_unprivileged_alone_and_offline():
    servidor = calificar.ServidorDeProcesos()
    transporte = calificar.Aislado(servidor, calificar.carga("llamar-herramientas"), ESPIA, "espia.py", 2, 5)
    try:
        assert transporte.prepara() is None
        hechos = transporte.llama([[], {}], [], {})["valor"]
    finally:
        transporte.cierra()
        servidor.cierra()
    assert hechos["uid"] >= calificar.UID_BASE
    assert hechos["cwd"] == "/" and hechos["raiz"] == []  # chroot'ed into its own empty folder
    assert hechos["red"] in (101, 111)  # unreachable without a network namespace's loopback


def test_lista_and_usage_errors(tmp_path):
    r = califica("--lista")
    assert r.returncode == 0 and r.stdout.split() == sorted(RETOS)
    r = califica("--reto", "no-existe", "x.py")
    assert r.returncode == 2
    assert "no existe el reto 'no-existe'" in r.stderr and "llamar-herramientas" in r.stderr
    assert califica("--reto", "llamar-herramientas").returncode == 2
    assert califica().returncode == 2


def test_an_unreadable_file_gets_an_error_result_and_the_rest_go_on(tmp_path):
    binario = tmp_path / "binario.py"
    binario.write_bytes(b"\xff\xfe\x00def")
    bien = corpus.ruta("llamar-herramientas/bien_incumple.py")
    r = califica("--reto", "llamar-herramientas", str(tmp_path / "falta.py"), str(binario), bien)
    assert r.returncode == 0
    falta, mal, bueno = [json.loads(l) for l in r.stdout.splitlines()]
    assert falta["entrega"].endswith("falta.py") and falta["score"] == 0
    assert falta["output"].startswith("no se ha podido leer la entrega: ")
    assert falta["max_score"] == bueno["max_score"] == len(falta["tests"])
    assert mal["output"].startswith("no se ha podido leer la entrega: ")
    assert bueno["score"] == bueno["max_score"]
