"""One challenge's corpus in about a minute: the loop while writing a challenge or its cases.

    .venv/bin/python tests/py/un_reto.py SLUG
    ESCRIBIR_VEREDICTOS=1 .venv/bin/python tests/py/un_reto.py SLUG

Grades every file of tests/entregas/SLUG/ (tests/curso-minimo/tests/entregas/SLUG/ for the minimal
course's challenge, tests/py/minimo.py), and the "especial" cases of SLUG that
corpus.prepara_especiales makes) with py/calificar.py from this checkout, on its default
isolation path, at the corpus's seed and clocks (those of tests/py/test_calificar.py), and
compares each verdict with tests/entregas/veredictos.json. A file with no entry is reported; with
ESCRIBIR_VEREDICTOS=1 its entry is written from this run ("fallan", and for a hostil_ case the
first line of its first failure as "mensaje"), as ESCRIBIR_SALIDAS=1 writes the lessons' golden
outputs: read the diff, and add "solo_aislado" by hand if the page's Comprobar cannot run it
(tests/node/grader_corpus.test.mjs says so). Existing entries are never rewritten. Exits 1 if a
verdict differs or an entry is missing (and not written).

test_calificar.py then checks the same verdicts on every isolation path, which takes minutes.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

_AQUI = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [_AQUI, os.path.join(_AQUI, "..", "..", "py")]

import corpus  # noqa: E402
from comun import PY  # noqa: E402

# The corpus's clocks and parallelism: test_calificar.py grades with these.
ORDEN = ["-j", "2", "--semilla", str(corpus.SEMILLA), "--tiempo-llamada", "1", "--tiempo-entrega", "4"]


def entrada(caso, informe):
    """The veredictos.json entry this report would have, for a file that has none."""
    fallan = corpus.fallan(informe)
    entrada = {"fallan": fallan}
    primero = next((t["output"] for t in informe["tests"] if t["status"] == "failed"), "")
    if os.path.basename(caso).startswith("hostil_") and primero.strip():
        entrada["mensaje"] = primero.strip().split("\n")[0][:80]
    return entrada


def main(reto, escribir):
    veredictos = corpus.veredictos()
    carpeta = corpus.entregas(reto)
    casos = sorted(reto + "/" + n for n in os.listdir(carpeta))
    with tempfile.TemporaryDirectory() as tmp:
        especiales = {c: r for c, r in corpus.prepara_especiales(tmp).items() if c.startswith(reto + "/")}
        casos = sorted(set(casos) | set(especiales))
        rutas = [especiales.get(c) or corpus.ruta(c) for c in casos]
        inicio = time.monotonic()
        r = subprocess.run([sys.executable, os.path.join(PY, "calificar.py"), *ORDEN, "--reto", corpus.archivo(reto), *rutas],
                           capture_output=True)
    segundos = time.monotonic() - inicio
    lineas = r.stdout.decode().splitlines()
    if r.returncode != 0 or len(lineas) != len(casos):
        sys.exit("calificar.py salió con %d:\n%s" % (r.returncode, r.stderr.decode(errors="replace")))
    mal, nuevos = [], {}
    for caso, linea in zip(casos, lineas):
        informe = json.loads(linea)
        if caso not in veredictos:
            nuevos[caso] = entrada(caso, informe)
        elif corpus.comprueba(caso, informe):
            mal.append(corpus.comprueba(caso, informe))
    for problema in mal:
        print(problema)
    for caso, e in nuevos.items():
        print("%s %s: %s" % ("escrito" if escribir else "sin veredicto", caso, json.dumps(e, ensure_ascii=False)))
    if escribir and nuevos:
        corpus.anade_veredictos(nuevos)
    print("%s: %d casos, %d distintos de veredictos.json, %d sin veredicto%s, %.0f s" % (
        reto, len(casos), len(mal), len(nuevos), " (escritos)" if escribir and nuevos else "", segundos))
    return 1 if mal or (nuevos and not escribir) else 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in corpus.retos():
        sys.exit("uso: tests/py/un_reto.py RETO, uno de: " + ", ".join(corpus.retos()))
    sys.exit(main(sys.argv[1], os.environ.get("ESCRIBIR_VEREDICTOS") == "1"))
