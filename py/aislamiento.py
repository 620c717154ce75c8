"""The untrusted side of calificar.py: a fork server, and the child that runs one submission.

calificar.py starts this file once, as `python3 -I -S py/aislamiento.py FD`, before it loads any
challenge. So the fork server, and every child forked from it, never hold an expected transcript,
a script or a reference solution: only the public context and the learner's code.

Each child, before it runs anything of the learner's:
  - lives in its own empty temporary directory (chroot'ed into it when root);
  - runs as its own unprivileged uid when root, so that it can't signal other submissions;
  - has no network when the kernel lets the fork server unshare it;
  - has limits on memory, CPU, processes, file size and open files.
It then answers, over one socket, one message per call: the inputs in, the output or the
exception out, as JSON. The learner's tool calls go back over the same socket to the parent.
"""
import builtins
import json
import os
import signal
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calificador import EnEsteInterprete, carga_entrega, describe_excepcion  # noqa: E402

TOPE_MENSAJE = 1 << 20
# What a submission may import inside its chroot: loaded here, before the fork.
PRECARGA = ["re", "math", "random", "collections", "itertools", "functools", "string", "copy",
            "datetime", "textwrap", "dataclasses", "typing", "fractions", "decimal", "statistics",
            "operator", "unicodedata", "traceback", "contextlib", "heapq", "bisect", "enum",
            "encodings.latin_1", "encodings.ascii", "encodings.utf_16", "encodings.idna"]
LIMITES = {"RLIMIT_AS": 512 << 20, "RLIMIT_CPU": 30, "RLIMIT_FSIZE": 1 << 20,
           "RLIMIT_NOFILE": 32, "RLIMIT_NPROC": 1, "RLIMIT_CORE": 0}


# --- Framing, shared with the parent --------------------------------------------------------

def envia(canal, mensaje):
    datos = json.dumps(mensaje, ensure_ascii=False).encode()
    canal.sendall(struct.pack(">I", len(datos)) + datos)


def recibe(canal, limite=None):
    """The next message, or None if the other end has gone.

    With limite (a time.monotonic() deadline), socket.timeout once it passes, however slowly
    the other end drips its bytes.
    """
    cabecera = lee_exacto(canal, 4, limite)
    if cabecera is None:
        return None
    n, = struct.unpack(">I", cabecera)
    if n > TOPE_MENSAJE:
        raise ValueError("mensaje de %d bytes: demasiado grande" % n)
    datos = lee_exacto(canal, n, limite)
    return None if datos is None else json.loads(datos)


def lee_exacto(canal, n, limite=None):
    """n bytes, or None if the other end has gone first."""
    partes = []
    while n:
        if limite is not None:
            queda = limite - time.monotonic()
            if queda <= 0:
                raise socket.timeout("plazo agotado")
            canal.settimeout(queda)
        parte = canal.recv(min(n, 1 << 16))
        if not parte:
            return None
        partes.append(parte)
        n -= len(parte)
    return b"".join(partes)


# --- The fork server ----------------------------------------------------------------------

def servidor(control):
    import resource  # noqa: F401  (loaded before the fork, like everything the child needs)
    for modulo in PRECARGA:
        __import__(modulo)
    _sin_red()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    while True:
        try:
            datos, fds, _, _ = socket.recv_fds(control, 1 << 16, 1)
        except OSError:
            return
        if not datos:
            return
        peticion = json.loads(datos)
        pid = os.fork()
        if pid == 0:
            control.close()
            canal = socket.socket(fileno=fds[0])
            try:
                _aisla(peticion)
                _sirve(canal)
            finally:
                os._exit(0)
        os.close(fds[0])
        control.sendall(struct.pack(">I", pid))


def _sin_red():
    if os.geteuid() != 0:
        return
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).unshare(0x40000000)  # CLONE_NEWNET
    except (OSError, AttributeError):
        pass  # some sandboxes forbid it; the rest of the isolation still holds


def _aisla(peticion):
    import resource
    nulo = os.open(os.devnull, os.O_RDWR)
    os.chdir(peticion["carpeta"])
    root = os.geteuid() == 0
    if root:
        os.chroot(".")
        os.chdir("/")
    for fd in (0, 1, 2):
        os.dup2(nulo, fd)
    os.close(nulo)
    for nombre, tope in LIMITES.items():
        try:
            resource.setrlimit(getattr(resource, nombre), (tope, tope))
        except (ValueError, OSError):
            pass
    if root:
        os.setgroups([])
        os.setgid(peticion["uid"])
        os.setuid(peticion["uid"])


# --- The child: one submission ------------------------------------------------------------

def _sirve(canal):
    inicio = recibe(canal)
    _instala_open_url(inicio["fuentes"])
    ns, problema, salida = carga_entrega(inicio["contexto"], inicio["entrega"], inicio["nombre"])
    transporte = EnEsteInterprete(ns, inicio["funcion"])
    envia(canal, {"problema": problema or transporte.prepara(), "salida": salida})
    while True:
        pedido = recibe(canal)
        if pedido is None:
            return
        funciones = {n: _remota(canal, n) for n in pedido["nombres"]}
        try:
            respuesta = transporte.llama(pedido["argumentos"], pedido["herramientas"], funciones)
        except BaseException as e:  # noqa: B902  a KeyboardInterrupt of its own, say
            respuesta = {"excepcion": describe_excepcion(e), "salida": ""}
        envia(canal, {"fin": respuesta})


def _remota(canal, nombre):
    """A tool that runs in the parent: the child sends the arguments and gets the result back."""
    def herramienta(*args, **kwargs):
        try:
            envia(canal, {"herramienta": nombre, "args": list(args), "kwargs": kwargs})
        except (TypeError, ValueError):
            raise TypeError("los argumentos de %s deben ser valores JSON" % nombre) from None
        r = recibe(canal)
        if r is None:
            os._exit(0)
        if "excepcion" in r:
            raise _clase(r["excepcion"]["tipo"])(*r["excepcion"]["args"])
        return r["valor"]
    return herramienta


def _clase(tipo):
    clase = getattr(builtins, tipo, None)
    if isinstance(clase, type) and issubclass(clase, BaseException):
        return clase
    return type(tipo, (Exception,), {})


def _instala_open_url(fuentes):
    """So that a whole editor's content, with its open_url lines, runs here as in the page."""
    import io
    import types

    def open_url(url):
        return io.StringIO(fuentes[url.rsplit("/", 1)[-1]])
    pyodide = types.ModuleType("pyodide")
    pyodide.http = types.ModuleType("pyodide.http")
    pyodide.http.open_url = open_url
    sys.modules.update({"pyodide": pyodide, "pyodide.http": pyodide.http})


if __name__ == "__main__":
    servidor(socket.socket(fileno=int(sys.argv[1])))
