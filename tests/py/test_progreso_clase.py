"""calificar.py --progreso's reading of export files: new (version 3), old (1 and 2), and files
that are set aside (not JSON, not an export, a wrong shape, another course, another version of a
lesson), against a small built course index. The whole path from real page sessions is
tests/e2e/progreso-clase.test.mjs."""
import csv
import json
import os
import subprocess
import sys

import pytest

import formas
import progreso_clase
import progreso_html
from comun import PY

CURSO = {"curso": "c", "lecciones": [
    {"slug": "uno", "titulo": "Uno", "huella": "h1", "celdas": ["a"],
     "preguntas": [{"id": "p", "huella": "qp"}, {"id": "q", "huella": "qq"}], "retos": []},
    {"slug": "dos", "titulo": "Dos <b>", "huella": "h2", "celdas": [], "preguntas": [], "retos": ["r"]},
]}


@pytest.fixture
def curso(tmp_path):
    carpeta = tmp_path / "courses" / "c"
    carpeta.mkdir(parents=True)
    (carpeta / "index.html").write_text(
        '<html><script type="application/json" id="datos">%s</script></html>' % json.dumps(CURSO), encoding="utf-8")
    return carpeta


def export(tmp_path, nombre, datos, version=3, **mas):
    ruta = tmp_path / nombre
    cuerpo = {"formato": "curso-agentes/progreso", "version": version, "fecha": "2026-12-01T10:00:00Z", **mas}
    cuerpo["datos"] = {"curso-agentes:c/" + k: v for k, v in datos.items()}
    ruta.write_text(json.dumps(cuerpo), encoding="utf-8")
    return str(ruta)


def intento(respuesta, acierto, fecha="2026-12-01T09:00:00Z"):
    return {"respuesta": respuesta, "acierto": acierto, "fecha": fecha}


NUEVO = {
    "uno:leccion:empezada": "2026-12-01T08:00:00Z", "uno:leccion:terminada": "2026-12-01T09:30:00Z",
    "uno:celdas-ejecutadas": json.dumps(["a"]),
    "uno:pregunta-p": json.dumps({"respuesta": [0], "acierto": True, "huella": "qp",
                                  "intentos": [intento([1], False), intento([2], False), intento([0], True)]}),
    "uno:pregunta-q": json.dumps({"respuesta": True, "acierto": True, "huella": "qq", "intentos": [intento(True, True)]}),
    "dos:leccion:empezada": "2026-12-01T09:40:00Z",
    "dos:reto-r:pistas": "2", "dos:reto-r:fallos": "3", "dos:reto-r:superado": "1",
    "dos:reto-r:historial": json.dumps([{"evento": e, "fecha": "2026-12-01T10:0%dZ" % k} for k, e in
                                        enumerate(["fallo", "pista", "fallo", "pista", "fallo", "superado"])]),
}


def test_the_one_description_accepts_every_version_and_refuses_a_wrong_value():
    for version in formas.FORMAS["versiones"]:
        assert formas.revisar({"formato": formas.FORMAS["formato"], "version": version, "datos": {}},
                              formas.FORMAS["exportacion"]) == []
    assert formas.revisar_guardado("curso-agentes:c/dos:reto-r:pistas", "dos") == [
        "«curso-agentes:c/dos:reto-r:pistas» (debería ser un número entero)"]
    assert formas.revisar_guardado("otra-cosa", "x") == ["«otra-cosa» no es un dato de este curso"]
    malo = json.dumps({"respuesta": [0], "acierto": True, "intentos": [{"respuesta": [0], "acierto": "sí"}]})
    assert formas.revisar_guardado("curso-agentes:c/uno:pregunta-p", malo) == [
        "«curso-agentes:c/uno:pregunta-p» («intentos[0].acierto» debería ser true o false)"]
    assert formas.revisar(True, "numero") != []  # JSON's true is no number, as in formas.js


def test_a_new_export_gives_every_figure(tmp_path, curso):
    ruta = export(tmp_path, "ana.json", NUEVO, curso="c", versiones={"uno": "h1", "dos": "h2"})
    clase = progreso_clase.Clase(progreso_clase.leer_curso(curso), [ruta])
    (a,) = clase.contados()
    assert a.nombre == "ana" and a.apartadas == {}
    assert clase.fila(a) == {"empezadas": 2, "terminadas": 2, "retos": 1, "respondidas": 2, "a_la_primera": 1,
                             "sin_dato": 0, "pistas": 2, "fallos": 3, "fallos_sin_dato": 0,
                             "ultima": "2026-12-01T10:05Z"}
    assert [(x["slug"], e, n) for x, e, n, _ in clase.por_leccion()] == [("uno", 1, 1), ("dos", 1, 1)]
    p, q = clase.por_pregunta()
    assert p[1:] == ("p", 1, 1, 0, ("opción 2", 1))  # options 2 and 3 both once: the first chosen wins
    assert q[1:] == ("q", 1, 1, 1, None)
    assert [f[1:] for f in clase.por_reto()] == [("r", 1, 1, [3], [2])]


def test_an_old_export_is_read_as_far_as_it_goes(tmp_path, curso):
    viejo = {"uno:celdas-ejecutadas": json.dumps(["a"]),
             "uno:pregunta-p": json.dumps({"respuesta": [1], "acierto": False, "huella": "qp"}),
             "uno:pregunta-q": json.dumps({"respuesta": False, "acierto": False}),
             "dos:reto-r:superado": "1", "dos:reto-r:fallos": "4", "dos:reto-r:pistas": "1", "dos:reto-r": "def f(): ..."}
    clase = progreso_clase.Clase(progreso_clase.leer_curso(curso), [export(tmp_path, "beto.json", viejo, version=2)])
    (b,) = clase.contados()
    f = clase.fila(b)
    assert (f["empezadas"], f["terminadas"], f["respondidas"], f["a_la_primera"], f["sin_dato"]) == (2, 1, 2, 0, 2)
    assert (f["pistas"], f["fallos"], f["fallos_sin_dato"], f["retos"]) == (1, 0, 1, 1)
    p, q = clase.por_pregunta()
    assert p[2:] == (1, 0, 0, ("opción 2", 1)) and q[2:] == (1, 0, 0, ("falso", 1))
    assert [f[1:] for f in clase.por_reto()] == [("r", 1, 1, [], [1])]  # its failed checks are unknown


def test_files_set_aside_say_why_and_count_as_nothing(tmp_path, curso):
    (tmp_path / "roto.json").write_text("{no", encoding="utf-8")
    (tmp_path / "otro.json").write_text(json.dumps({"formato": "otra-cosa"}), encoding="utf-8")
    rutas = [str(tmp_path / "roto.json"), str(tmp_path / "otro.json"), str(tmp_path / "no-existe.json"),
             export(tmp_path, "forma.json", {"dos:reto-r:pistas": "muchas"}),
             export(tmp_path, "ajeno.json", {}, curso="otro-curso"),
             str(_ajeno_viejo(tmp_path)),
             export(tmp_path, "version.json", NUEVO, curso="c", versiones={"uno": "h1", "dos": "antigua"}),
             export(tmp_path, "huella.json", {"uno:pregunta-p": json.dumps({"respuesta": [0], "acierto": True, "huella": "x"})},
                    version=2)]
    clase = progreso_clase.Clase(progreso_clase.leer_curso(curso), rutas)
    motivos = dict((r.rsplit("/", 1)[1], m) for r, m in clase.apartados())
    assert motivos["roto.json"] == "no es una exportación del progreso: no es JSON"
    assert motivos["otro.json"].startswith("no es una exportación del progreso: no dice «formato»")
    assert motivos["no-existe.json"].startswith("no se puede leer")
    assert motivos["forma.json"] == ("no es una exportación válida: «curso-agentes:c/dos:reto-r:pistas» "
                                     "(debería ser un número entero)")
    assert motivos["ajeno.json"] == "es de otro curso (otro-curso)"
    assert motivos["ajeno-viejo.json"] == "es de otro curso (otro)"
    assert motivos["version.json"] == "la lección «dos» es de otra versión"
    assert motivos["huella.json"] == "una respuesta de «uno» es de otra versión de la lección"
    assert [a.nombre for a in clase.contados()] == ["version", "huella"]
    v = clase.fila(clase.contados()[0])
    assert (v["empezadas"], v["retos"], v["pistas"]) == (1, 0, 0)  # «dos» set aside, «uno» counted
    assert [(e, n, ap) for _, e, n, ap in clase.por_leccion()] == [(1, 1, 1), (0, 0, 1)]


def _ajeno_viejo(tmp_path):
    ruta = tmp_path / "ajeno-viejo.json"
    ruta.write_text(json.dumps({"formato": "curso-agentes/progreso", "version": 2,
                                "datos": {"curso-agentes:otro/l:celdas-ejecutadas": "[]"}}), encoding="utf-8")
    return ruta


def test_the_command_writes_both_files_and_escapes_any_name(tmp_path, curso):
    nombre = "<script>alert(1)\u202e.json"
    ruta = export(tmp_path, nombre, NUEVO, curso="c")
    (tmp_path / "mal.json").write_text("[]", encoding="utf-8")
    r = subprocess.run([sys.executable, os.path.join(PY, "calificar.py"), "--progreso", "--curso", str(curso), "--resumen",
                        "--csv", str(tmp_path / "c.csv"), "--html", str(tmp_path / "c.html"), "--",
                        ruta, str(tmp_path / "mal.json")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "calificar.py: progreso de c: 2 ficheros; cuentan 1, apartados 1" in r.stderr
    with open(tmp_path / "c.csv", encoding="utf-16", newline="") as f:
        filas = list(csv.reader(f, dialect="excel-tab"))
    assert filas[1] == ["<script>alert(1)\\u202e", "2", "2", "1", "2", "1", "0", "2", "3", "0",
                        "2026-12-01T10:05Z", ""]
    assert filas[2][0] == "mal" and filas[2][-1].startswith("no es una exportación")
    html = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert "<script" not in html and "&lt;script&gt;alert(1)\\u202e" in html
    assert "Dos &lt;b&gt;" in html


def test_usage_errors(tmp_path, curso):
    def corre(*args):
        return subprocess.run([sys.executable, os.path.join(PY, "calificar.py"), *args], capture_output=True, text=True)
    r = corre("--progreso", "--curso", str(curso))
    assert r.returncode == 2 and "--progreso pide al menos un fichero" in r.stderr
    r = corre("--progreso", "--reto", "el-bucle", "x.json")
    assert r.returncode == 2 and "no va con --reto" in r.stderr
    r = corre("--progreso", "--curso", str(tmp_path), "x.json")
    assert r.returncode == 2 and "no puedo leer" in r.stderr


def test_the_page_is_whole_and_in_spanish(tmp_path, curso):
    clase = progreso_clase.Clase(progreso_clase.leer_curso(curso), [export(tmp_path, "ana.json", NUEVO, curso="c")])
    html = progreso_html.pagina(clase)
    assert html.startswith("<!DOCTYPE html>") and '<html lang="es">' in html
    assert "http" not in html.replace('http-equiv', '')  # nothing to fetch
