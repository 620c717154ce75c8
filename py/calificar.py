#!/usr/bin/env python3
"""calificar.py: the command-line autograder of the course's challenges.

    python3 py/calificar.py --reto RETO ENTREGA.py [ENTREGA.py ...]
    python3 py/calificar.py --lista

Prints one JSON object per submission, one per line, in the order given: Gradescope's
results.json plus "entrega", the file's path. Exits 0 when every submission was graded,
whatever the verdicts, and 2 on a usage error.

Each submission runs in a child process forked from a clean fork server (see aislamiento.py),
which only ever receives the inputs of each call. This process keeps the script, the expected
transcript and the reference solution, runs the tools, and decides.
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PY = Path(__file__).resolve().parent
RAIZ = PY.parent
sys.path.insert(0, str(PY))
import calificador  # noqa: E402
from aislamiento import envia, lee_exacto, recibe  # noqa: E402

TIEMPO_LLAMADA = 2.0
TIEMPO_ENTREGA = 10.0
TOPE_SALIDA = 20_000
TOPE_HERRAMIENTAS = 100  # tool calls in one call of the learner's function
UID_BASE = 61000


def retos():
    """Every challenge under lessons/: its name (the lesson's slug) and its file."""
    return {p.name[:-len(".reto.py")]: p for p in sorted(RAIZ.glob("lessons/*/*.reto.py"))}


def carga(nombre):
    lee = lambda p: Path(p).read_text(encoding="utf-8")  # noqa: E731
    return calificador.carga_reto(nombre, lee(retos()[nombre]), lee(PY / "guionizado.py"),
                                  lee(PY / "entorno.py"))


# --- The fork server ----------------------------------------------------------------------

class ServidorDeProcesos:
    """Starts aislamiento.py once, and asks it for one fresh child per submission run."""

    def __init__(self):
        self._control, suyo = socket.socketpair()
        self._proceso = subprocess.Popen(
            [sys.executable, "-I", "-S", str(PY / "aislamiento.py"), str(suyo.fileno())],
            pass_fds=[suyo.fileno()], stdin=subprocess.DEVNULL)
        suyo.close()
        self._cerrojo = threading.Lock()
        # One uid per child, and a different range per grader run: a child can only signal itself.
        self._uids = itertools.count((os.getpid() % 64) * 1000)

    def hijo(self):
        """(canal, pid, carpeta): a child in its own empty folder, waiting for its first message."""
        uid = UID_BASE + next(self._uids) % 64000
        carpeta = tempfile.mkdtemp(prefix="entrega-")
        if os.geteuid() == 0:
            os.chown(carpeta, uid, uid)
        nuestro, suyo = socket.socketpair()
        with self._cerrojo:
            socket.send_fds(self._control, [json.dumps({"carpeta": carpeta, "uid": uid}).encode()],
                            [suyo.fileno()])
            respuesta = lee_exacto(self._control, 4)
        suyo.close()
        if respuesta is None:
            raise RuntimeError("el servidor de procesos de aislamiento.py ha terminado")
        pid, = struct.unpack(">I", respuesta)
        return nuestro, pid, carpeta

    def cierra(self):
        self._control.close()
        self._proceso.wait(timeout=5)


# --- The isolated transport -------------------------------------------------------------------

class Aislado:
    """calificador's transport for an untrusted submission: a child process and JSON messages."""

    def __init__(self, servidor, reto, fuente, nombre, tiempo_llamada, tiempo_entrega):
        self.servidor, self.reto, self.fuente, self.nombre = servidor, reto, fuente, nombre
        self.tiempo_llamada = tiempo_llamada
        self.tiempo_entrega = tiempo_entrega
        self.limite = time.monotonic() + tiempo_entrega
        self.hijo = None

    def prepara(self):
        return self._arranca()

    def llama(self, argumentos, herramientas, funciones):
        if self.hijo is None:
            problema = self._arranca()
            if problema:
                return {"caida": problema}
        canal, usos = self.hijo[0], 0
        envia(canal, {"argumentos": argumentos, "herramientas": herramientas, "nombres": list(funciones)})
        while True:
            mensaje, fallo = self._espera("tu función")
            if fallo:
                return {"caida": fallo}
            if "herramienta" in mensaje:
                usos += 1
                if usos > TOPE_HERRAMIENTAS:  # the tools run here: a flood of calls must not
                    self.cierra()
                    return {"caida": "tu función ha llamado a las herramientas más de %d veces "
                                     "de una vez" % TOPE_HERRAMIENTAS}
                envia(canal, _ejecuta_herramienta(funciones, mensaje))
            elif "fin" in mensaje:
                return _saneada(mensaje["fin"])
            else:
                self.cierra()
                return {"caida": "el proceso de tu entrega ha enviado un mensaje inválido"}

    def cierra(self):
        if self.hijo:
            canal, pid, carpeta = self.hijo
            canal.close()
            _mata(pid)
            shutil.rmtree(carpeta, ignore_errors=True)
            self.hijo = None

    def _arranca(self):
        self.cierra()
        if time.monotonic() >= self.limite:
            return self._sin_tiempo()
        self.hijo = self.servidor.hijo()
        envia(self.hijo[0], {"fuentes": {"guionizado.py": self.reto["GUIONIZADO"],
                                         "entorno.py": self.reto["ENTORNO_PY"]},
                             "contexto": calificador.contexto(self.reto), "entrega": self.fuente,
                             "nombre": self.nombre, "funcion": self.reto["FUNCION"]})
        mensaje, fallo = self._espera("tu entrega, al cargarse,")
        if fallo or not isinstance(mensaje.get("problema"), (str, type(None))):
            self.cierra()
            return fallo or "el proceso de tu entrega ha enviado un mensaje inválido"
        if mensaje["problema"]:
            self.cierra()
        return mensaje["problema"]

    def _espera(self, quien):
        """(message, None), or (None, why) after killing the child."""
        plazo = min(self.tiempo_llamada, self.limite - time.monotonic())
        try:
            mensaje = recibe(self.hijo[0], time.monotonic() + max(plazo, 0))
        except (socket.timeout, TimeoutError):
            self.cierra()
            if plazo < self.tiempo_llamada:
                return None, self._sin_tiempo()
            return None, "%s no ha terminado en %g s: ¿un bucle infinito?" % (quien, self.tiempo_llamada)
        except ValueError:
            self.cierra()
            return None, "el proceso de tu entrega ha enviado un mensaje inválido"
        except OSError as e:
            self.cierra()
            return None, "el proceso de tu entrega ha fallado: %s" % e
        if not isinstance(mensaje, dict):
            self.cierra()
            return None, ("el proceso de tu entrega ha terminado de golpe (¿sys.exit, os._exit, "
                          "una recursión infinita o demasiada memoria?)")
        return mensaje, None

    def _sin_tiempo(self):
        return "se ha agotado el tiempo total de la entrega (%g s)" % self.tiempo_entrega


def _ejecuta_herramienta(funciones, mensaje):
    try:
        f = funciones[mensaje["herramienta"]]
        valor = f(*mensaje.get("args", []), **mensaje.get("kwargs", {}))
        json.dumps(valor)
        return {"valor": valor}
    except Exception as e:
        try:
            argumentos = json.loads(json.dumps(list(e.args)))
        except (TypeError, ValueError):
            argumentos = [str(e)]
        return {"excepcion": {"tipo": type(e).__name__, "args": argumentos}}


def _saneada(fin):
    """Only the shapes that EnEsteInterprete produces get through; anything else is a failure."""
    invalido = {"caida": "el proceso de tu entrega ha enviado un mensaje inválido"}
    if not isinstance(fin, dict):
        return invalido
    salida = fin["salida"][:TOPE_SALIDA] if isinstance(fin.get("salida"), str) else ""
    if "valor" in fin:
        return {"valor": fin["valor"], "salida": salida}
    if isinstance(fin.get("no_json"), str):
        return {"no_json": fin["no_json"][:300], "salida": salida}
    e = fin.get("excepcion")
    if isinstance(e, dict) and isinstance(e.get("tipo"), str) and isinstance(e.get("mensaje"), str) \
            and isinstance(e.get("mro"), list) and all(isinstance(c, str) for c in e["mro"]):
        return {"excepcion": {"tipo": e["tipo"][:100], "mro": e["mro"][:50],
                              "mensaje": e["mensaje"][:300]}, "salida": salida}
    return invalido


def _mata(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# --- Grading --------------------------------------------------------------------------------

def califica_entrega(ruta, reto, servidor, opciones):
    try:
        fuente = Path(ruta).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return _sin_calificar(ruta, reto, "no se ha podido leer la entrega: %s" % e)
    transporte = Aislado(servidor, reto, fuente, os.path.basename(ruta), opciones.tiempo_llamada,
                         opciones.tiempo_entrega)
    try:
        informe = calificador.califica(reto, transporte, opciones.semilla)
    except Exception as e:  # a grader bug must not take the whole batch down
        return _sin_calificar(ruta, reto, "error interno del calificador: %r" % e)
    finally:
        transporte.cierra()
    return {"entrega": ruta, **informe}


def _sin_calificar(ruta, reto, motivo):
    nombres = calificador.nombres_de_pruebas(reto)
    return {"entrega": ruta, "score": 0, "max_score": len(nombres), "execution_time": 0,
            "tests": [{"name": n, "score": 0, "max_score": 1, "status": "failed", "output": motivo}
                      for n in nombres],
            "output": motivo}


def main(argv=None):
    conocidos = retos()
    p = argparse.ArgumentParser(
        prog="calificar.py", description="Califica entregas de los retos del curso, aisladas.")
    p.add_argument("--reto", help="el reto: %s" % ", ".join(conocidos))
    p.add_argument("--lista", action="store_true", help="lista los retos y termina")
    p.add_argument("-j", type=int, default=1, metavar="N", help="califica N entregas a la vez")
    p.add_argument("--semilla", type=int, help="semilla de las pruebas ocultas (por defecto, al azar)")
    p.add_argument("--tiempo-llamada", type=float, default=TIEMPO_LLAMADA, metavar="S")
    p.add_argument("--tiempo-entrega", type=float, default=TIEMPO_ENTREGA, metavar="S")
    p.add_argument("entregas", nargs="*", metavar="ENTREGA.py")
    opciones = p.parse_args(argv)
    if opciones.lista:
        for nombre in conocidos:
            print(nombre)
        return 0
    if not opciones.reto or not opciones.entregas:
        p.error("hacen falta --reto RETO y al menos una ENTREGA.py")
    if opciones.reto not in conocidos:
        p.error("no existe el reto %r; los retos son: %s" % (opciones.reto, ", ".join(conocidos)))
    if opciones.j < 1:
        p.error("-j debe ser al menos 1")
    _asegura_jsonschema(p)
    reto = carga(opciones.reto)
    servidor = ServidorDeProcesos()
    try:
        with concurrent.futures.ThreadPoolExecutor(opciones.j) as hilos:
            for informe in hilos.map(lambda r: califica_entrega(r, reto, servidor, opciones),
                                     opciones.entregas):
                print(json.dumps(informe, ensure_ascii=False), flush=True)
    finally:
        servidor.cierra()
    return 0


def _asegura_jsonschema(p):
    """jsonschema checks the shape of the learner's blocks; use the site's wheels if not installed."""
    try:
        import jsonschema  # noqa: F401
        return
    except ImportError:
        pass
    sys.path[:0] = [str(w) for w in sorted((RAIZ / ".cache" / "wheels").glob("*.whl"))
                    if w.name.split("-")[0] in ("jsonschema", "attrs", "pyrsistent")]
    try:
        import jsonschema  # noqa: F401,F811
    except ImportError:
        p.exit(2, "calificar.py: falta jsonschema; instálalo o ejecuta `make setup`\n")


if __name__ == "__main__":
    sys.exit(main())
