"""The corpus of submissions under tests/entregas/ and their expected verdicts.

veredictos.json maps each file to the tests it must fail ("todas" for every one), a piece of
the first failure's message for the hostile ones (or a list of pieces, any of which will do, where
two bounds race and the machine's speed picks the first), and "solo_aislado" for the cases that only
make sense through calificar.py: they loop, kill or exit their interpreter, reach Node from
Pyodide, are not plain files, or read what the page's own interpreter holds (the page's
"Comprobar" is feedback; calificar.py decides). "especial" marks a file that git cannot hold
well, made by prepara_especiales: a FIFO, a name that is not UTF-8, 200 KB of punycode, an
expression too deep to compile.
"""
import glob
import importlib.util
import json
import os
import re

import minimo
from comun import PY, instala_open_url, lee_py

SEMILLA = 2026  # construir.retos.SEMILLA, the build's: the page's verdicts are calificar.py's at it
ENTREGAS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "entregas")
DIST = os.path.join(PY, "..", "dist")
RETOS = os.path.join(PY, "..", "lessons", "llm-agents")


def veredictos():
    """Every case's entry: the course's (tests/entregas/) and the minimal course's."""
    with open(os.path.join(ENTREGAS, "veredictos.json"), encoding="utf-8") as f:
        return {**json.load(f), **minimo.veredictos()}


def entregas(reto):
    """The folder of a challenge's corpus."""
    return os.path.join(minimo.ENTREGAS if reto in minimo.retos() else ENTREGAS, reto)


def ruta(caso):
    reto, nombre = caso.split("/", 1)
    return os.path.join(entregas(reto), nombre)


def anade_veredictos(nuevos):
    """Writes the entries of new cases, each into the veredictos.json of its challenge's corpus."""
    for carpeta in {os.path.dirname(entregas(c.split("/")[0])) for c in nuevos}:
        archivo = os.path.join(carpeta, "veredictos.json")
        with open(archivo, encoding="utf-8") as f:
            todos = json.load(f)
        todos.update({c: e for c, e in nuevos.items() if os.path.dirname(entregas(c.split("/")[0])) == carpeta})
        with open(archivo, "w", encoding="utf-8") as f:
            f.write(json.dumps(dict(sorted(todos.items())), indent=1, ensure_ascii=False) + "\n")


def prepara_especiales(carpeta):
    """Makes the "especial" cases in carpeta; {caso: path} (a str, or bytes for a non-UTF-8 name)."""
    rutas = {}
    for caso, v in veredictos().items():
        if v.get("especial") == "fifo":
            rutas[caso] = os.path.join(carpeta, os.path.basename(caso))
            os.mkfifo(rutas[caso])
        elif v.get("especial") == "punycode":  # decoding it is quadratic: 200 KB take seconds
            rutas[caso] = os.path.join(carpeta, os.path.basename(caso))
            with open(rutas[caso], "wb") as f:
                f.write(("# coding: punycode " + "\U00010000" * 200_000).encode("punycode"))
        elif v.get("especial") == "anidado":  # 40 KB of 1+1+…: too deep for the compiler, and it
            # dies in ~0.1 s; 400 KB took ~0.5 s to die, past the tests' 1 s per call under load
            rutas[caso] = os.path.join(carpeta, os.path.basename(caso))
            with open(rutas[caso], "w", encoding="utf-8") as f:
                f.write("x = " + "1+" * 20_000 + "1\n")
        elif v.get("especial") == "nombre_no_utf8":
            rutas[caso] = os.fsdecode(os.path.join(os.fsencode(carpeta), b"entrega_\xf1\xff.py"))
            with open(os.path.join(ENTREGAS, "llamar-herramientas", "bien_incumple.py"), "rb") as f, \
                    open(rutas[caso], "wb") as g:
                g.write(f.read())
    return rutas


def retos():
    """The challenges on disk, by name, the course's and the minimal course's: every list of
    challenges in the tests comes from here."""
    return sorted(archivos())


def archivos():
    """{name: path} of every challenge, the course's and the minimal course's."""
    return {**{os.path.basename(r)[:-len(".reto.py")]: r for r in glob.glob(os.path.join(RETOS, "*.reto.py"))},
            **minimo.retos()}


def archivo(nombre):
    """A challenge's .reto.py, which calificar.py --reto also takes."""
    return archivos()[nombre]


def lecciones():
    """Every lesson file, the course's and the minimal course's: every list of lessons in the
    tests that reads their source comes from here."""
    return sorted(glob.glob(os.path.join(PY, "..", "lessons", "*", "*.md"))) + minimo.archivos_de_lecciones()


def carga_reto(nombre):
    import carga
    with open(archivo(nombre), encoding="utf-8") as f:
        fuente = f.read()
    return carga.carga(nombre, fuente, lee_py("guionizado.py"), lee_py("entorno.py"))


def fallan(informe):
    """The failing test names, or "todas" when every test failed, as veredictos.json writes it."""
    nombres = [t["name"] for t in informe["tests"] if t["status"] == "failed"]
    return "todas" if len(nombres) == informe["max_score"] else nombres


def califica_en_este_interprete(caso, semilla=SEMILLA):
    """The page's way: the submission and the grader core share this interpreter."""
    import calificador
    import entrega
    import transporte
    instala_open_url()  # a submission may be the whole editor, open_url lines included
    reto = carga_reto(caso.split("/")[0])
    with open(ruta(caso), "rb") as f:
        fuente = entrega.fuente_de(f.read())  # as hijo.py reads a file: BOM, coding line, CRLF
    nombre = os.path.basename(caso)
    ns, problema, salida = entrega.carga_entrega(calificador.fuentes_publicas(reto), fuente, nombre)
    return calificador.califica(reto, transporte.EnEsteInterprete(ns, reto.funcion, problema, nombre, salida),
                                semilla)


def comprueba(caso, informe):
    """None if the report matches the expected verdict, else what differs."""
    esperado = veredictos()[caso]
    if fallan(informe) != esperado["fallan"]:
        return "%s: fallan %r, se esperaba %r" % (caso, fallan(informe), esperado["fallan"])
    primero = next((t["output"] for t in informe["tests"] if t["status"] == "failed"), "")
    mensaje = esperado.get("mensaje", "")
    if not any(m in primero for m in (mensaje if isinstance(mensaje, list) else [mensaje])):
        return "%s: el primer fallo dice %r, se esperaba %r" % (caso, primero, esperado["mensaje"])
    return None


def reto_de_la_pagina(nombre, dist=DIST):
    """The data build.py put in the page for a challenge: {nombre, plantilla, esperado (JSON), fuentes}."""
    for pagina in glob.glob(os.path.join(dist, "courses", "*", "*", "index.html")):
        with open(pagina, encoding="utf-8") as f:
            isla = re.search(r'<script type="application/json" id="datos">(.*?)</script>', f.read(), re.S)
        for reto in json.loads(isla.group(1))["retos"]:
            if reto["nombre"] == nombre:
                return reto
    raise LookupError("ninguna página de %s tiene el reto %s: make build" % (dist, nombre))


class _SinReloj:
    """comprobador.py's clock hooks where there is no page to keep time: nothing is ever cut."""

    def empieza(self, plazo, prueba):
        return 1

    def termina(self, n):
        return False


def califica_como_la_pagina(caso, **dist):
    """The page's Comprobar: site/src/comprobador.py on the file's text, with the data of a build
    (dist/, or dist=another)."""
    import entrega
    instala_open_url()
    espec = importlib.util.spec_from_file_location("comprobador_pagina", os.path.join(
        PY, "..", "site", "src", "comprobador.py"))
    comprobador = importlib.util.module_from_spec(espec)
    espec.loader.exec_module(comprobador)
    comprobador.configurar(_SinReloj())
    reto = reto_de_la_pagina(caso.split("/")[0], **dist)
    with open(ruta(caso), "rb") as f:
        texto = entrega.fuente_de(f.read())  # what the editor would hold
    r = json.loads(comprobador.comprobar(texto, reto["esperado"], json.dumps(reto["fuentes"])))
    return r["informe"]
