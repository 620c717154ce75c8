"""The challenges a lesson places with ```{reto}: their public parts and build-time expectations.

A challenge is lessons/<curso>/<slug>.reto.py. The page gets its statement, its starting code
and what the reference solution does at SEMILLA (calificador.esperado, run by calificar.py on the
grader's interpreter, Pyodide), never SOLUCION nor pruebas(). calificar.py --semilla SEMILLA
gives the page's verdicts. Expectations are cached in .cache/esperado/ by the hash of
everything they depend on, so a build that changes no challenge doesn't boot Pyodide.
"""
import json
import subprocess
import sys
from pathlib import Path

import carga  # py/, on sys.path from construir/__init__.py
from modulos import MODULOS

from .errores import ErrorDeConstruccion, problema, relativa

SEMILLA = 2026  # the hidden tests' seed in the page; calificar.py --semilla 2026 gives its verdicts
RAIZ = Path(__file__).resolve().parent.parent
# What the expectations depend on, besides the .reto.py: the grader and what runs it.
DEPENDE = ["py/" + m for m in MODULOS] + ["py/guionizado.py", "py/entorno.py", "py/juez.py", "py/calificar.py"]


def publico(ruta, fuente):
    """{"enunciado", "plantilla"} of a .reto.py, read without running it; file:line on a bad shape."""
    try:
        return carga.publico(fuente, ruta)
    except ValueError as e:
        raise ErrorDeConstruccion(str(e).split("\n")) from None


def esperado(ruta, fuente, cache=RAIZ / ".cache" / "esperado"):
    """calificador.esperado(reto, SEMILLA) for this .reto.py, computed in Pyodide (or cached)."""
    from .activos import resumen
    partes = [fuente.encode(), str(SEMILLA).encode()] + [(RAIZ / p).read_bytes() for p in DEPENDE]
    guardado = Path(cache) / (resumen(b"\0".join(partes)) + ".json")
    if guardado.exists():
        return json.loads(guardado.read_text(encoding="utf-8"))
    orden = [sys.executable, str(RAIZ / "py" / "calificar.py"), "--reto", str(Path(ruta).resolve()),
             "--esperado", "--semilla", str(SEMILLA)]
    r = subprocess.run(orden, capture_output=True, text=True)
    if r.returncode != 0:
        raise ErrorDeConstruccion([problema(ruta, 1, "la solución de referencia no pasa sus propias "
                                                     "pruebas en el intérprete del calificador:\n"
                                                     + (r.stderr.strip() or r.stdout.strip()))])
    datos = json.loads(r.stdout)
    guardado.parent.mkdir(parents=True, exist_ok=True)
    guardado.write_text(json.dumps(datos, ensure_ascii=False), encoding="utf-8")
    return datos


def cargar(dir_curso, ruta, doc, lineas):
    """Attaches to each {reto} block its public parts and build-time expectations; the problems."""
    problemas = []
    for i, b in enumerate(doc["bloques"]):
        if b["tipo"] != "reto":
            continue
        nombre = b["opciones"]["reto"]
        archivo = dir_curso / f"{nombre}.reto.py"
        if not archivo.exists():
            problemas.append(problema(ruta, lineas[("bloques", i, "opciones", "reto")],
                                      f"no existe el reto «{nombre}»: falta {relativa(archivo)}"))
            continue
        fuente = archivo.read_text(encoding="utf-8")
        try:
            b["reto"] = {"nombre": nombre, **publico(relativa(archivo), fuente),
                         "esperado": esperado(relativa(archivo), fuente)}
        except ErrorDeConstruccion as e:
            problemas.extend(e.problemas)
    return problemas


def esperado_de_bloque(dir_curso, ruta, doc, lineas, i):
    """The expectations of the challenge block i names in `:reto:` ({red}, {conversacion}): those
    the lesson's {reto} of the same challenge got (cargar), or computed (and cached) as for one;
    ErrorDeConstruccion at its line."""
    nombre = doc["bloques"][i]["opciones"]["reto"]
    for b in doc["bloques"]:
        if b["tipo"] == "reto" and b["reto"]["nombre"] == nombre:
            return b["reto"]["esperado"]
    archivo = dir_curso / f"{nombre}.reto.py"
    if not archivo.exists():
        raise ErrorDeConstruccion([problema(ruta, lineas[("bloques", i, "opciones", "reto")],
                                            f"no existe el reto «{nombre}»: falta {relativa(archivo)}")])
    fuente = archivo.read_text(encoding="utf-8")
    publico(relativa(archivo), fuente)  # its shape, with file:line, before running it
    return esperado(relativa(archivo), fuente)


def sin_leccion(dir_curso, docs):
    """A .reto.py that no lesson places with {reto}: calificar.py would grade what no page shows."""
    puestos = {b["opciones"]["reto"] for d in docs for b in d["bloques"] if b["tipo"] == "reto"}
    return [problema(relativa(archivo), 1, "ninguna lección pone este reto: falta un bloque {reto} con "
                                            f"«:reto: {archivo.name[:-len('.reto.py')]}» en la suya")
            for archivo in sorted(dir_curso.glob("*.reto.py")) if archivo.name[:-len(".reto.py")] not in puestos]
