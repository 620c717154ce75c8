"""A batch as course staff read it: what happened to each submission, the summary, the gradebook.

calificar.py hands Lote every report it printed, in order, with why the file was not graded when
it was not; Lote keeps them, and at the end gives:
  - resumen(): the summary calificar.py writes on stderr with --resumen: how many submissions,
    how many passed everything, the score distribution, and every test's pass rate, worst first;
  - escribe_csv(): the gradebook, --csv: one row per submission (file, score, maximum score, one
    column per test with 1 for passed and 0 for failed, and what went wrong, if anything), as
    Excel's own "Unicode text": UTF-16LE with a BOM, tabs, CRLF line ends (escribe_csv says why);
  - lote_html.escribe(), with the same Lote: the HTML report, --html.

A submission that could not be graded, read, loaded, that crashed or ran out of time is in all
three, as such (incidencia), never missing. What happened is read off the report's messages,
which the core writes from redaccion.FRASES: the patterns below come from those same templates.
Standard library only, like calificar.py.
"""
import csv
import os
import re
import tempfile

from redaccion import FRASES

# What can go wrong with a submission as a whole, in the order the reports are searched: the
# label staff read, and the FRASES whose text in a failed test's message says it happened.
INCIDENCIAS = [
    ("ilegible", "no se ha podido leer", ["no_se_lee"]),
    ("no_carga", "no se ha podido cargar", ["sintaxis", "no_compila", "al_cargar", "no_definida"]),
    ("caida", "se ha caído", ["terminado", "invalido", "enviado_grande", "enviado_hondo"]),
    ("tiempo", "tiempo agotado", ["total", "no_acaba", "caro"]),
]
SIN_CALIFICAR = "sin calificar"  # calificar.py could not grade the file at all (exit code 1)

# What a name must not carry raw into a terminal, a report or a spreadsheet: control characters
# (a terminal's escapes, a newline that would forge a line) and the bidi controls that reorder
# what follows them (U+202E shows «evil\u202eyp.txt» as «eviltxt.py»), and the line separators.
_INVISIBLES = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def visible(texto, salvo=""):
    """texto with those characters written as escapes (\\x1b, \\u202e); those in salvo stay."""
    def escapa(m):
        c = m.group()
        return c if c in salvo else ("\\x%02x" % ord(c) if ord(c) <= 0xff else "\\u%04x" % ord(c))
    return _INVISIBLES.sub(escapa, str(texto))


def _patron(clave):
    """The template FRASES[clave] as a regular expression: each %s, %d or %g matches anything."""
    partes = re.split(r"%[sdg]", FRASES[clave])
    return re.compile(".*?".join(re.escape(p) for p in partes), re.I | re.S)


PATRONES = [(clase, etiqueta, [_patron(c) for c in claves]) for clase, etiqueta, claves in INCIDENCIAS]


def incidencia(informe, motivo=None):
    """(label, message) of what went wrong with the submission as a whole, or None."""
    if motivo:
        return SIN_CALIFICAR, informe.get("output") or motivo
    fallos = [t["output"] for t in informe["tests"] if t["status"] == "failed"]
    for _, etiqueta, patrones in PATRONES:
        for texto in fallos:
            if any(p.search(texto) for p in patrones):
                return etiqueta, texto
    return None


class Lote:
    def __init__(self, reto, pruebas):
        self.reto, self.pruebas = reto, list(pruebas)
        self.entregas = []  # (report, incidencia or None), in the order given

    def anade(self, informe, motivo=None):
        self.entregas.append((informe, incidencia(informe, motivo)))

    @property
    def maximo(self):
        return len(self.pruebas)

    def calificadas(self):
        """The submissions that were graded: a path that was not there (sin calificar) is the
        operator's slip, not a learner's 0, and counts in no rate or distribution."""
        return [(informe, inc) for informe, inc in self.entregas if not (inc and inc[0] == SIN_CALIFICAR)]

    def aprobadas(self):
        return sum(1 for informe, _ in self.calificadas() if informe["score"] == informe["max_score"])

    def distribucion(self):
        """[(score, how many graded submissions got it)], from the highest down, only the scores
        that some submission got: a challenge of 28 tests would otherwise show 29 lines, most empty."""
        cuenta = {}
        for informe, _ in self.calificadas():
            cuenta[informe["score"]] = cuenta.get(informe["score"], 0) + 1
        return sorted(cuenta.items(), reverse=True)

    def por_prueba(self):
        """[(test, how many passed it)], worst first; in the challenge's order among equals."""
        pasan = {n: 0 for n in self.pruebas}
        for informe, _ in self.calificadas():
            for t in informe["tests"]:
                if t["status"] == "passed" and t["name"] in pasan:
                    pasan[t["name"]] += 1
        return sorted(pasan.items(), key=lambda x: x[1])  # sorted() is stable: ties keep the order

    def incidencias(self):
        """{label: how many}, in INCIDENCIAS' order, sin calificar first; only those that happened."""
        cuenta = {}
        for etiqueta in [SIN_CALIFICAR] + [e for _, e, _ in INCIDENCIAS]:
            n = sum(1 for _, inc in self.entregas if inc and inc[0] == etiqueta)
            if n:
                cuenta[etiqueta] = n
        return cuenta

    def resumen(self):
        """The summary's lines, in Spanish, for stderr."""
        n, c = len(self.entregas), len(self.calificadas())
        de = "" if c == n else " de las %d calificadas" % c
        lineas = ["resumen de %s: %d %s; %d lo aprueban todo (%s%s)" % (
            self.reto, n, "entrega" if n == 1 else "entregas", self.aprobadas(), porcentaje(self.aprobadas(), c), de)]
        if self.incidencias():
            lineas.append("incidencias: " + ", ".join("%d %s" % (c, e) for e, c in self.incidencias().items()))
        lineas.append("notas, sobre %d (nota: cuántas la sacan; las que nadie saca no salen):" % self.maximo)
        mayor = max([c for _, c in self.distribucion()] + [1])
        for nota, cuantas in self.distribucion():
            barra = "█" * round(30 * cuantas / mayor)
            lineas.append("  %3d: %4d %s" % (nota, cuantas, barra))
        lineas.append("pruebas, de la que menos entregas pasan a la que más (cuántas pasan, de %d%s):"
                      % (c, "" if c == n else " calificadas"))
        for nombre, pasan in self.por_prueba():
            lineas.append("  %5s  %4d  %s" % (porcentaje(pasan, c), pasan, visible(nombre)))
        return lineas

    def filas(self):
        """The gradebook: its header, then one row per submission."""
        yield ["entrega", "nota", "nota máxima", *self.pruebas, "incidencia"]
        for informe, inc in self.entregas:
            estado = {t["name"]: 1 if t["status"] == "passed" else 0 for t in informe["tests"]}
            yield [visible(informe["entrega"]), informe["score"], informe["max_score"],
                   *[estado.get(nombre, 0) for nombre in self.pruebas], inc[0] if inc else ""]

    def escribe_csv(self, ruta):
        """The gradebook as Excel itself saves "Unicode text": UTF-16LE with a byte-order mark,
        tab-separated, CRLF, which both spreadsheets open right as they come. Excel takes that
        BOM for this format whatever its language: a comma CSV, even UTF-8 with a BOM, opens in
        one column in an Excel whose lists are separated with ";" (Spanish). LibreOffice's text
        import dialog preselects Unicode from the BOM, and Tab is among its default separators;
        "," and ";" are too, so every text is quoted (numbers stay bare, and numbers). A name
        cannot break a row: visible() escapes tabs and line ends."""
        def escribe(f):
            f.write("\ufeff")
            w = csv.writer(f, dialect="excel-tab", quoting=csv.QUOTE_NONNUMERIC)  # CRLF
            for fila in self.filas():
                w.writerow([sin_formula(x) for x in fila])
        escribe_de_golpe(ruta, escribe, encoding="utf-16-le", newline="")


def porcentaje(parte, total):
    """Rounded half up, as people round (Python's round() gives 32 for 32.5)."""
    return "%d %%" % ((200 * parte + total) // (2 * total)) if total else "—"


def sin_formula(valor):
    """A text cell a spreadsheet would run as a formula (a file named =HYPERLINK(…).py) is
    written with a leading apostrophe, which spreadsheets show as text; numbers stay numbers."""
    if isinstance(valor, str) and valor[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + valor
    return valor


def escribe_de_golpe(ruta, escribe, **abre):
    """Writes a file through a temporary one beside it and a rename: never half a file.
    Lone surrogates (a learner's print, a file name that is not UTF-8) become \\u escapes, as in
    the JSON lines."""
    carpeta = os.path.dirname(os.path.abspath(ruta))
    fd, temporal = tempfile.mkstemp(prefix=".calificar-", dir=carpeta)
    try:
        with open(fd, "w", errors="backslashreplace", **abre) as f:
            escribe(f)
        os.chmod(temporal, 0o644)
        os.replace(temporal, ruta)
    except BaseException:
        os.unlink(temporal)
        raise
