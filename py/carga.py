"""Loading a challenge: a lessons/<curso>/<slug>.reto.py, checked, as a Reto record.

    problemas = revisa(fuente, "x.reto.py")     # 'archivo:línea: qué', without running it
    publico(fuente, "x.reto.py")               # statement, starting code, hints: all the page gets
    reto = carga("x", fuente, guionizado, entorno)

A .reto.py defines the names of NOMBRES_DE_UN_RETO, and may define those of NOMBRES_OPCIONALES
(docs/autores.md explains each). Its FIRMA is what the learner's function receives (py/firmas.py);
files written before it was named so say ARGUMENTO, which is read the same.
"""
import ast
import collections
import difflib
import re

from firmas import FIRMAS
from redaccion import corto

# The FIRMA a challenge may declare, as its author writes the choice: "respuesta", ... o "permiso".
_FIRMAS = " o ".join([", ".join('"%s"' % n for n in list(FIRMAS)[:-1]), '"%s"' % list(FIRMAS)[-1]])

# What a .reto.py must define: its name, what it is, and what it is for.
NOMBRES_DE_UN_RETO = [
    ("ENUNCIADO", "texto", "el enunciado, en Markdown"),
    ("PLANTILLA", "texto", "el código con el que empieza el editor"),
    ("CONTEXTO", "texto", "el código que se ejecuta antes que el de quien aprende"),
    ("FUNCION", "texto", "el nombre de la función que escribe quien aprende"),
    ("FIRMA", "texto", "lo que recibe la función: " + _FIRMAS),
    ("REGLAS", "reglas", 'las reglas del enunciado: {"clave": ("un trozo del enunciado", '
                         '["las pruebas visibles que la comprueban"], {"caso_del_corpus": "el programa '
                         'equivocado que esas pruebas rechazan"}), ...}'),
    ("SOLUCION", "texto", "la solución de referencia"),
    ("CONVERSACION", "función", "CONVERSACION(h): la conversación guionizada de la lección"),
    ("pruebas", "función", "pruebas(h): las pruebas, visibles y ocultas"),
]
# What it may define besides, public like the statement: the page shows both.
NOMBRES_OPCIONALES = [
    ("PISTAS", "pistas", 'las pistas, en orden: ["una pista", ("otra, que se abre tras 2 intentos '
                         'fallidos con Comprobar", 2), ...]'),
    ("DISCUSION", "texto", "lo que se lee al superar el reto (por qué así, las alternativas), en "
                           "Markdown; nunca el código de SOLUCION"),
]
_PEDIDOS = {nombre for nombre, _, _ in NOMBRES_DE_UN_RETO + NOMBRES_OPCIONALES}
# A line of SOLUCION this long found in a hint or the discussion is the reference code leaking
# into the page, which must never hold it (the command-line grade depends on that).
_LINEA_DE_SOLUCION = 20
_ANTIGUOS = {"ARGUMENTO": "FIRMA"}  # an older name, read as the new one

# A loaded challenge. fuente_guionizado and fuente_entorno are the two py/ files its context runs.
Reto = collections.namedtuple("Reto", "nombre enunciado plantilla contexto funcion firma reglas solucion "
                                      "conversacion pruebas fuente_guionizado fuente_entorno")


def revisa(fuente, archivo):
    """What is wrong with a .reto.py's shape, as 'archivo:línea: qué', without running it."""
    return _lee(fuente, archivo)[0]


def publico(fuente, archivo):
    """{"enunciado", "plantilla", "pistas": [{"texto", "tras": failed Comprobar attempts before it
    opens}], "discusion": text or ""}: what the page gets of a challenge. ValueError if revisa
    finds problems, with every one of them."""
    problemas, hay = _lee(fuente, archivo)
    if problemas:
        raise ValueError("\n".join(problemas))
    pistas = [p if isinstance(p, tuple) else (p, 0) for p, _ in hay.get("PISTAS", ("", 0, []))[2]]
    return {"enunciado": hay["ENUNCIADO"][2], "plantilla": hay["PLANTILLA"][2],
            "pistas": [{"texto": texto, "tras": tras} for texto, tras in pistas],
            "discusion": hay.get("DISCUSION", ("", 0, ""))[2]}


def carga(nombre, fuente, guionizado, entorno):
    """The challenge of a .reto.py's source, with the sources of the two py/ files its context runs.

    ValueError, with every problem as 'archivo:línea: qué', if revisa finds any.
    """
    problemas = revisa(fuente, nombre + ".reto.py")
    if problemas:
        raise ValueError("\n".join(problemas))
    ns = {"__name__": "reto_" + nombre.replace("-", "_")}
    exec(compile(fuente, nombre + ".reto.py", "exec"), ns)
    for viejo, nuevo in _ANTIGUOS.items():
        ns.setdefault(nuevo, ns.get(viejo))
    return Reto(nombre, ns["ENUNCIADO"], ns["PLANTILLA"], ns["CONTEXTO"], ns["FUNCION"], ns["FIRMA"],
                ns["REGLAS"], ns["SOLUCION"], ns["CONVERSACION"], ns["pruebas"], guionizado, entorno)


def _lee(fuente, archivo):
    """(problems, {name: (clase, línea, valor)}) of a .reto.py, read with ast, never run."""
    try:
        arbol = ast.parse(fuente, archivo)
    except SyntaxError as e:
        return ["%s:%s: error de sintaxis: %s" % (archivo, e.lineno or 1, e.msg)], {}
    hay = {}
    for nodo in arbol.body:
        if isinstance(nodo, ast.FunctionDef):
            hay[nodo.name] = ("función", nodo.lineno, None)
        elif isinstance(nodo, ast.Assign):
            valor = nodo.value.value if isinstance(nodo.value, ast.Constant) else None
            clase = "texto" if isinstance(valor, str) else "otra cosa"
            if isinstance(nodo.value, (ast.List, ast.Tuple)):
                try:  # the hints, with the line of each
                    valor, clase = [(ast.literal_eval(e), e.lineno) for e in nodo.value.elts], "pistas"
                except ValueError:
                    pass
            if isinstance(nodo.value, ast.Dict):
                try:  # the rules, with the line of each
                    valor, clase = ast.literal_eval(nodo.value), "reglas"
                    valor = {k: (v, c.lineno) for (k, v), c in zip(valor.items(), nodo.value.keys)}
                except ValueError:
                    pass
            for destino in nodo.targets:
                if isinstance(destino, ast.Name):
                    hay[destino.id] = (clase, nodo.lineno, valor)
    for viejo, nuevo in _ANTIGUOS.items():
        if viejo in hay and nuevo not in hay:
            hay[nuevo] = hay.pop(viejo)
    problemas, fin = [], max(1, len(fuente.splitlines()))
    for nombre, clase, para in NOMBRES_DE_UN_RETO:
        if nombre not in hay:
            parecido = difflib.get_close_matches(nombre, [n for n in hay if n not in _PEDIDOS], 1, 0.8)
            if parecido:  # a typo: point at it
                problemas.append("%s:%d: %s no es un nombre de un reto: ¿querías decir %s, %s?" % (
                    archivo, hay[parecido[0]][1], parecido[0], nombre, para))
            else:
                problemas.append("%s:%d: falta %s, %s" % (archivo, fin, nombre, para))
        elif hay[nombre][0] != clase:
            debe = {"texto": "un texto", "función": "una función", "reglas": "un diccionario escrito tal cual"}[clase]
            problemas.append("%s:%d: %s debe ser %s (%s)" % (archivo, hay[nombre][1], nombre, debe, para))
    if hay.get("REGLAS", ("",))[0] == "reglas" and hay.get("ENUNCIADO", ("",))[0] == "texto":
        problemas += _revisa_reglas(hay["REGLAS"][2], hay["ENUNCIADO"][2], archivo, hay["ENUNCIADO"][1], fuente)
    for nombre, clase, para in NOMBRES_OPCIONALES:
        parecido = difflib.get_close_matches(nombre, [n for n in hay if n not in _PEDIDOS], 1, 0.8)
        if nombre not in hay and parecido:
            problemas.append("%s:%d: %s no es un nombre de un reto: ¿querías decir %s, %s?" % (
                archivo, hay[parecido[0]][1], parecido[0], nombre, para))
        if nombre in hay and hay[nombre][0] != clase:
            debe = {"texto": "un texto", "pistas": "una lista escrita tal cual"}[clase]
            problemas.append("%s:%d: %s debe ser %s (%s)" % (archivo, hay[nombre][1], nombre, debe, para))
    problemas += _revisa_publicos(hay, archivo)
    firma = hay.get("FIRMA")
    if firma and firma[0] == "texto" and firma[2] not in FIRMAS:
        problemas.append("%s:%d: FIRMA debe ser %s, no %r" % (archivo, firma[1], _FIRMAS, firma[2]))
    return problemas, hay


def _revisa_reglas(reglas, enunciado, archivo, linea, fuente):
    """REGLAS quotes the statement, and every point of its lists has a rule: 'archivo:línea: qué'.

    reglas is {clave: (regla, its line)}; linea is the statement's.
    """
    def plano(texto):
        return " ".join(texto.split())
    problemas, citas = [], []
    for clave, (regla, linea_regla) in reglas.items():
        if not (isinstance(clave, str) and isinstance(regla, tuple) and len(regla) == 3 and
                isinstance(regla[0], str) and isinstance(regla[1], list) and regla[1] and
                all(isinstance(p, str) for p in regla[1]) and isinstance(regla[2], dict) and regla[2] and
                all(isinstance(c, str) and isinstance(e, str) and e.strip() for c, e in regla[2].items())):
            problemas.append('%s:%d: la regla %r debe ser ("un trozo del enunciado", ["una prueba", ...], '
                             '{"caso_del_corpus": "el programa equivocado que esas pruebas rechazan", ...})'
                             % (archivo, linea_regla, clave))
        elif plano(regla[0]) not in plano(enunciado):
            problemas.append("%s:%d: la regla %r cita %r, que no está en ENUNCIADO"
                             % (archivo, linea_regla, clave, regla[0]))
        else:
            citas.append(plano(regla[0]))
    for punto in _puntos(enunciado):
        if not any(c in plano(punto) for c in citas):
            primera = punto.splitlines()[0].strip()
            donde = next((k for k, fila in enumerate(fuente.splitlines(), 1) if primera in fila), linea)
            problemas.append("%s:%d: ningún trozo de REGLAS está en este punto del enunciado: %s"
                             % (archivo, donde, corto(primera, 60)))
    return problemas


def _revisa_publicos(hay, archivo):
    """Each hint is a text or (texto, intentos); no hint and no discussion copies SOLUCION."""
    problemas, publicos = [], []
    if hay.get("PISTAS", ("",))[0] == "pistas":
        for k, (pista, linea) in enumerate(hay["PISTAS"][2], 1):
            texto = pista[0] if isinstance(pista, tuple) and len(pista) == 2 else pista
            tras = pista[1] if isinstance(pista, tuple) and len(pista) == 2 else 0
            if not (isinstance(texto, str) and texto.strip() and type(tras) is int and tras >= 0):
                problemas.append('%s:%d: la pista %d debe ser un texto, o ("un texto", intentos) con los '
                                 "intentos fallidos con Comprobar tras los que se abre (un entero, 0 o más)"
                                 % (archivo, linea, k))
            else:
                publicos.append(("la pista %d" % k, texto, linea))
    if hay.get("DISCUSION", ("",))[0] == "texto":
        publicos.append(("DISCUSION", hay["DISCUSION"][2], hay["DISCUSION"][1]))
    solucion = hay.get("SOLUCION", ("", 0, None))[2]
    copiables = [f.strip() for f in solucion.splitlines() if len(f.strip()) >= _LINEA_DE_SOLUCION] \
        if isinstance(solucion, str) else []
    for cual, texto, linea in publicos:
        copia = next((f for f in copiables if f in texto), None)
        if copia:
            problemas.append("%s:%d: %s copia una línea de SOLUCION (%s): lo que se ve en la página no "
                             "puede tener la solución" % (archivo, linea, cual, corto(copia, 40)))
    return problemas


def _puntos(enunciado):
    """The points of the statement's lists ("- …", "1. …"), each with its continuation lines."""
    puntos = []
    for linea in enunciado.splitlines():
        if re.match(r"\s*(-|\d+\.)\s", linea):
            puntos.append(linea)
        elif puntos and linea.startswith(" ") and linea.strip() and puntos[-1] is not None:
            puntos[-1] += "\n" + linea
        else:
            puntos.append(None)
    return [p for p in puntos if p]
