"""A submission: the text of its file, run in a fresh namespace, and what it prints.

    fuente = fuente_de(datos)                      # the bytes of a file, as an editor holds it
    ns, problema, salida = carga_entrega(fuentes_publicas, fuente, "entrega.py")

Used wherever the learner's code runs: the page's Comprobar, calificar.py's sandboxed child
(hijo.py), and the trusted side for the reference solution.
"""
import builtins
import contextlib
import functools
import linecache
import sys

from redaccion import FRASES, corto

TOPE_SALIDA = 20_000  # characters of what the learner's code prints, per call and per report


def fuente_de(datos):
    """The text of a submission file as an editor holds it: BOM and coding line honoured, \\n ends.

    Raises ValueError, in Spanish, when the bytes are not text in the encoding they declare
    (UTF-8 when they declare none) or hold a NUL byte, which no source file may.
    """
    import io
    import tokenize  # here: the page's boot does not import it (its bytecode is not in the stdlib zip)
    if b"\0" in datos:
        raise _no_es_texto("tiene bytes nulos (\\0), y un programa no puede tenerlos", datos, datos.index(b"\0"))
    problema = None
    try:
        codificacion, _ = tokenize.detect_encoding(io.BytesIO(datos).readline)
    except SyntaxError as e:  # a first line that is not UTF-8, or a coding line that is no use
        codificacion, problema = "utf-8", "declara una codificación que no sirve (%s)" % corto(str(e), 200)
    try:
        texto = datos.decode(codificacion)
    except UnicodeDecodeError as e:
        if codificacion in ("utf-8", "utf-8-sig"):
            raise _no_es_texto("no está en UTF-8 (ni declara otra codificación)", datos, e.start) from None
        raise _no_es_texto("no está en %s, la codificación que declara" % codificacion, datos, e.start) from None
    if problema:
        raise ValueError(problema)
    return texto.replace("\r\n", "\n").replace("\r", "\n")


def _no_es_texto(que, datos, posicion):
    linea = datos.count(b"\n", 0, posicion) + 1
    return ValueError("%s: mira el byte 0x%02x de la línea %d" % (que, datos[posicion], linea))


def ejecuta_fuentes(fuentes, ns):
    """Runs each source, in order, in ns; returns ns."""
    for fuente in fuentes:
        exec(compila(fuente), ns)
    return ns


@functools.lru_cache(maxsize=32)
def compila(fuente, nombre="<contexto>"):
    return compile(fuente, nombre, "exec")


def carga_entrega(fuentes_contexto, fuente, nombre="entrega.py"):
    """Runs the public context, then the submission, in a fresh namespace.

    Returns (ns, problema, salida): problema says in Spanish what went wrong, or is None;
    salida is what the file printed while it loaded, capped.
    """
    ns, salida = {"__name__": "__main__"}, Salida()
    ejecuta_fuentes(fuentes_contexto, ns)
    # Its lines, for a KeyError's explanation (transporte.describe_excepcion): no mtime, so
    # linecache.checkcache keeps them.
    linecache.cache[nombre] = (len(fuente), None, fuente.splitlines(True), nombre)
    try:
        codigo = compile(fuente, nombre, "exec")
    except SyntaxError as e:
        import explicaciones  # only when there is an error to word: the page's boot does not load it
        return ns, explicaciones.con_explicacion(FRASES["sintaxis"] % (e.lineno, e.msg), e, e.msg), ""
    except (RecursionError, MemoryError) as e:  # nesting too deep for the compiler, say
        return ns, FRASES["no_compila"] % (type(e).__name__, corto(str(e), 200)), ""
    try:
        with salida:
            exec(codigo, ns)
    except BaseException as e:  # SystemExit, KeyboardInterrupt, or a learner's own BaseException
        # (the page's clock, which interrupts with a KeyboardInterrupt too, knows when it was its own)
        import explicaciones  # only when there is an error to word: the page's boot does not load it
        linea = linea_en(e.__traceback__, nombre)
        mensaje = corto(explicaciones.mensaje_en(e, nombre) if isinstance(e, NameError) else str(e), 300)
        problema = FRASES["al_cargar"] % (" (línea %d)" % linea if linea else "", type(e).__name__,
                                          ": " + mensaje if mensaje else "")
        return ns, explicaciones.con_explicacion(problema, e, mensaje, nombre), salida.texto()
    return ns, None, salida.texto()


def linea_en(tb, nombre):
    """The line of the last frame of traceback tb whose file is nombre, or None."""
    linea = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == nombre:
            linea = tb.tb_lineno
        tb = tb.tb_next
    return linea


class Salida:
    """What the learner's code prints, capped so that a flood of print can't grow the report.

    Used as `with salida:`, it takes stdout and stderr for the block. Past the cap it only
    counts, and print itself is swapped for one that skips stdout and stderr: Python's print
    costs ~0.75 µs in Pyodide even into a write that does nothing, so a right submission that
    printed 200,000 lines per call ran out of its 10 s; now it takes ~3 s in all
    (bench/calificar.py prints the figure).
    """

    def __init__(self):
        self.partes, self.n, self.perdidos, self.callados = [], 0, 0, 0
        self._print, self._redirige = None, None

    def __enter__(self):
        self._redirige = [contextlib.redirect_stdout(self), contextlib.redirect_stderr(self)]
        for r in self._redirige:
            r.__enter__()
        return self

    def __exit__(self, *excepcion):
        if self._print is not None:
            builtins.print, self._print = self._print, None
        for r in reversed(self._redirige):
            r.__exit__(*excepcion)
        self._redirige = None  # a write after the block (a logging handler kept it) swaps nothing

    def write(self, s):
        s = str(s)
        cabe = TOPE_SALIDA - self.n
        if cabe > 0:  # past the cap, only count: appending empty strings cost ~1 s per flooded call
            self.partes.append(s[:cabe])
            self.n += min(len(s), cabe)
        self.perdidos += max(0, len(s) - max(cabe, 0))
        if self.perdidos and self._print is None and self._redirige:
            self._print, builtins.print = builtins.print, self._sin_imprimir(builtins.print)
        return len(s)

    def _sin_imprimir(self, imprime):
        """print, past the cap: what would come here is counted; anything else (the learner's own
        file, or a stdout the learner's code redirected) still gets its line."""
        salida = self

        def print(*valores, sep=" ", end="\n", file=None, flush=False):
            if (sys.stdout if file is None else file) is salida:
                salida.callados += 1
            else:
                imprime(*valores, sep=sep, end=end, file=file, flush=flush)
        return print

    def flush(self):
        pass

    def texto(self):
        if not self.perdidos:
            return "".join(self.partes)
        nota = "\n[… %d caracteres más sin mostrar%s]" % (
            self.perdidos, ", y %d llamadas más a print" % self.callados if self.callados else "")
        return "".join(self.partes) + nota
