"""py/lote.py without grading anything: reports shaped as calificar.py prints them.

The batch itself, through calificar.py, is tests/e2e/informe-lote.test.mjs.
"""
import csv
import os
import shutil
import subprocess
import sys

import pytest

import lote
import lote_html
from comun import PY
from redaccion import FRASES, sin_tiempo

PRUEBAS = ["Primera", "Segunda"]


def informe(entrega, *estados, output=""):
    tests = [{"name": n, "score": int(e == "passed"), "max_score": 1, "status": e,
              "output": "" if e == "passed" else o} for n, (e, o) in zip(PRUEBAS, estados)]
    return {"entrega": entrega, "score": sum(t["score"] for t in tests), "max_score": len(tests),
            "tests": tests, "output": output}


def test_incidences_are_read_off_the_cores_own_sentences():
    bien = informe("a.py", ("passed", ""), ("passed", ""))
    assert lote.incidencia(bien) is None
    lento = informe("b.py", ("passed", ""), ("failed", "Turno 2: " + sin_tiempo("tu función", 2, 10, False)))
    assert lote.incidencia(lento)[0] == "tiempo agotado"
    caida = informe("c.py", ("failed", FRASES["terminado"].capitalize() + "."), ("failed", "x"))
    assert lote.incidencia(caida)[0] == "se ha caído"
    sintaxis = FRASES["sintaxis"] % (3, "invalid syntax")
    assert lote.incidencia(informe("d.py", ("failed", sintaxis), ("failed", sintaxis)))[0] == "no se ha podido cargar"
    assert lote.incidencia(informe("e.py", ("failed", "x"), ("failed", "y")), "no existe")[0] == "sin calificar"
    mal = informe("f.py", ("failed", "Se esperaba [] y llegó None"), ("passed", ""))
    assert lote.incidencia(mal) is None  # a wrong answer is no incidence


def test_the_gradebook_keeps_formulas_as_text_and_surrogates_as_escapes(tmp_path):
    cuenta = lote.Lote("reto", PRUEBAS)
    cuenta.anade(informe("=HYPERLINK(\"x\").py", ("passed", ""), ("failed", "no")))
    cuenta.anade(informe("entrega_\udcf1.py", ("failed", "no"), ("failed", "no")))
    ruta = tmp_path / "notas.csv"
    cuenta.escribe_csv(str(ruta))
    assert ruta.read_bytes().startswith("\ufeff\"entrega\"\t\"nota\"\t\"nota máxima\"\t".encode("utf-16-le"))
    with open(ruta, encoding="utf-16", newline="") as f:
        filas = list(csv.reader(f, dialect="excel-tab"))
    assert filas[1] == ["'=HYPERLINK(\"x\").py", "1", "2", "1", "0", ""]
    assert filas[2] == ["entrega_\\udcf1.py", "0", "2", "0", "0", ""]
    assert [p.name for p in tmp_path.iterdir()] == ["notas.csv"]  # no temporary file left


def test_the_html_report_escapes_what_submissions_wrote(tmp_path):
    cuenta = lote.Lote("reto", PRUEBAS)
    cuenta.anade(informe("<b>.py", ("failed", "<script>alert(1)</script>"), ("passed", ""), output="</pre>"))
    lote_html.escribe(cuenta, str(tmp_path / "informe.html"))
    html = (tmp_path / "informe.html").read_text(encoding="utf-8")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;.py" in html and html.count("</pre>") == 2


def test_a_report_into_a_folder_that_does_not_exist_is_a_usage_error_before_grading(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(PY, "calificar.py"), "--reto", "llamar-herramientas",
                        "--csv", str(tmp_path / "no" / "notas.csv"), "--", "x.py"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert "calificar.py: error: --csv: no existe la carpeta %s" % (tmp_path / "no") in r.stderr
    r = subprocess.run([sys.executable, os.path.join(PY, "calificar.py"), "--reto", "llamar-herramientas",
                        "--html", str(tmp_path), "--", "x.py"], capture_output=True, text=True)
    assert r.returncode == 2 and "es una carpeta" in r.stderr


def test_pass_rates_count_only_the_graded_submissions():
    cuenta = lote.Lote("reto", PRUEBAS)
    cuenta.anade(informe("a.py", ("passed", ""), ("passed", "")))
    cuenta.anade(informe("b.py", ("passed", ""), ("failed", "no")))
    cuenta.anade(informe("no-esta.py", ("failed", "x"), ("failed", "x")), "no existe")
    assert cuenta.aprobadas() == 1 and dict(cuenta.por_prueba()) == {"Primera": 2, "Segunda": 1}
    assert cuenta.distribucion() == [(2, 1), (1, 1)]
    resumen = cuenta.resumen()
    assert resumen[0] == "resumen de reto: 3 entregas; 1 lo aprueban todo (50 % de las 2 calificadas)"
    assert "  100 %     2  Primera" in resumen and "   50 %     1  Segunda" in resumen


def test_control_and_bidi_characters_in_names_are_shown_escaped(tmp_path):
    nombre = "ana\u202eyp.txt\x1b[2J\n.py"
    assert lote.visible(nombre) == "ana\\u202eyp.txt\\x1b[2J\\x0a.py"
    cuenta = lote.Lote("reto", PRUEBAS)
    cuenta.anade(informe(nombre, ("passed", ""), ("failed", "no")))
    cuenta.escribe_csv(str(tmp_path / "notas.csv"))
    with open(tmp_path / "notas.csv", encoding="utf-16", newline="") as f:
        assert list(csv.reader(f, dialect="excel-tab"))[1][0] == "ana\\u202eyp.txt\\x1b[2J\\x0a.py"
    lote_html.escribe(cuenta, str(tmp_path / "informe.html"))
    html = (tmp_path / "informe.html").read_text(encoding="utf-8")
    assert "\u202e" not in html and "\x1b" not in html and "ana\\u202eyp.txt\\x1b[2J\\x0a.py" in html
    r = subprocess.run([sys.executable, os.path.join(PY, "calificar.py"), "--reto", "llamar-herramientas",
                        "--", str(tmp_path / nombre)], capture_output=True, text=True)
    assert "\x1b" not in r.stderr and "\u202e" not in r.stderr and "ana\\u202eyp.txt\\x1b[2J\\x0a.py" in r.stderr


def test_the_report_puts_problems_first_and_a_full_score_on_one_line(tmp_path):
    cuenta = lote.Lote("reto", PRUEBAS)
    cuenta.anade(informe("todo.py", ("passed", ""), ("passed", "")))
    cuenta.anade(informe("media.py", ("passed", ""), ("failed", "Se esperaba 1")))
    sintaxis = FRASES["sintaxis"] % (3, "invalid syntax")
    cuenta.anade(informe("rota.py", ("failed", sintaxis), ("failed", sintaxis)))
    html = lote_html.pagina(cuenta)
    assert html.index('id="problemas"') < html.index('id="pruebas"') < html.index('id="fallan"') < html.index('id="todo"')
    assert html.count(sintaxis.split("\n")[0]) == 1  # one message, not one per test
    assert html.count('<section class="entrega"') == 1 and "<li id=\"entrega-1\">todo.py: 2 de 2</li>" in html
    tabla = html[html.index('id="entregas"'):]
    assert tabla.index("rota.py") < tabla.index("media.py") < tabla.index("todo.py")


SOFFICE = shutil.which("soffice")


@pytest.mark.skipif(not SOFFICE, reason="LibreOffice no está (make test instala libreoffice-calc-nogui)")
def test_libreoffice_reads_the_gradebook_back_with_its_accents_names_and_formulas_as_text(tmp_path):
    """LibreOffice headless, from Debian's packages. Without import options, a headless import
    reads any CSV as Windows-1252 split on commas (sc/source/ui/docshell/docsh.cxx, "from API
    without options"): it never sniffs, so the options given are what the text import dialog
    opens this file with on a fresh profile: the separators of its defaults (",;<tab>",
    officecfg's CSVImport/Separators), double quotes, and Unicode, which it preselects from the
    UTF-16 BOM (sc/source/ui/dbgui/scuiasciiopt.cxx). The output, a UTF-8 tab-separated file,
    is read back with Python's csv module."""
    nombres = {"Primera": "Rechaza una herramienta que no está declarada", "Segunda": "Añade, por fin; el «turno»"}
    cuenta = lote.Lote("reto", nombres.values())
    for entrega, estados, motivo in [("José Núñez.py", [("passed", ""), ("failed", "no")], None),
                                     ("=HYPERLINK(\"x\").py", [("failed", "no"), ("failed", "no")], None),
                                     ("a,b;c \"d\".py", [("passed", ""), ("passed", "")], None),
                                     ("no-esta.py", [("failed", "x"), ("failed", "x")], "no existe")]:
        i = informe(entrega, *estados)
        for t in i["tests"]:
            t["name"] = nombres[t["name"]]
        cuenta.anade(i, motivo)
    (tmp_path / "entrada").mkdir()
    cuenta.escribe_csv(str(tmp_path / "entrada" / "notas.csv"))
    r = subprocess.run([SOFFICE, "-env:UserInstallation=file://%s/perfil" % tmp_path, "--headless",
                        "--infilter=Text - txt - csv (StarCalc):44/59/9,34,65535",
                        "--convert-to", "csv:Text - txt - csv (StarCalc):9,34,76",
                        "--outdir", str(tmp_path), str(tmp_path / "entrada" / "notas.csv")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    with open(tmp_path / "notas.csv", encoding="utf-8", newline="") as f:
        filas = list(csv.reader(f, dialect="excel-tab"))
    assert filas == [
        ["entrega", "nota", "nota máxima", "Rechaza una herramienta que no está declarada",
         "Añade, por fin; el «turno»", "incidencia"],
        ["José Núñez.py", "1", "2", "1", "0", ""],
        ["'=HYPERLINK(\"x\").py", "0", "2", "0", "0", ""],  # text, not a formula that ran
        ["a,b;c \"d\".py", "2", "2", "1", "1", ""],
        ["no-esta.py", "0", "2", "0", "0", "sin calificar"],
    ]
