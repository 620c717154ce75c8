"""A node nodo.mjs process of calificar.py and its channel: one JSON message per line each way.

    p = Proceso(orden)            starts it, its two pipe ends appended to `orden` as fds
    p.envia(mensaje, limite)      Plazo if `limite` (time.monotonic()) passes first
    p.recibe(limite)              one small JSON object; Cerrado if the process has gone or sent
                                  anything else (too big, too deep, not JSON, not an object)
    p.mata()                      kills its whole process group

calificar.py's judges (relevo.Juez) and each submission's sandboxed child (aislamiento.orden_hijo
starts it) are both Proceso. The channel never trusts the other end: a message is bounded in size
(TOPE_MENSAJE) and nesting (TOPE_PROFUNDIDAD) before it is parsed into a value, and every wait has
a deadline. Standard library only, like calificar.py.
"""
import json
import os
import select
import signal
import subprocess
import threading
import time

TOPE_MENSAJE = 1 << 20   # bytes of one message from a child
TOPE_PROFUNDIDAD = 64    # nesting of one message from a child


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
