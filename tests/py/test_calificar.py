"""calificar.py, the command-line autograder, over the corpus under tests/entregas/.

The whole corpus is graded through each isolation path this machine can run, and each gives the
verdicts of veredictos.json (tests/node/ checks the same verdicts through the core in Pyodide):
  - root+bwrap:          as root, with bubblewrap;
  - usuario+bwrap:       as an ordinary user (nobody, or the user running the tests);
  - contenedor+chroot:   as root of a container without CAP_SYS_ADMIN (contenedor.py).
They run a copy of the grader and the corpus that every uid can read, as Gradescope's zip lays
it out: a checkout need not be (CI's may live in a 0700 folder).
"""
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

import corpus
from comun import CONTENEDOR, PY, PYTHON_SISTEMA, carpeta_publica

RETOS = corpus.retos()
CLAVES = {"entrega", "score", "max_score", "execution_time", "tests", "output", "semilla", "aislamiento"}
ES_ROOT = os.geteuid() == 0
SECRETO = "tok-de-la-ci-que-nadie-debe-ver"

CAMINOS = {"root+bwrap": "bwrap", "usuario+bwrap": "bwrap", "contenedor+chroot": "chroot"}


def orden(nombre, copia):
    """The command line of calificar.py through one isolation path."""
    programa = os.path.join(copia, "py", "calificar.py")
    if nombre == "usuario+bwrap" and ES_ROOT:
        return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", PYTHON_SISTEMA, programa]
    if nombre == "contenedor+chroot":
        return [sys.executable, CONTENEDOR, sys.executable, programa]
    return [sys.executable, programa]


def ruta(copia, caso, especiales=None):
    if especiales and caso in especiales:
        return especiales[caso]
    return os.path.join(copia, "tests", "entregas", caso)


def califica(orden, *argumentos, env=None):
    entorno = dict(os.environ, SECRETO_DEL_OPERADOR=SECRETO, **(env or {}))
    return subprocess.run([*orden, *argumentos], capture_output=True, timeout=900, env=entorno)


@pytest.fixture
def publica():
    """A folder the ordinary user can read too (pytest's tmp_path is root's alone)."""
    carpeta = carpeta_publica("calificar-")
    yield carpeta
    shutil.rmtree(carpeta)


@pytest.fixture(scope="session")
def especiales(preparado):
    carpeta = carpeta_publica("especiales-")
    yield corpus.prepara_especiales(carpeta)
    shutil.rmtree(carpeta)


@pytest.fixture(scope="session", params=list(CAMINOS))
def camino(request, copia, preparado, especiales):
    """Every submission of the corpus, graded two at a time through one isolation path."""
    nombre = request.param
    if nombre != "usuario+bwrap" and not ES_ROOT:
        pytest.skip("this path needs root")
    aislamiento, informes = CAMINOS[nombre], {}
    for reto in RETOS:
        casos = sorted(c for c in corpus.veredictos() if c.startswith(reto + "/"))
        r = califica(orden(nombre, copia), "-j", "2", "--semilla", str(corpus.SEMILLA), "--tiempo-llamada", "1",
                     "--tiempo-entrega", "4", "--reto", reto,
                     *[ruta(copia, c, especiales) for c in casos])
        assert r.returncode == 0, r.stderr.decode(errors="replace")
        lineas = r.stdout.splitlines()
        assert len(lineas) == len(casos), r.stderr.decode(errors="replace")
        for caso, linea in zip(casos, lineas):
            informes[caso] = (linea, json.loads(linea))
    return nombre, aislamiento, informes


@pytest.mark.parametrize("caso", sorted(corpus.veredictos()))
def test_corpus_verdicts(camino, copia, especiales, caso):
    nombre, aislamiento, informes = camino
    linea, informe = informes[caso]
    assert informe["entrega"] == os.fsdecode(ruta(copia, caso, especiales))
    assert informe["aislamiento"] == aislamiento
    assert set(informe) == CLAVES and informe["semilla"] == corpus.SEMILLA
    for t in informe["tests"]:
        assert set(t) == {"name", "score", "max_score", "status", "output"}
        assert t["status"] in ("passed", "failed") and t["score"] == (t["status"] == "passed")
    assert informe["score"] == sum(t["score"] for t in informe["tests"])
    assert len(linea) < 100_000
    assert SECRETO.encode() not in linea  # no child sees the grader's environment
    assert corpus.comprueba(caso, informe) is None, "%s: %s" % (nombre, corpus.comprueba(caso, informe))


def test_right_solutions_pass_and_nothing_hostile_does(camino):
    for caso, (_, informe) in camino[2].items():
        aprobada = informe["score"] == informe["max_score"]
        bien = "/bien_" in "/" + caso.split("/")[1] or caso.endswith("especial_nombre_no_utf8.py")
        assert aprobada == bien, caso


def test_a_flood_of_print_is_capped(camino):
    linea, informe = camino[2]["llamar-herramientas/hostil_print.py"]
    assert informe["output"].endswith("[salida recortada: tu código ha escrito mucho más]")
    assert len(linea) < 40_000


def test_printed_output_is_reported_under_the_test_it_belongs_to(camino):
    _, informe = camino[2]["llamar-herramientas/bien_con_prints.py"]
    assert informe["output"].startswith("Lo que ha escrito tu código:\n— En «Reproduce la conversación de "
                                        "la lección» —\nme llega una respuesta de 3 bloques")
    assert "\n— En «Los bloques de texto no se ejecutan» —\nme llega una respuesta de 3 bloques" in informe["output"]
    _, al_cargar = camino[2]["llamar-herramientas/bien_prueba_al_cargar.py"]
    assert al_cargar["output"].startswith("Lo que ha escrito tu código:\n— Al cargarse —\nprueba: [{")


def test_the_judges_own_work_is_bounded_per_submission_and_an_overrun_is_its_zero(copia, preparado):
    # The bound cut down from 10 s to 10 ms: a right submission's grading overruns it.
    programa = os.path.join(copia, "py", "calificar.py")
    arranque = ("import sys; sys.argv[0] = %r; sys.path.insert(0, %r); import calificar; "
                "import relevo; relevo.TIEMPO_JUEZ_ENTREGA = 0.01; calificar.main()" % (programa, os.path.dirname(programa)))
    bien = ruta(copia, "llamar-herramientas/bien_incumple.py")
    r = califica([sys.executable, "-c", arranque], "--reto", "llamar-herramientas", bien, bien)
    assert r.returncode == 0, r.stderr.decode()  # the submissions' doing, not the operator's
    lineas = [json.loads(linea) for linea in r.stdout.splitlines()]
    assert len(lineas) == 2 and all(x["score"] == 0 for x in lineas)
    assert lineas[1]["output"] == ("Tu entrega ha hecho trabajar al calificador más de 0.01 s (revisar lo que "
                                   "devuelve, o lo que pasa a las herramientas y al modelo), y se ha detenido.")


def test_printing_200000_lines_a_call_is_graded_well_inside_the_default_time(tmp_path, copia, preparado):
    fuente = open(ruta(copia, "llamar-herramientas/bien_incumple.py"), encoding="utf-8").read().replace(
        "def observaciones(respuesta, entorno):\n",
        "def observaciones(respuesta, entorno):\n    for i in range(200_000):\n        print('traza', i)\n", 1)
    assert "200_000" in fuente
    entrega = tmp_path / "imprime.py"
    entrega.write_text(fuente, encoding="utf-8")
    r = califica(orden("root+bwrap", copia), "--reto", "llamar-herramientas", str(entrega),
                 env={"TMPDIR": str(tmp_path)})
    informe = json.loads(r.stdout)
    assert informe["score"] == informe["max_score"], informe["tests"]
    assert informe["output"].endswith("[salida recortada: tu código ha escrito mucho más]")


def test_a_lone_surrogate_is_written_as_an_escape(camino):
    linea, informe = camino[2]["llamar-herramientas/bien_imprime_surrogate.py"]
    assert b"\\ud800" in linea and "\ud800" in informe["output"]


def test_the_sandbox_holds_against_what_reaches_node(camino):
    informes = camino[2]
    _, escribe = informes["llamar-herramientas/hostil_js_escribe.py"]
    assert "ESCRITO" not in escribe["output"] and "no se pudo escribir /calificador.py" in escribe["output"]
    _, disco = informes["llamar-herramientas/hostil_js_disco.py"]
    assert "ESCRITOS" not in disco["output"]
    _, shm = informes["llamar-herramientas/hostil_js_shm.py"]
    assert "parado en el fichero 0 " in shm["output"]  # /dev is read-only too
    _, abstracto = informes["llamar-herramientas/hostil_js_abstracto.py"]
    assert "red: EACCES" in abstracto["output"]  # not even an abstract AF_UNIX socket
    _, falta = informes["llamar-herramientas/hostil_falta.py"]
    assert "volvió" not in falta["output"]  # a tool is never run without its environment
    _, procesos = informes["llamar-herramientas/hostil_js_procesos.py"]
    assert "lanzados 200 " not in procesos.get("output", "")  # RLIMIT_NPROC stops a process bomb


def test_no_child_outlives_its_batch(camino):
    vivos = subprocess.run(["pgrep", "-f", "setInterval"], capture_output=True, text=True)
    assert vivos.stdout.strip() == ""


def test_the_runtime_folder_is_unchanged_after_hostile_submissions(camino, preparado):
    base = preparado
    for nombre in ("calificador.py", "juez.py", "hijo.py", "nodo.mjs"):
        with open(os.path.join(base, nombre), "rb") as f, open(os.path.join(PY, nombre), "rb") as g:
            assert hashlib.sha256(f.read()).digest() == hashlib.sha256(g.read()).digest(), nombre


ESPIA = r'''
from pyodide.code import run_js

HECHOS = """
    const fs = process.getBuiltinModule("fs"), cp = process.getBuiltinModule("child_process");
    const hijo = cp.spawnSync(process.execPath, ["-e", "0"]);
    JSON.stringify({uid: process.getuid(), raiz: fs.readdirSync("/").sort(),
                    env: JSON.stringify(process.env), procesos: hijo.error ? hijo.error.code : "lanzado"})
"""

def observaciones(respuesta, entorno):
    print(run_js(HECHOS))
    return []
'''


@pytest.mark.parametrize("nombre", list(CAMINOS))
def test_what_a_child_can_see_and_start(nombre, copia, preparado, publica):
    if nombre != "usuario+bwrap" and not ES_ROOT:
        pytest.skip("this path needs root")
    espia = os.path.join(publica, "espia.py")
    with open(espia, "w") as f:
        f.write(ESPIA)
    informe = json.loads(califica(orden(nombre, copia), "--reto", "llamar-herramientas", espia).stdout)
    hechos = json.loads(informe["output"].splitlines()[2])  # under the heading of its first test
    assert hechos["env"] in ("{}", '{"PWD":"/"}')
    assert "calificador.py" in hechos["raiz"] and "lessons" not in hechos["raiz"]
    assert not any(n.endswith(".reto.py") for n in hechos["raiz"])
    assert hechos["procesos"] == "EPERM"  # the seccomp filter: threads, but no new process
    if ES_ROOT:
        assert 61000 <= hechos["uid"] < 69000  # its own uid, not root


RED = """
const s = process.getBuiltinModule("net").connect(%d, "127.0.0.1");
s.on("connect", () => { console.log("conectado"); process.exit(0); });
s.on("error", (e) => { console.log(e.code); process.exit(0); });
"""


@pytest.mark.parametrize("modo", ["bwrap", "chroot"])
def test_a_child_has_no_network(modo, preparado):
    if modo == "chroot" and not ES_ROOT:
        pytest.skip("chroot needs root")
    import socket

    import aislamiento
    servidor = socket.socket()
    servidor.bind(("127.0.0.1", 0))
    servidor.listen()
    hijo = aislamiento.orden_hijo(modo, preparado, 60998, 10, ["-e", RED % servidor.getsockname()[1]])
    r = subprocess.run(hijo, capture_output=True, text=True, env={}, timeout=60)
    servidor.close()
    assert r.stdout.strip() == "EACCES", r.stderr  # not even a socket: refused before any route


@pytest.mark.skipif(not ES_ROOT, reason="needs root to build the unprivileged container")
def test_without_any_sandbox_it_refuses_unless_told(copia, preparado):
    bien = ruta(copia, "llamar-herramientas/bien_incumple.py")
    sin_nada = [sys.executable, CONTENEDOR, "--usuario", "65534", PYTHON_SISTEMA,
                os.path.join(copia, "py", "calificar.py")]
    r = califica(sin_nada, "--reto", "llamar-herramientas", bien)
    assert r.returncode == 2 and r.stdout == b""
    mensaje = r.stderr.decode()
    assert "no puedo aislar las entregas" in mensaje and "--sin-aislamiento" in mensaje
    r = califica(sin_nada, "--sin-aislamiento", "--reto", "llamar-herramientas", bien)
    assert r.returncode == 0 and "SIN AISLAMIENTO" in r.stderr.decode()
    informe = json.loads(r.stdout)
    assert informe["aislamiento"] == "ninguno" and informe["score"] == informe["max_score"]


def test_lista_and_usage_errors(copia):
    programa = [sys.executable, os.path.join(copia, "py", "calificar.py")]  # the copy has the minimal course's
    r = califica(programa, "--lista")
    assert r.returncode == 0 and r.stdout.decode().split() == sorted(RETOS)
    r = califica(programa, "--reto", "no-existe", "x.py")
    assert r.returncode == 2
    assert "no existe el reto 'no-existe'" in r.stderr.decode() and "llamar-herramientas" in r.stderr.decode()
    assert califica(programa, "--reto", "llamar-herramientas").returncode == 2
    assert califica(programa).returncode == 2


def test_an_unreadable_file_gets_an_error_result_and_the_rest_go_on(tmp_path, copia, preparado):
    binario = tmp_path / "binario.py"
    binario.write_bytes(b"x = 1\n\xff\xfe\x00def")
    grande = tmp_path / "grande.py"
    grande.write_bytes(b"#" * (2 << 20))
    bien = ruta(copia, "llamar-herramientas/bien_incumple.py")
    r = califica(orden("root+bwrap", copia), "--reto", "llamar-herramientas",
                 str(binario), str(grande), bien, env={"TMPDIR": str(tmp_path)})
    assert r.returncode == 0  # the learner's files, graded: 0
    mal, enorme, bueno = [json.loads(linea) for linea in r.stdout.splitlines()]
    assert mal["output"] == ("No se ha podido leer la entrega: tiene bytes nulos (\\0), y un programa "
                             "no puede tenerlos: mira el byte 0x00 de la línea 2.")
    assert enorme["output"].startswith("No se ha podido leer la entrega: ocupa 2097152 bytes")
    assert mal["max_score"] == bueno["max_score"] == len(mal["tests"])
    assert bueno["score"] == bueno["max_score"] and bueno["output"] == "" and bueno["semilla"] >= 0
    assert sorted(os.listdir(tmp_path)) == ["binario.py", "grande.py"]  # no temporary folders left


def test_a_path_that_is_no_file_is_the_operators_to_fix_and_the_batch_says_so(tmp_path, copia, preparado):
    bien = ruta(copia, "llamar-herramientas/bien_incumple.py")
    r = califica(orden("root+bwrap", copia), "--reto", "llamar-herramientas",
                 str(tmp_path / "falta.py"), str(tmp_path), bien, env={"TMPDIR": str(tmp_path)})
    assert r.returncode == 1  # not every file was graded
    falta, carpeta, bueno = [json.loads(linea) for linea in r.stdout.splitlines()]
    assert falta["output"] == "No se ha podido leer la entrega: no existe." and falta["score"] == 0
    assert carpeta["output"].startswith("No se ha podido leer la entrega: es una carpeta; para calificar")
    assert bueno["score"] == bueno["max_score"]
    errores = r.stderr.decode()
    assert "falta.py: sin calificar: no existe" in errores and "2 de 3 entregas sin calificar" in errores


@pytest.mark.parametrize("opcion", ["--tiempo-llamada=0", "--tiempo-llamada=nan", "--tiempo-entrega=inf",
                                    "--tiempo-entrega=1e20", "--tiempo-llamada=dos"])
def test_a_clock_that_is_no_time_is_a_usage_error(opcion):
    r = califica([sys.executable, os.path.join(PY, "calificar.py")], opcion, "--reto", "llamar-herramientas", "x.py")
    assert r.returncode == 2 and r.stdout == b""
    assert "calificar.py: error: --tiempo-" in r.stderr.decode()


def test_the_help_and_a_usage_error_speak_spanish():
    programa = [sys.executable, os.path.join(PY, "calificar.py")]
    r = califica(programa, "--help")
    ayuda = r.stdout.decode()
    assert r.returncode == 0 and ayuda.startswith("uso: calificar.py [-h] [--reto RETO]")
    assert "\nargumentos:\n" in ayuda and "\nopciones:\n" in ayuda
    assert "-h, --help          muestra esta ayuda y termina\n" in ayuda
    assert not any(ingles in ayuda for ingles in ("usage:", "positional arguments", "options:", "show this help"))
    r = califica(programa, "--no-existe", "--reto", "llamar-herramientas", "x.py")
    assert r.returncode == 2 and r.stderr.decode().startswith("uso: calificar.py")
    assert r.stderr.decode().endswith("calificar.py: error: no entiendo estos argumentos: --no-existe\n")

def _procesos_de(carpeta):
    """Pids of the processes whose command line names this runtime folder (judges, children)."""
    vivos = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if carpeta.encode() in f.read():
                    vivos.append(pid)
        except OSError:
            pass
    return vivos


def test_ctrl_c_stops_the_batch_at_once_and_leaves_no_process(copia, preparado):
    casos = ["bien_referencia.py", "hostil_bucle.py", "bien_else.py"]  # the loop takes its 10 s
    p = subprocess.Popen([sys.executable, os.path.join(copia, "py", "calificar.py"), "--reto",
                          "errores-como-observaciones", *[ruta(copia, "errores-como-observaciones/" + c)
                                                          for c in casos]],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    primera = p.stdout.readline()
    time.sleep(1)  # into the loop
    p.send_signal(signal.SIGINT)
    inicio = time.monotonic()
    resto, errores = p.communicate(timeout=30)
    assert time.monotonic() - inicio < 3
    assert p.returncode == 130 and json.loads(primera)["score"] > 0 and resto == b""
    assert errores.decode() == "calificar.py: interrumpida: 1 de 3 entregas calificadas\n"
    time.sleep(0.5)
    assert _procesos_de(preparado) == []


def test_a_reader_that_goes_away_ends_the_batch_quietly(copia, preparado):
    bien = ruta(copia, "llamar-herramientas/bien_incumple.py")
    p = subprocess.Popen([sys.executable, os.path.join(copia, "py", "calificar.py"), "--reto",
                          "llamar-herramientas", bien, bien, bien], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()  # as `| head -1` does
    errores = p.stderr.read()
    assert p.wait(timeout=60) == 1
    assert b"Traceback" not in errores and b"Error" not in errores
    time.sleep(0.5)
    assert _procesos_de(preparado) == []
