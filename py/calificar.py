#!/usr/bin/env python3
"""calificar.py: the command-line autograder of the course's challenges.

    python3 py/calificar.py --reto RETO ENTREGA.py [ENTREGA.py ...]
    python3 py/calificar.py --lista
    python3 py/calificar.py --prepara
    python3 py/calificar.py --reto RETO --esperado --semilla N   (build.py's data for the page)
    python3 py/calificar.py --reto RETO --resumen --csv notas.csv --html informe.html -- *.py

Prints one JSON object per submission, one per line, in the order given: Gradescope's
results.json plus "entrega", the file's path, "semilla", the seed of its hidden inputs, and
"aislamiento", the sandbox that ran it. --resumen, --csv and --html add, at the end, a summary on
stderr, a gradebook and a report for staff (lote.py, lote_html.py); the lines stay the same.
Exits 0 when every submission was graded, whatever the verdicts; 1 when some file could not be
(no such file, a folder, no permission, or a fault of the grader itself: its line says why, and
so does stderr), or when the grader cannot start at all; 2 on a usage error or when this
machine cannot isolate submissions (see aislamiento.py and --sin-aislamiento); 130 on Ctrl-C.

Every verdict comes from Pyodide, the page's interpreter; this CPython process only orchestrates:
  - one judge per thread (-j N): node nodo.mjs juez, which runs juez.py, the grader core, the
    tools and the reference solution, with fresh hidden inputs for every submission;
  - one sandboxed child per submission: node nodo.mjs hijo (hijo.py), booted from the snapshot,
    which only ever receives the public context, the learner's code and the inputs of each call;
  - between them, this relay: every message of the child goes through here, where the clocks
    are (per call, per submission) and where a child that is late, dies, or sends anything but
    one small JSON message is killed. juez.py and hijo.py list the messages.
"""
import argparse
import base64
import concurrent.futures
import errno
import itertools
import json
import os
import queue
import random
import select
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

PY = Path(__file__).resolve().parent
RAIZ = PY.parent
sys.path.insert(0, str(PY))
import aislamiento  # noqa: E402
import calificador  # noqa: E402
import carga  # noqa: E402
import lote  # noqa: E402
import lote_html  # noqa: E402
import redaccion  # noqa: E402

TIEMPO_LLAMADA = calificador.TIEMPO_LLAMADA  # the page's Comprobar uses the same two
TIEMPO_ENTREGA = calificador.TIEMPO_ENTREGA
MAXIMO_LLAMADA = 60.0    # what --tiempo-llamada and --tiempo-entrega accept, in seconds
MAXIMO_ENTREGA = 600.0
TIEMPO_ARRANQUE = 60.0   # a child's boot, not counted in the submission's time
TIEMPO_JUEZ = 120.0      # the judge's own work between two messages
# The judge's work for one submission, in all: the reference at a fresh seed, the tools, the model
# and the judging. A right one cost it 0.1-0.2 s here (2026-12-02); a hostile one that makes it
# work more (100 conversations of 1 MB for the model took 6.6 s) fails at this bound, not later.
TIEMPO_JUEZ_ENTREGA = 10.0
TOPE_ENTREGA = 1 << 20   # bytes of a submission file
TOPE_MENSAJE = 1 << 20   # bytes of one message from a child
TOPE_PROFUNDIDAD = 64    # nesting of one message from a child


def retos():
    """Every challenge under lessons/: its name (the lesson's slug) and its file."""
    return {p.name[:-len(".reto.py")]: p for p in sorted(RAIZ.glob("lessons/*/*.reto.py"))}


def revisa(rutas):
    """Each challenge file's problems, 'file:line: what', checked without running it."""
    return [problema for ruta in rutas
            for problema in carga.revisa(ruta.read_text(encoding="utf-8"),
                                                    os.path.relpath(ruta))]


# --- A Node process and its channel ---------------------------------------------------------

class Cerrado(Exception):
    """The process has gone, or sent something that is not one small JSON object."""


class Plazo(Exception):
    """The deadline passed first."""


class Proceso:
    """A node nodo.mjs process: one JSON message per line each way, over two pipes."""

    def __init__(self, orden, tope=TOPE_MENSAJE):
        """orden ends where the process's fds go: they are appended as its last two arguments."""
        suyo_r, self._w = os.pipe()
        self._r, suyo_w = os.pipe()
        self.tope, self.bufer, self.visto, self.ultimo_error = tope, bytearray(), 0, ""
        try:
            self.proceso = subprocess.Popen(
                [*orden, str(suyo_r), str(suyo_w)], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={},
                start_new_session=True, pass_fds=(suyo_r, suyo_w))
        finally:
            os.close(suyo_r)
            os.close(suyo_w)
        os.set_blocking(self._r, False)
        os.set_blocking(self._w, False)
        threading.Thread(target=self._lee_errores, daemon=True).start()

    def envia(self, mensaje, limite):
        datos, hecho = memoryview((json.dumps(mensaje) + "\n").encode()), 0
        while hecho < len(datos):
            if not select.select([], [self._w], [], _queda(limite))[1]:
                raise Plazo()
            try:
                hecho += os.write(self._w, datos[hecho:])
            except BlockingIOError:
                continue
            except OSError:
                raise Cerrado() from None

    def recibe(self, limite):
        fin = self.bufer.find(b"\n", self.visto)
        while fin < 0:
            self.visto = len(self.bufer)
            if self.visto > self.tope:
                raise Cerrado("demasiado grande")
            if not select.select([self._r], [], [], _queda(limite))[0]:
                raise Plazo()
            try:
                trozo = os.read(self._r, 1 << 16)
            except BlockingIOError:
                continue
            if not trozo:
                raise Cerrado("terminado")
            self.bufer += trozo
            fin = self.bufer.find(b"\n", self.visto)
        linea = bytes(self.bufer[:fin])
        del self.bufer[:fin + 1]
        self.visto = 0
        if len(linea) > self.tope:
            raise Cerrado("demasiado grande")
        try:
            mensaje = json.loads(linea)
        except (ValueError, RecursionError):
            raise Cerrado("no es JSON") from None
        if not isinstance(mensaje, dict):
            raise Cerrado("forma inválida")
        if not _poco_profundo(mensaje):
            raise Cerrado("demasiado profundo")
        return mensaje

    def mata(self):
        try:
            os.killpg(self.proceso.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proceso.wait()
        for fd in (self._r, self._w):
            try:
                os.close(fd)
            except OSError:
                pass

    def _lee_errores(self):
        # node's own errors, for the operator: the first 1000 bytes (the cause comes before the
        # stack dump), and the rest read and dropped, so that a chatty child never blocks nor
        # grows this process.
        primeros, fd = b"", self.proceso.stderr.fileno()
        while True:
            trozo = os.read(fd, 1 << 16)
            if not trozo:
                return
            if len(primeros) < 1000:
                primeros += trozo[:1000 - len(primeros)]
                self.ultimo_error = primeros.decode("utf-8", "replace")


# Why the relay ended a child, for the learner, by what Proceso.recibe saw.
POR_QUE_SE_CIERRA = {"terminado": redaccion.FRASES["terminado"],
                     "demasiado grande": redaccion.FRASES["enviado_grande"] % (TOPE_MENSAJE >> 20),
                     "demasiado profundo": redaccion.FRASES["enviado_hondo"] % TOPE_PROFUNDIDAD}


def _queda(limite):
    return max(0.0, limite - time.monotonic())


def _poco_profundo(valor):
    pila = [(valor, 1)]
    while pila:
        v, n = pila.pop()
        if n > TOPE_PROFUNDIDAD:
            return False
        if isinstance(v, dict):
            pila.extend((x, n + 1) for x in v.values())
        elif isinstance(v, list):
            pila.extend((x, n + 1) for x in v)
    return True


# --- The judge, and the relay to each submission's child ------------------------------------

class Juez:
    """One node nodo.mjs juez with the challenge loaded; grades one submission at a time."""

    def __init__(self, base, modo, reto, opciones, uids):
        self.base, self.modo, self.reto, self.opciones, self.uids = base, modo, reto, opciones, uids
        self.proceso, self.pruebas, self.reserva, self.relevo = None, None, None, None
        self.abandonado = False
        self._arranca()

    def hijo_nuevo(self):
        """A child that has never seen a submission, booting since the last one was taken, so
        that its ~0.4 s boot overlaps the grading before it: one submission, alone, went from
        1.36 to 1.09 times a bare boot. (With -j 2 both cores are busy anyway.)"""
        hijo, self.reserva = self.reserva, None
        if hijo is None or hijo.proceso.poll() is not None:
            hijo = self._lanza_hijo()
        self.reserva = self._lanza_hijo()
        return hijo

    def _lanza_hijo(self):
        uid = next(self.uids)
        hijo = Proceso(aislamiento.orden_hijo(self.modo, self.base, uid,
                                              int(self.opciones.tiempo_entrega + TIEMPO_ARRANQUE)))
        hijo.uid = uid
        return hijo

    def _arranca(self):
        if self.proceso:
            self.proceso.mata()
        self.proceso = Proceso([str(self.base / "usr/bin/node"), *aislamiento.NODO_FLAGS,
                                str(self.base / "nodo.mjs"), "juez"], tope=8 << 20)
        nombre, ruta = self.reto
        self.proceso.envia({"reto": {"nombre": nombre, "fuente": ruta.read_text(encoding="utf-8")}},
                           time.monotonic() + TIEMPO_JUEZ)
        try:
            self.pruebas = self.proceso.recibe(time.monotonic() + TIEMPO_JUEZ)["listo"]["pruebas"]
        except (Cerrado, Plazo, KeyError, TypeError):
            raise SystemExit("calificar.py: el juez no ha podido cargar el reto %s:\n%s"
                             % (nombre, self.proceso.ultimo_error)) from None

    def esperado(self, semilla):
        """What the reference does at this seed: the data build.py puts in the page."""
        self.proceso.envia({"esperado": {"semilla": semilla}}, time.monotonic() + TIEMPO_JUEZ)
        mensaje = self.proceso.recibe(time.monotonic() + TIEMPO_JUEZ)
        if "esperado" not in mensaje:
            raise SystemExit("calificar.py: la solución de referencia de %s falla: %s"
                             % (self.reto[0], mensaje.get("error")))
        return mensaje["esperado"]

    def califica(self, ruta):
        """(report, None); or (report, why) when the file was not graded: it is not there, is a
        folder or can't be read, which are the operator's to fix, or the grader failed. A file
        that is there but no submission (a symbolic link, a FIFO, too big) is graded: 0."""
        semilla = random.randrange(2 ** 32) if self.opciones.semilla is None else self.opciones.semilla
        try:
            datos = lee_entrega(ruta)
        except OSError as e:
            informe = self.sin_calificar(ruta, "no se ha podido leer la entrega: %s" % e.strerror, semilla)
            return informe, (e.strerror if e.errno in NO_ES_DE_LA_ENTREGA else None)
        relevo = self.relevo = Relevo(self)
        trabajo = 0.0  # the judge's seconds on this submission: between a message to it and its answer
        try:
            self.proceso.envia({"califica": {"fuente": base64.b64encode(datos).decode(),
                                             "nombre": os.path.basename(ruta), "semilla": semilla}},
                               time.monotonic() + TIEMPO_JUEZ)
            while True:
                desde = time.monotonic()
                try:
                    mensaje = self.proceso.recibe(desde + max(0.0, TIEMPO_JUEZ_ENTREGA - trabajo))
                except Plazo:  # the submission's doing: a new judge goes on, and it gets its 0
                    self._arranca()
                    return self.sin_calificar(ruta, redaccion.FRASES["caro"] % TIEMPO_JUEZ_ENTREGA, semilla), None
                trabajo += time.monotonic() - desde
                if "informe" in mensaje:
                    informe = {"entrega": ruta, "output": "", **mensaje["informe"],
                               "semilla": semilla, "aislamiento": self.modo}
                    return informe, relevo.fallo
                if "error" in mensaje:  # a grader bug (juez.py), not the submission's doing
                    motivo = str(mensaje["error"])
                    return self.sin_calificar(ruta, motivo, semilla), motivo
                self.proceso.envia(relevo.atiende(mensaje), time.monotonic() + TIEMPO_JUEZ)
        except Exception as e:  # the judge failed, or spoke out of protocol: a new one goes on
            detalle = self.proceso.ultimo_error.strip() or repr(e)
            if not self.abandonado:
                self._arranca()
            motivo = "error interno del calificador: %s" % detalle
            return self.sin_calificar(ruta, motivo, semilla), motivo
        finally:
            relevo.termina()
            self.relevo = None

    def sin_calificar(self, ruta, motivo, semilla=None):
        motivo = redaccion.como_frase(motivo)  # a sentence, as the core's own reasons
        return {"entrega": ruta, "score": 0, "max_score": len(self.pruebas), "execution_time": 0,
                "tests": [{"name": n, "score": 0, "max_score": 1, "status": "failed",
                           "output": motivo} for n in self.pruebas],
                "output": motivo, "semilla": semilla, "aislamiento": self.modo}

    def cierra(self):
        self.proceso.mata()
        if self.reserva:
            mata_hijo(self.reserva, self.modo)

    def abandona(self):
        """Ends the judge and every child of it at once, even mid-grading (Ctrl-C)."""
        self.abandonado = True  # before the kill: the thread grading must not start a new judge
        relevo = self.relevo
        if relevo:
            relevo.termina()
        self.cierra()


class Relevo:
    """One submission's child, started on the judge's first message to it, and its clocks."""

    def __init__(self, juez):
        self.juez, self.opciones = juez, juez.opciones
        self.hijo, self.fallo = None, None  # fallo: why the child could not start, if it could not
        self.gastado = self.en_llamada = 0.0  # seconds the child has computed: in all, this call

    def atiende(self, mensaje):
        """The answer to one of the judge's messages about the child."""
        if "cierra_hijo" in mensaje:
            self.termina()
            return {"hecho": True}
        if "hijo" not in mensaje:
            return {"caida": redaccion.FRASES["invalido"]}
        quien = "tu entrega, al cargarse," if mensaje.get("reloj") == "carga" else "tu función"
        if not {"carga", "llama"}.isdisjoint(mensaje["hijo"]):  # a new call; not a tool's answer
            self.en_llamada = 0.0
        plazo = min(self.opciones.tiempo_llamada - self.en_llamada,
                    self.opciones.tiempo_entrega - self.gastado)
        if plazo <= 0:
            self.termina()
            return {"caida": self._agotado(quien)}
        if self.hijo is None:
            fallo = self._arranca()
            if fallo:
                return {"caida": fallo}
        # Only the child's own time counts: not its boot, nor the judge's work between messages.
        inicio = time.monotonic()
        try:
            self.hijo.envia(mensaje["hijo"], inicio + plazo)
            return {"de_hijo": self.hijo.recibe(inicio + plazo)}
        except Plazo:
            self.termina()
            return {"caida": self._agotado(quien)}
        except Cerrado as e:
            self.termina()
            return {"caida": POR_QUE_SE_CIERRA.get(str(e), redaccion.FRASES["invalido"])}
        finally:
            self.gastado += time.monotonic() - inicio
            self.en_llamada += time.monotonic() - inicio

    def _agotado(self, quien):
        """Why the child's time is up: the submission's, or this call's (both grow alike)."""
        o = self.opciones
        return redaccion.sin_tiempo(quien, o.tiempo_llamada, o.tiempo_entrega,
                                      o.tiempo_entrega - self.gastado <= o.tiempo_llamada - self.en_llamada)

    def _arranca(self):
        self.hijo = self.juez.hijo_nuevo()
        try:
            listo = self.hijo.recibe(time.monotonic() + TIEMPO_ARRANQUE)
            if listo == {"listo": True}:
                return None
        except (Cerrado, Plazo):
            pass
        detalle = self.hijo.ultimo_error.strip()
        self.termina()
        self.fallo = "no se ha podido arrancar el proceso de la entrega" + (": " + detalle if detalle else "")
        return self.fallo.replace("de la entrega", "de tu entrega", 1)

    def termina(self):
        if self.hijo:
            mata_hijo(self.hijo, self.juez.modo)
            self.hijo = None


def mata_hijo(hijo, modo):
    hijo.mata()
    if modo == "chroot":  # no pid namespace to end with it: whatever else runs with its uid
        aislamiento.mata_uid(hijo.uid)


# Why a path is not a file to grade, in Spanish; these are the operator's to fix, not a 0.
NO_ES_DE_LA_ENTREGA = {
    errno.ENOENT: "no existe",
    errno.EISDIR: "es una carpeta; para calificar los ficheros que tiene, usa carpeta/*.py",
    errno.EACCES: "no tienes permiso para leerla",
    errno.ENOTDIR: "una parte de su ruta no es una carpeta",
    errno.ENAMETOOLONG: "su nombre es demasiado largo",
}


def lee_entrega(ruta):
    """The bytes of a submission file; OSError, with a Spanish strerror, if it is not one.

    Only a regular file of at most 1 MB, and not through a symbolic link, so that a batch
    can't hang on a FIFO, fill memory from /dev/zero, or copy a system file into a report.
    """
    try:
        fd = os.open(ruta, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise OSError(e.errno, "es un enlace simbólico; califica el fichero al que apunta") from None
        raise OSError(e.errno, NO_ES_DE_LA_ENTREGA.get(e.errno) or os.strerror(e.errno)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise OSError(errno.EISDIR, NO_ES_DE_LA_ENTREGA[errno.EISDIR])
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "no es un fichero normal")
        if info.st_size > TOPE_ENTREGA:
            raise OSError(errno.EFBIG, "ocupa %d bytes, y el máximo es %d" % (info.st_size, TOPE_ENTREGA))
        return os.read(fd, TOPE_ENTREGA + 1)[:TOPE_ENTREGA]
    finally:
        os.close(fd)


def escribe(informe):
    """One JSON line; a lone surrogate (a learner's print, a file name) becomes a \\u escape."""
    linea = json.dumps(informe, ensure_ascii=False).encode("utf-8", "backslashreplace")
    sys.stdout.buffer.write(linea + b"\n")
    sys.stdout.buffer.flush()


# --- The command ----------------------------------------------------------------------------

# argparse's own words, in the command's language (argparse looks each up through its `_`).
ARGPARSE_ES = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos",
    "options": "opciones",
    "show this help message and exit": "muestra esta ayuda y termina",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "%(argument_name)s: %(message)s",
    "invalid %(type)s value: %(value)r": "%(value)r no es un valor válido",
    "unrecognized arguments: %s": "no entiendo estos argumentos: %s",
    "expected one argument": "falta su valor",
    "ignored explicit argument %r": "no lleva valor, y se le ha dado %r",
    "the following arguments are required: %s": "faltan estos argumentos: %s",
}


def segundos(maximo):
    """argparse's type for a clock: seconds, more than 0 and at most `maximo`."""
    def tipo(texto):
        try:
            valor = float(texto)
        except ValueError:
            raise argparse.ArgumentTypeError("%r no es un número de segundos" % texto) from None
        if not 0 < valor <= maximo:  # NaN fails this too
            raise argparse.ArgumentTypeError("debe ser mayor que 0 y como mucho %g segundos" % maximo)
        return valor
    return tipo


def destino(texto):
    """argparse's type for a report's file: its folder must exist now, not after the batch."""
    carpeta = os.path.dirname(os.path.abspath(texto))
    if not os.path.isdir(carpeta):
        raise argparse.ArgumentTypeError("no existe la carpeta %s" % carpeta)
    if os.path.isdir(texto):
        raise argparse.ArgumentTypeError("%s es una carpeta; hace falta el nombre de un fichero" % texto)
    return texto


def main(argv=None):
    argparse._ = lambda texto: ARGPARSE_ES.get(texto, texto)
    conocidos = retos()
    p = argparse.ArgumentParser(  # no abbreviations: a file named --sin must not mean anything
        prog="calificar.py", description="Califica entregas de los retos del curso, aisladas.",
        allow_abbrev=False)
    p.add_argument("--reto", help="el reto: %s, o la ruta de un .reto.py" % ", ".join(conocidos))
    p.add_argument("--lista", action="store_true", help="lista los retos y termina")
    p.add_argument("--prepara", action="store_true",
                   help="prepara el intérprete del calificador (lo hace make setup) y termina")
    p.add_argument("-j", type=int, default=1, metavar="N", help="califica N entregas a la vez")
    p.add_argument("--semilla", type=int, help="semilla de las pruebas ocultas (por defecto, al azar)")
    p.add_argument("--esperado", action="store_true",
                   help="escribe en JSON lo que hace la solución de referencia con --semilla y termina")
    p.add_argument("--tiempo-llamada", type=segundos(MAXIMO_LLAMADA), default=TIEMPO_LLAMADA, metavar="S",
                   help="segundos de cómputo de cada llamada a la función de la entrega (%(default)g)")
    p.add_argument("--tiempo-entrega", type=segundos(MAXIMO_ENTREGA), default=TIEMPO_ENTREGA, metavar="S",
                   help="segundos de cómputo de la entrega en total (%(default)g)")
    p.add_argument("--sin-aislamiento", action="store_true",
                   help="califica sin aislar las entregas (solo si confías en ellas)")
    p.add_argument("--resumen", action="store_true",
                   help="al final, escribe en stderr un resumen: cuántas aprueban, las notas y qué "
                        "pruebas fallan más")
    p.add_argument("--csv", metavar="FICHERO", type=destino,
                   help="escribe también las notas en FICHERO, en CSV: una fila por entrega, una "
                        "columna por prueba (1 pasa, 0 falla)")
    p.add_argument("--html", metavar="FICHERO", type=destino,
                   help="escribe también un informe en HTML: el resumen, una gráfica de cada prueba y "
                        "por qué falla cada entrega")
    p.add_argument("entregas", nargs="*", metavar="ENTREGA.py",
                   help="los ficheros que calificar; una línea JSON por cada uno, en este orden")
    opciones = p.parse_args(argv)
    if opciones.reto and opciones.reto.endswith(".reto.py") and os.path.isfile(opciones.reto):
        ruta = Path(opciones.reto).resolve()  # a challenge outside lessons/ (build.py's tests)
        opciones.reto = ruta.name[:-len(".reto.py")]
        conocidos[opciones.reto] = ruta
    problemas = revisa(conocidos.values() if opciones.lista or not opciones.reto else
                       [conocidos[opciones.reto]] if opciones.reto in conocidos else [])
    if problemas:
        p.exit(2, "".join("calificar.py: %s\n" % problema for problema in problemas))
    if opciones.lista:
        for nombre in conocidos:
            print(nombre)
        return 0
    if opciones.prepara:
        print(aislamiento.prepara(avisa=avisa))
        return 0
    if opciones.reto and opciones.reto not in conocidos:
        p.error("no existe el reto %r; los retos son: %s" % (opciones.reto, ", ".join(conocidos)))
    if opciones.esperado:
        if not opciones.reto or opciones.semilla is None or opciones.entregas:
            p.error("--esperado pide --reto RETO y --semilla N, y ninguna entrega")
        juez = Juez(aislamiento.prepara(avisa=avisa), "ninguno",
                    (opciones.reto, conocidos[opciones.reto]), opciones, iter(()))
        try:
            escribe(juez.esperado(opciones.semilla))
        finally:
            juez.cierra()
        return 0
    if not opciones.reto or not opciones.entregas:
        p.error("hacen falta --reto RETO y al menos una ENTREGA.py")
    if opciones.j < 1:
        p.error("-j debe ser al menos 1")
    base = aislamiento.prepara(avisa=avisa)
    try:
        modo = aislamiento.elige(base, opciones.sin_aislamiento)
    except aislamiento.SinAislamiento as e:
        p.exit(2, "calificar.py: %s\n" % e)
    if modo == "ninguno":
        avisa("califico SIN AISLAMIENTO: el código de las entregas corre como tú (--sin-aislamiento)")
    avisa_si_raras(opciones.entregas, opciones.semilla)
    return califica_todas(base, modo, (opciones.reto, conocidos[opciones.reto]), opciones)


def avisa(texto):
    """A line for the operator, with no control or bidi character but its line ends (a file
    name's, its newlines too, are escaped where it is written in: lote.visible), so that no name
    can move the cursor, recolour or reorder the terminal."""
    print("calificar.py: " + lote.visible(texto, salvo="\n"), file=sys.stderr, flush=True)


def avisa_si_raras(entregas, semilla):
    """Graded all the same, but likely an operator's slip: not a .py, or one file twice."""
    for ruta in dict.fromkeys(r for r in entregas if not r.endswith(".py") and not os.path.isdir(r)):
        avisa("%s no acaba en .py; la califico igualmente" % lote.visible(ruta))
    veces = {}
    for ruta in entregas:
        veces.setdefault(os.path.realpath(ruta), []).append(ruta)
    for rutas in veces.values():
        if len(rutas) > 1:
            avisa("%s aparece %d veces: se califica cada vez%s" % (
                lote.visible(rutas[0]), len(rutas), "" if semilla is not None else ", con otras entradas ocultas"))


def califica_todas(base, modo, reto, opciones):
    """Grades the batch with -j judges; writes each line as soon as the ones before it are out."""
    uids = itertools.cycle(aislamiento.uids())  # next() on it is atomic: one uid per child
    n = min(opciones.j, len(opciones.entregas))
    hechas, no_calificadas = 0, 0
    cuenta = None  # the batch for --resumen, --csv and --html
    with concurrent.futures.ThreadPoolExecutor(n) as hilos:
        jueces, todos = queue.Queue(), []
        for juez in hilos.map(lambda _: Juez(base, modo, reto, opciones, uids), range(n)):
            jueces.put(juez)
            todos.append(juez)
        if opciones.resumen or opciones.csv or opciones.html:
            cuenta = lote.Lote(reto[0], todos[0].pruebas)

        def califica(ruta):
            juez = jueces.get()
            try:
                return juez.califica(ruta)
            except Exception as e:  # a grader bug must not take the whole batch down
                motivo = "error interno del calificador: %r" % (e,)
                return juez.sin_calificar(ruta, motivo), motivo
            finally:
                jueces.put(juez)

        try:
            for ruta, (informe, motivo) in zip(opciones.entregas, hilos.map(califica, opciones.entregas)):
                escribe(informe)
                if cuenta:
                    cuenta.anade(informe, motivo)
                hechas += 1
                if motivo:
                    no_calificadas += 1
                    avisa("%s: sin calificar: %s" % (lote.visible(ruta), motivo))
        except (KeyboardInterrupt, BrokenPipeError) as e:
            # Ctrl-C, or nobody reads the lines any more (| head): stop every process now,
            # not after the submissions in progress; the lines written so far are whole.
            for juez in todos:
                juez.abandona()
            if isinstance(e, KeyboardInterrupt):
                avisa("interrumpida: %d de %d entregas calificadas" % (hechas, len(opciones.entregas)))
            os._exit(130 if isinstance(e, KeyboardInterrupt) else 1)
        finally:
            while not jueces.empty():
                jueces.get().cierra()
    sin_escribir = escribe_informes(cuenta, opciones) if cuenta else False
    if no_calificadas:
        avisa("%d de %d entregas sin calificar (arriba, por qué)" % (no_calificadas, len(opciones.entregas)))
    return 1 if no_calificadas or sin_escribir else 0


def escribe_informes(cuenta, opciones):
    """--csv, --html and --resumen, once the batch is over; True if a file could not be written."""
    fallo = False
    for ruta, escribe_en in ((opciones.csv, cuenta.escribe_csv),
                             (opciones.html, lambda r: lote_html.escribe(cuenta, r))):
        if ruta:
            try:
                escribe_en(ruta)
            except OSError as e:
                avisa("no he podido escribir %s: %s" % (ruta, e.strerror))
                fallo = True
    if opciones.resumen:
        for linea in cuenta.resumen():
            avisa(linea)
    return fallo


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # before grading began (during grading, califica_todas says more)
        avisa("interrumpida antes de calificar nada")
        sys.exit(130)
