"""The class's progress from the learners' export files (calificar.py --progreso): what staff
read about a course that has no server, from the files learners hand in (an LMS upload).

leer_curso() reads the built course (its index's data island: lessons, cells, questions and
challenges, each lesson's fingerprint); leer_exportacion() reads one file against it: a file that
is not an export (site/formas.json, checked by formas.py as the page checks an import), or is
another course's, is set aside whole; a lesson exported from another version of it (the export's
`versiones`, or, in an export made before them, an answer's `huella`) is set aside alone, and
the rest of the file counts. Nothing set aside counts as wrong: it is listed, with why.
An export of version 3 says everything below; older ones are read as far as they go (their
first tries, and the failed checks before a pass, are unknown, and shown as such).

Clase gives the figures (per learner, per question, per challenge, per lesson), escribe_csv() the
learners' table (as lote.py's gradebook) and progreso_html.py the report. The learner's name is
the file's name without `.json`: what the LMS names an upload after (docs/calificar.md).
Standard library only, like calificar.py.
"""
import json
import os
import re
from collections import Counter
from pathlib import Path

import formas
from lote import escribe_de_golpe, sin_formula, visible

ISLA = re.compile(r'<script type="application/json" id="datos">(.*?)</script>', re.S)


class NoEsCurso(Exception):
    pass


def leer_curso(carpeta):
    """{curso, lecciones: [{slug, titulo, huella, celdas, preguntas, retos}]} of a built course."""
    indice = Path(carpeta) / "index.html"
    try:
        m = ISLA.search(indice.read_text(encoding="utf-8"))
        datos = json.loads(m.group(1)) if m else {}
    except (OSError, ValueError) as e:
        raise NoEsCurso("no puedo leer %s: %s" % (indice, e)) from None
    if "lecciones" not in datos or any("huella" not in x for x in datos["lecciones"]):
        raise NoEsCurso("%s no es el índice de un curso construido por esta versión de build.py" % indice)
    return datos


def cursos_en(sitio):
    """The built courses under a site folder (dist/courses/<curso>/)."""
    return sorted(p.parent for p in Path(sitio).glob("courses/*/index.html"))


def nombre_de(ruta):
    base = os.path.basename(ruta)
    return base[:-len(".json")] if base.lower().endswith(".json") else base


class Alumno:
    """One export read against the course: `apartado` says why it is set aside whole (or None),
    `apartadas` {slug: why} the lessons set aside alone; the rest, what it did."""

    def __init__(self, ruta):
        self.ruta, self.nombre = ruta, nombre_de(ruta)
        self.apartado, self.apartadas, self.version, self.fecha = None, {}, None, None
        self.empezadas, self.terminadas = {}, {}   # slug -> date or None (unknown)
        self.respuestas = {}   # (slug, id) -> [(answer, right)], every try; first None if unknown
        self.retos = {}        # (slug, name) -> {superado, pistas, fallos (None: unknown), fechas}
        self.fechas = []

    @property
    def cuenta(self):
        return self.apartado is None


def leer_exportacion(ruta, curso):
    a = Alumno(ruta)
    try:
        with open(ruta, "rb") as f:
            crudo = f.read(20_000_001)
    except OSError as e:
        a.apartado = "no se puede leer: %s" % (e.strerror or e)
        return a
    try:
        if len(crudo) > 20_000_000:
            raise ValueError
        leido = json.loads(crudo.decode("utf-8-sig"), parse_constant=formas._sin_constantes)
    except ValueError:
        a.apartado = "no es una exportación del progreso: no es JSON"
        return a
    if not isinstance(leido, dict) or leido.get("formato") != formas.FORMAS["formato"]:
        a.apartado = "no es una exportación del progreso: no dice «formato»: «%s»" % formas.FORMAS["formato"]
        return a
    problemas = formas.revisar(leido, formas.FORMAS["exportacion"])
    if problemas:
        a.apartado = "no es una exportación válida: %s" % "; ".join(problemas[:3])
        return a
    a.version, a.fecha = leido["version"], leido.get("fecha")
    datos = {}  # slug -> {what: value} of this course
    otros = set()
    for k, v in leido["datos"].items():
        c, slug, que = formas.CLAVE.search(k).groups()
        if c == curso["curso"]:
            datos.setdefault(slug, {})[que] = formas.leer(k, v)
        else:
            otros.add(c)
    if leido.get("curso", curso["curso"]) != curso["curso"] or (not datos and "curso" not in leido and otros):
        a.apartado = "es de otro curso (%s)" % (leido.get("curso") or ", ".join(sorted(otros)))
        return a
    lecciones = {x["slug"]: x for x in curso["lecciones"]}
    versiones = leido.get("versiones", {})
    for slug, que in datos.items():
        if slug == "":
            continue  # where the learner left off
        if slug not in lecciones:
            a.apartadas[slug] = "la lección «%s» ya no está en el curso" % slug
        elif slug in versiones and versiones[slug] != lecciones[slug]["huella"]:
            a.apartadas[slug] = "la lección «%s» es de otra versión" % slug
        elif any(que.get("pregunta-" + p["id"], {}).get("huella", p["huella"]) != p["huella"]
                 for p in lecciones[slug]["preguntas"]):
            a.apartadas[slug] = "una respuesta de «%s» es de otra versión de la lección" % slug
        else:
            _leer_leccion(a, lecciones[slug], que)
    return a


def _leer_leccion(a, leccion, que):
    slug = leccion["slug"]
    a.empezadas[slug] = que.get("leccion:empezada")
    for p in leccion["preguntas"]:
        g = que.get("pregunta-" + p["id"])
        if g is None:
            continue
        intentos = g.get("intentos")
        a.respuestas[(slug, p["id"])] = (
            [(x["respuesta"], x["acierto"]) for x in intentos] if intentos else [None, (g["respuesta"], g["acierto"])])
        a.fechas += [x["fecha"] for x in intentos or [] if "fecha" in x]
    superados = 0
    for nombre in leccion["retos"]:
        r = "reto-" + nombre
        historial = que.get(r + ":historial") or []
        superado = que.get(r + ":superado") == "1"
        superados += superado
        if not (superado or historial or r + ":fallos" in que or r + ":resultado" in que or r + ":pistas" in que):
            continue
        fallos = int(que.get(r + ":fallos", "0"))
        if superado and not any(e["evento"] == "superado" for e in historial) and a.version < 3:
            fallos = None  # before version 3, :fallos went on counting after a pass
        a.retos[(slug, nombre)] = {"superado": superado, "pistas": int(que.get(r + ":pistas", "0")),
                                   "fallos": fallos}
        a.fechas += [e["fecha"] for e in historial]
    hechas = set(que.get("celdas-ejecutadas") or [])
    bien = all((que.get("pregunta-" + p["id"]) or {}).get("acierto") is True for p in leccion["preguntas"])
    if set(leccion["celdas"]) <= hechas and bien and superados == len(leccion["retos"]):
        a.terminadas[slug] = que.get("leccion:terminada")
    a.fechas += [f for f in (que.get("leccion:empezada"), que.get("leccion:terminada")) if f]


def primera(intentos):
    """(answer, right) of the first try, or None when the export does not say (before version 3)."""
    return intentos[0]


def _clave(respuesta):
    """An answer as a key: a multiple choice's options in order."""
    return json.dumps(sorted(respuesta) if isinstance(respuesta, list) else respuesta, ensure_ascii=False)


def en_texto(respuesta):
    """An answer as staff read it: options counted from 1, as the page shows them."""
    if isinstance(respuesta, bool):
        return "verdadero" if respuesta else "falso"
    if isinstance(respuesta, list):
        numeros = [str(k + 1) for k in sorted(respuesta)]
        if len(numeros) == 1:
            return "opción " + numeros[0]
        return "opciones " + ", ".join(numeros[:-1]) + " y " + numeros[-1]
    if isinstance(respuesta, (int, float)):
        return "línea %g" % respuesta
    return "«%s»" % respuesta


class Clase:
    def __init__(self, curso, rutas):
        self.curso = curso
        self.alumnos = [leer_exportacion(r, curso) for r in rutas]

    def contados(self):
        return [a for a in self.alumnos if a.cuenta]

    def apartados(self):
        """[(file, why)]: every file set aside whole, then every lesson set aside alone."""
        todo = [(a.ruta, a.apartado) for a in self.alumnos if not a.cuenta]
        return todo + [(a.ruta, por) for a in self.contados() for por in a.apartadas.values()]

    def por_leccion(self):
        """[(lesson, begun by, finished by, set aside in)]."""
        c = self.contados()
        return [(x, sum(x["slug"] in a.empezadas for a in c),
                 sum(x["slug"] in a.terminadas for a in c), sum(x["slug"] in a.apartadas for a in c))
                for x in self.curso["lecciones"]]

    def por_pregunta(self):
        """[(lesson, question id, answered by, first try known for, right at first, (wrong answer,
        learners who chose it) or None)], in the course's order."""
        filas = []
        for x in self.curso["lecciones"]:
            for p in x["preguntas"]:
                k = (x["slug"], p["id"])
                todas = [a.respuestas[k] for a in self.contados() if k in a.respuestas]
                conocidas = [primera(t) for t in todas if primera(t) is not None]
                mal, orden = Counter(), {}  # each wrong answer once per learner who chose it
                for t in todas:
                    elegidas = dict.fromkeys(_clave(i[0]) for i in t if i is not None and not i[1])
                    mal.update(list(elegidas))
                    orden.update({k: len(orden) for k in elegidas if k not in orden})
                # Among equals, the one chosen first (in the files' order): the same report every run.
                comun = sorted(mal.items(), key=lambda x: (-x[1], orden[x[0]]))[:1]
                filas.append((x, p["id"], len(todas), len(conocidas), sum(1 for r in conocidas if r[1]),
                              (en_texto(json.loads(comun[0][0])), comun[0][1]) if comun else None))
        return filas

    def por_reto(self):
        """[(lesson, challenge, tried by, passed by, failed checks before passing (known ones),
        hints before passing)], each list over those who passed."""
        filas = []
        for x in self.curso["lecciones"]:
            for nombre in x["retos"]:
                rs = [a.retos[(x["slug"], nombre)] for a in self.contados() if (x["slug"], nombre) in a.retos]
                pasan = [r for r in rs if r["superado"]]
                filas.append((x, nombre, len(rs), len(pasan), [r["fallos"] for r in pasan if r["fallos"] is not None],
                              [r["pistas"] for r in pasan]))
        return filas

    def fila(self, a):
        """A learner's figures: lessons begun and finished, challenges passed, questions answered,
        right at the first try (and with the first try unknown), hints, failed checks, last date."""
        respondidas = list(a.respuestas.values())
        primeras = [primera(t) for t in respondidas]
        fallos = [r["fallos"] for r in a.retos.values()]
        return {"empezadas": len(a.empezadas), "terminadas": len(a.terminadas),
                "retos": sum(r["superado"] for r in a.retos.values()), "respondidas": len(respondidas),
                "a_la_primera": sum(1 for p in primeras if p and p[1]),
                "sin_dato": sum(1 for p in primeras if p is None),
                "pistas": sum(r["pistas"] for r in a.retos.values()),
                "fallos": sum(f for f in fallos if f is not None), "fallos_sin_dato": fallos.count(None),
                "ultima": max(a.fechas + ([a.fecha] if a.fecha else []), default="")}

    def totales(self):
        lecciones = self.curso["lecciones"]
        return {"ficheros": len(self.alumnos), "contados": len(self.contados()),
                "apartados": len(self.alumnos) - len(self.contados()), "lecciones": len(lecciones),
                "preguntas": sum(len(x["preguntas"]) for x in lecciones),
                "retos": sum(len(x["retos"]) for x in lecciones)}

    def filas_csv(self):
        yield ["alumno", "lecciones empezadas", "lecciones terminadas", "retos superados", "preguntas respondidas",
               "acertadas a la primera", "primer intento sin dato", "pistas abiertas", "Comprobar fallidos",
               "Comprobar fallidos sin dato", "última actividad", "apartado"]
        for a in sorted(self.alumnos, key=lambda a: a.nombre):
            por = "; ".join(([a.apartado] if a.apartado else []) + list(a.apartadas.values()))
            if not a.cuenta:
                yield [visible(a.nombre)] + [""] * 10 + [visible(por)]
                continue
            f = self.fila(a)
            yield [visible(a.nombre), f["empezadas"], f["terminadas"], f["retos"], f["respondidas"], f["a_la_primera"],
                   f["sin_dato"], f["pistas"], f["fallos"], f["fallos_sin_dato"], f["ultima"], visible(por)]

    def escribe_csv(self, ruta):
        """As lote.Lote.escribe_csv: UTF-16LE with a BOM, tabs, CRLF, texts quoted."""
        import csv

        def escribe(f):
            f.write("\ufeff")
            w = csv.writer(f, dialect="excel-tab", quoting=csv.QUOTE_NONNUMERIC)
            for fila in self.filas_csv():
                w.writerow([sin_formula(x) for x in fila])
        escribe_de_golpe(ruta, escribe, encoding="utf-16-le", newline="")

    def resumen(self):
        t = self.totales()
        lineas = ["progreso de %s: %d ficheros; cuentan %d, apartados %d" % (
            self.curso["curso"], t["ficheros"], t["contados"], t["apartados"])]
        lineas += ["  %s: %s" % (visible(r), visible(por)) for r, por in self.apartados()]
        lineas += ["  %s: empezada por %d, terminada por %d" % (x["slug"], e, n) for x, e, n, _ in self.por_leccion()]
        return lineas
