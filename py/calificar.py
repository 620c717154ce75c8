#!/usr/bin/env python3
"""calificar.py: the command-line autograder of the course's challenges.

    python3 py/calificar.py --reto RETO ENTREGA.py [ENTREGA.py ...]
    python3 py/calificar.py --lista
    python3 py/calificar.py --prepara
    python3 py/calificar.py --reto RETO --esperado --semilla N   (build.py's data for the page)
    python3 py/calificar.py --reto RETO --resumen --csv notas.csv --html informe.html -- *.py
    python3 py/calificar.py --progreso --csv clase.csv --html clase.html -- progresos/*.json

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
  - between them, this process's relay: every message of the child goes through here, where the
    clocks are (per call, per submission) and where a child that is late, dies, or sends anything
    but one small JSON message is killed. juez.py and hijo.py list the messages.
This file is the command: its options, the batch and its output. The judge's handle and the relay
are relevo.py's (Juez, Relevo); a node process and its pipe channel, proceso.py's; the runtime
folder and the sandboxes, aislamiento.py's; the batch's summary and reports, lote.py's; the
class's progress from the learners' exports (--progreso), progreso_clase.py's and progreso_html.py's.
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import queue
import sys
from pathlib import Path

PY = Path(__file__).resolve().parent
RAIZ = PY.parent
sys.path.insert(0, str(PY))
import aislamiento  # noqa: E402
import calificador  # noqa: E402
import carga  # noqa: E402
import lote  # noqa: E402
import lote_html  # noqa: E402
from relevo import Juez  # noqa: E402

TIEMPO_LLAMADA = calificador.TIEMPO_LLAMADA  # the page's Comprobar uses the same two
TIEMPO_ENTREGA = calificador.TIEMPO_ENTREGA
MAXIMO_LLAMADA = 60.0    # what --tiempo-llamada and --tiempo-entrega accept, in seconds
MAXIMO_ENTREGA = 600.0


def retos():
    """Every challenge under lessons/: its name (the lesson's slug) and its file."""
    return {p.name[:-len(".reto.py")]: p for p in sorted(RAIZ.glob("lessons/*/*.reto.py"))}


def revisa(rutas):
    """Each challenge file's problems, 'file:line: what', checked without running it."""
    return [problema for ruta in rutas
            for problema in carga.revisa(ruta.read_text(encoding="utf-8"),
                                                    os.path.relpath(ruta))]


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
    p.add_argument("--progreso", action="store_true",
                   help="los ficheros son progresos exportados por los alumnos (.json): escribe el progreso "
                        "de la clase, con --csv, --html y --resumen, sin calificar nada")
    p.add_argument("--curso", metavar="CARPETA",
                   help="con --progreso, la carpeta del curso construido (por defecto, la única de dist/courses/)")
    p.add_argument("entregas", nargs="*", metavar="ENTREGA.py",
                   help="los ficheros que calificar; una línea JSON por cada uno, en este orden")
    opciones = p.parse_args(argv)
    if opciones.progreso or opciones.curso:
        return progreso(p, opciones)
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


def progreso(p, opciones):
    """--progreso: the class's progress from the learners' export files (progreso_clase.py)."""
    # Imported here: it reads site/formas.json and the built course, so it runs from the repository;
    # a Gradescope zip (construir/autograder.py) carries only what grading needs.
    import progreso_clase
    import progreso_html
    if not opciones.progreso:
        p.error("--curso va con --progreso")
    if opciones.reto or opciones.lista or opciones.prepara or opciones.esperado or opciones.semilla is not None:
        p.error("--progreso no califica: no va con --reto, --lista, --prepara, --esperado ni --semilla")
    if not opciones.entregas:
        p.error("--progreso pide al menos un fichero de progreso exportado")
    if not (opciones.csv or opciones.html):
        opciones.resumen = True  # something to read
    if opciones.curso is None:
        cursos = progreso_clase.cursos_en(RAIZ / "dist")
        if len(cursos) != 1:
            p.exit(2, "calificar.py: %s; di cuál con --curso CARPETA (make build lo construye en dist/courses/)\n" % (
                "no hay ningún curso construido en dist/courses/" if not cursos else
                "hay %d cursos construidos: %s" % (len(cursos), ", ".join(c.name for c in cursos))))
        opciones.curso = cursos[0]
    try:
        curso = progreso_clase.leer_curso(opciones.curso)
    except progreso_clase.NoEsCurso as e:
        p.exit(2, "calificar.py: %s\n" % e)
    clase = progreso_clase.Clase(curso, opciones.entregas)
    fallo = False
    for ruta, escribe_en in ((opciones.csv, clase.escribe_csv),
                             (opciones.html, lambda r: progreso_html.escribe(clase, r))):
        if ruta:
            try:
                escribe_en(ruta)
            except OSError as e:
                avisa("no he podido escribir %s: %s" % (ruta, e.strerror))
                fallo = True
    if opciones.resumen:
        for linea in clase.resumen():
            avisa(linea)
    return 1 if fallo else 0


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
