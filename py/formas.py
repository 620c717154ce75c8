"""What a progress export holds, read from site/formas.json, the one description that the page's
site/src/formas.js reads too: revisar() is formas.js's revisar() in Python, so that the class
report (progreso_clase.py) accepts exactly the files a page would import. Its sentences are the
page's (site/textos.es.json's forma_*), for staff. Standard library only, like calificar.py.
"""
import json
import re
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
FORMAS = json.loads((RAIZ / "site" / "formas.json").read_text(encoding="utf-8"))
CLAVE = re.compile(FORMAS["clave"])
ENTRADAS = [(re.compile(patron), forma) for patron, forma, _ in FORMAS["entradas"]]
NOMBRES = {"texto": "un texto", "numero": "un número", "booleano": "true o false", "nulo": "null"}


def _tipo(v):
    if v is None:
        return "nulo"
    if isinstance(v, bool):
        return "booleano"
    if isinstance(v, (int, float)):
        return "numero"
    return "texto" if isinstance(v, str) else None


def _sin_constantes(nombre):
    raise ValueError(nombre)  # NaN and Infinity are not JSON for JSON.parse


def revisar(valor, forma, ruta=""):
    """What is wrong with valor against forma, as sentences; [] if nothing (formas.js's)."""
    donde = "«%s» " % ruta if ruta else ""

    def deberia(que):
        return ["%sdebería ser %s" % (donde, que)]

    def dentro(k):
        if isinstance(k, int):
            return "%s[%d]" % (ruta, k)
        return "%s.%s" % (ruta, k) if ruta else k

    if isinstance(forma, str):
        return [] if _tipo(valor) == forma else deberia(NOMBRES[forma])
    if "igual" in forma:
        igual = forma["igual"]
        return [] if _tipo(valor) == _tipo(igual) and valor == igual else deberia(json.dumps(igual))
    if forma.get("entero"):
        return [] if isinstance(valor, str) and re.fullmatch("[0-9]{1,9}", valor) else deberia("un número entero")
    if "json" in forma:
        if not isinstance(valor, str):
            return deberia("un texto")
        try:
            dato = json.loads(valor, parse_constant=_sin_constantes)
        except ValueError:
            return ["%sno es JSON válido" % donde]
        return revisar(dato, forma["json"], ruta)
    if "ref" in forma:
        return revisar(valor, FORMAS["formas"][forma["ref"]], ruta)
    if "una" in forma:
        return [] if any(not revisar(valor, f) for f in forma["una"]) else [
            "%sno tiene ninguna de las formas que esta página entiende" % donde]
    if "lista" in forma:
        if not isinstance(valor, list):
            return deberia("una lista")
        return [p for k, v in enumerate(valor) for p in revisar(v, forma["lista"], dentro(k))][:1]
    if not isinstance(valor, dict):
        return deberia("un objeto JSON")
    if "mapa" in forma:
        return [p for k, v in valor.items() for p in revisar(v, forma["mapa"], dentro(k))][:1]
    if forma.get("claves"):
        return [p for k, v in valor.items() for p in revisar_guardado(k, v)]
    problemas = []
    for nombre, f in forma["campos"].items():
        campo = nombre.rstrip("?")
        if campo not in valor:
            if not nombre.endswith("?"):
                problemas.append("le falta «%s»" % dentro(campo))
            continue
        problemas += revisar(valor[campo], f, dentro(campo))
    return problemas


def forma_de(k):
    """The form of the saved key k's value, or None if k is no key of a course."""
    partes = CLAVE.search(k)
    if not partes:
        return None
    return next((forma for patron, forma in ENTRADAS if patron.search(partes.group(3))), None)


def revisar_guardado(k, v):
    forma = forma_de(k)
    if forma is None:
        return ["«%s» no es un dato de este curso" % k]
    return ["«%s» (%s)" % (k, p) for p in revisar(v, forma)]


def leer(k, v):
    """The saved value v of k, parsed if its form is JSON (checked already)."""
    return json.loads(v) if "json" in (forma_de(k) or {}) else v
