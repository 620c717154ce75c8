"""Gradescope autograder zips, one per challenge:

    python -m construir.autograder [--salida dist-autograder]   (make autograder)

Each zip mirrors the layout py/calificar.py expects around it (its root is the folder above
py/), so that it runs unchanged from Gradescope's /autograder/source:

    setup.sh, run_autograder        Gradescope's entry points, from construir/gradescope/
    py/                             calificar.py, aislamiento.py and the files they run
    lessons/<course>/<reto>.reto.py this challenge only: it holds the reference solution
    node_modules/pyodide/           the files of Pyodide the runtime folder takes
    .cache/wheels/                  the wheels of jsonschema the runtime folder takes

Everything but the challenge and the two scripts is what aislamiento.origenes() takes from this
repository, so the zip follows the runtime folder when that changes. The zips are deterministic
(sorted entries, fixed dates and modes). Each line printed gives a zip, its size, and its
challenge's number of tests, which is the Total Points its Gradescope assignment must have (a
test is worth one point). They go to dist-autograder/, not dist/: dist/ is the
public static site, which build.py replaces whole, and a zip there would publish the solution.
"""
import argparse
import sys
import types
import zipfile
from pathlib import Path

import aislamiento  # py/, on sys.path from construir/__init__.py
import calificar

RAIZ = Path(__file__).resolve().parent.parent

SCRIPTS = RAIZ / "construir" / "gradescope"
FECHA = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold


def contenido(reto, ruta_reto):
    """{name in the zip: bytes} for one challenge."""
    del_repo = [o for o in aislamiento.origenes().values() if RAIZ in o.parents]
    del_repo += [RAIZ / "py" / n for n in ("calificar.py", "relevo.py", "proceso.py", "aislamiento.py", "lote.py",
                                           "lote_html.py")]
    del_repo += [ruta_reto]
    faltan = [str(o) for o in del_repo if not o.is_file()]
    ruedas = {o.name.split("-")[0] for o in del_repo if o.suffix == ".whl"}
    faltan += ["la rueda de " + r for r in aislamiento.RUEDAS if r not in ruedas]
    if faltan:
        raise SystemExit("construir/autograder.py: faltan %s; ejecuta `make setup`" % ", ".join(faltan))
    archivos = {o.relative_to(RAIZ).as_posix(): o.read_bytes() for o in del_repo}
    archivos["setup.sh"] = (SCRIPTS / "setup.sh").read_bytes()
    archivos["run_autograder"] = (SCRIPTS / "run_autograder").read_text(encoding="utf-8").replace(
        "@RETO@", reto).encode("utf-8")
    return archivos


def pruebas(reto, ruta):
    """The names of the challenge's tests, as the grader's judge loads them (the staff's own
    challenge file, run without a sandbox)."""
    opciones = types.SimpleNamespace(tiempo_entrega=calificar.TIEMPO_ENTREGA, tiempo_llamada=calificar.TIEMPO_LLAMADA,
                                     semilla=None)
    juez = calificar.Juez(aislamiento.prepara(avisa=calificar.avisa), "ninguno", (reto, ruta), opciones, iter(()))
    try:
        return juez.pruebas
    finally:
        juez.cierra()


def escribe_zip(destino, archivos):
    temporal = destino.with_name(destino.name + ".tmp")
    with zipfile.ZipFile(temporal, "w", zipfile.ZIP_DEFLATED) as z:
        for nombre in sorted(archivos):
            info = zipfile.ZipInfo(nombre, FECHA)
            info.create_system = 3  # Unix, so that unzip applies the modes below
            modo = 0o755 if nombre in ("setup.sh", "run_autograder") else 0o644
            info.external_attr = (0o100000 | modo) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, archivos[nombre])
    temporal.replace(destino)


def main(argv=None):
    p = argparse.ArgumentParser(description="Escribe un zip de autograder de Gradescope por reto.")
    p.add_argument("--salida", default=str(RAIZ / "dist-autograder"))
    salida = Path(p.parse_args(argv).salida)
    salida.mkdir(parents=True, exist_ok=True)
    hechos = set()
    for reto, ruta in calificar.retos().items():
        destino = salida / ("autograder-%s.zip" % reto)
        escribe_zip(destino, contenido(reto, ruta))
        hechos.add(destino.name)
        n = len(pruebas(reto, ruta))
        print("%s (%.1f MB): %d pruebas; en Gradescope, Total Points = %d"
              % (destino, destino.stat().st_size / 1e6, n, n))
    for viejo in salida.glob("autograder-*.zip"):  # a challenge that no longer exists
        if viejo.name not in hechos:
            viejo.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
