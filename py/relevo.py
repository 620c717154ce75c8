"""The judge's handle and the relay: how calificar.py grades one submission after another.

    juez = Juez(base, modo, (nombre, ruta del reto), opciones, uids)   starts node nodo.mjs juez
    juez.pruebas                  the challenge's test names
    juez.esperado(semilla)        what the reference does: build.py's data for the page
    juez.califica(ruta)           (report, None), or (report, why it was not graded)
    juez.cierra() / abandona()    ends it and its children; abandona even mid-grading (Ctrl-C)

Juez speaks juez.py's messages with the trusted side, in Pyodide (py/juez.py lists them). For
each submission, a Relevo starts its sandboxed child on the judge's first message about it and
relays every message between them, keeping the clocks (only the child's own time counts: per
call, and per submission) and killing a child that is late, dies, or sends anything but one
small JSON object (proceso.Proceso).
"""
import base64
import errno
import os
import random
import stat
import time

import aislamiento
import redaccion
from proceso import TOPE_MENSAJE, TOPE_PROFUNDIDAD, Cerrado, Plazo, Proceso

TIEMPO_ARRANQUE = 60.0   # a child's boot, not counted in the submission's time
TIEMPO_JUEZ = 120.0      # the judge's own work between two messages
# The judge's work for one submission, in all: the reference at a fresh seed, the tools, the model
# and the judging. A right one cost it 0.1-0.2 s here (2026-12-02); a hostile one that makes it
# work more (100 conversations of 1 MB for the model took 6.6 s) fails at this bound, not later.
TIEMPO_JUEZ_ENTREGA = 10.0
TOPE_ENTREGA = 1 << 20   # bytes of a submission file
# Why the relay ended a child, for the learner, by what Proceso.recibe saw.
POR_QUE_SE_CIERRA = {"terminado": redaccion.FRASES["terminado"],
                     "demasiado grande": redaccion.FRASES["enviado_grande"] % (TOPE_MENSAJE >> 20),
                     "demasiado profundo": redaccion.FRASES["enviado_hondo"] % TOPE_PROFUNDIDAD}


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
