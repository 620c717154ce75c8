"""What an error usually means, in one line of Spanish, under Python's own message.

A cell's traceback (site/src/ejecutor.py, through de_celda) and a challenge's failed test
(redaccion.con_explicacion, on the page and in calificar.py alike) end with the line that
explica() finds for the exception, when it has one. The lines are all in EXPLICACIONES; the
cases are matched, in order, in explica(). Python's message is never replaced: this only adds.

Nothing imports this module while a page boots: ejecutor.py and redaccion.py import it when an
error is worded, so a page that never fails never loads it.
"""
import functools
import re

# Every line, by case: one sentence, addressing the learner as tú, code between `backticks` (a cell
# shows it as code; a challenge's report, plain text, drops them: en_texto). str.format fields: {nombre},
# {n} (a cell's number), {id} (its :id:), {sugerencia}, {modulo}, {clave}, {funcion}, {argumentos},
# {atributo}, {dados}, {acepta}, {signo}, {cierre}.
EXPLICACIONES = {
    "nombre_en_celda": ("`{nombre}` se define en la Celda {n}: ejecútala antes que esta (o, si escribes la "
                        "lección, pon `:usa: {id}` en esta celda)."),
    "nombre_en_esta": ("`{nombre}` se define en esta misma celda, pero Python llega antes a la línea que lo usa: "
                       "dale valor antes de usarlo."),
    "nombre_sugerido": "Ni esta celda ni las anteriores definen `{nombre}`: ¿querías escribir `{sugerencia}`?",
    "nombre_importar": "Ni esta celda ni las anteriores definen `{nombre}`: ¿te falta `import {modulo}`?",
    "nombre_en_ninguna": ("Ni esta celda ni las anteriores definen `{nombre}`: revisa cómo lo has escrito, o dale "
                          "valor antes de usarlo."),
    "entrega_sugerido": "Ni tu código ni el reto definen `{nombre}`: ¿querías escribir `{sugerencia}`?",
    "entrega_importar": "Ni tu código ni el reto definen `{nombre}`: ¿te falta `import {modulo}`?",
    "entrega_en_ninguna": ("Ni tu código ni el reto definen `{nombre}`: revisa cómo lo has escrito, o dale valor "
                           "antes de usarlo."),
    "clave": ("El diccionario no tiene la clave `{clave}`: mira qué claves tiene (`print(d.keys())`), o usa "
              "`d.get({clave})`, que da None cuando falta."),
    "falta_argumento": ("La llamada a `{funcion}()` no le pasa {argumentos}: compárala con los parámetros de su "
                        "def."),
    "argumento_de_mas": ("`{funcion}()` no tiene ningún parámetro llamado `{nombre}`: revisa cómo se llama en su "
                         "def, o quítalo de la llamada."),
    "posicionales_de_mas": ("La llamada a `{funcion}()` le pasa {dados} sin nombre, pero {acepta}: quita los que "
                            "sobran (en un método, el primer parámetro es `self`)."),
    "atributo_de_none": ("Ese valor es None, y None no tiene `.{atributo}`: suele venir de una función sin return, "
                         "o de un método como `.sort()` o `.append()`, que cambia la lista y devuelve None."),
    "sangria_esperada": ("Tras una línea que acaba en `:` (def, if, for…) viene su bloque, sangrado: añade 4 "
                         "espacios al principio de esa línea."),
    "sangria_de_mas": ("Esa línea tiene más sangría que la anterior, que no acaba en dos puntos (`:`): alinéala "
                       "con las de su bloque."),
    "sangria_desigual": ("La sangría de esa línea no coincide con la de ningún bloque de arriba: alinéala "
                         "exactamente con las de su bloque, 4 espacios por nivel."),
    "tabuladores": "La sangría mezcla tabuladores y espacios: usa solo espacios, 4 por nivel.",
    "sangria": ("Python usa la sangría para saber qué líneas van dentro de cada bloque: alinea esa línea con las "
                "de su bloque, 4 espacios por nivel."),
    "sin_cerrar": "El `{signo}` que se abre en esa línea no se cierra: añade su `{cierre}` donde acaba la expresión.",
    "comillas": "Unas comillas se abren en esa línea y no se cierran: ciérralas con las mismas comillas.",
    "dos_puntos": "Falta `:` al final de esa línea: un def, un if, un for o un while acaban en `:`.",
    "sintaxis": ("Python no entiende esa línea, así que no ha ejecutado ninguna: mira esa línea y la anterior "
                 "(un paréntesis o unas comillas sin cerrar, un `:` que falta)."),
    "recursion": ("Una función se ha llamado a sí misma (o a otra que la llama) sin parar: comprueba que la "
                  "recursión llega a un caso que acaba, o escríbela con un bucle."),
    "guion_agotado": ("Tu código ha llamado al modelo más veces de las que tiene el guion: el bucle debe parar "
                      "cuando una respuesta no trae ninguna llamada (`tool_use`)."),
    "fuera_de_guion": ("El modelo guionizado solo contesta a la conversación de su guion, y esta se aparta de él: "
                       "el mensaje de arriba dice en qué turno, mensaje y bloque."),
    "fuera_de_guion_vista": ("El modelo guionizado solo contesta a la conversación de su guion, y esta se aparta "
                             "de él: la conversación de abajo marca dónde y muestra lo que esperaba."),
    "protocolo": ("La conversación incumple el protocolo: cada `tool_use` necesita, en el mensaje siguiente, un "
                  "`tool_result` con su id; el mensaje de arriba dice dónde falla."),
    "protocolo_vista": ("La conversación incumple el protocolo: cada `tool_use` necesita, en el mensaje "
                        "siguiente, un `tool_result` con su id; la conversación de abajo marca dónde falla."),
}

_CIERRES = {"(": ")", "[": "]", "{": "}"}
_NOMBRE = re.compile(r"^name '([^']+)' is not defined")
_SUGERENCIA = re.compile(r"Did you mean: '([^']+)'\?")
_IMPORTAR = re.compile(r"Did you forget to import '([^']+)'\?")
_FALTA = re.compile(r"^(\S+?)\(\) missing \d+ required (?:positional |keyword-only )?arguments?: (.+)$")
_DE_MAS = re.compile(r"^(\S+?)\(\) got an unexpected keyword argument '([^']+)'")
_POSICIONALES = re.compile(r"^(\S+?)\(\) takes (.+?) positional arguments? but (\d+) (?:was|were) given")
_DE_NONE = re.compile(r"^'NoneType' object has no attribute '([^']+)'")


def explica(tipo, mensaje, mro=(), donde="entrega", vista=False):
    """The line for an exception, or None. tipo and mro are class names (mro: the whole chain,
    tipo first, as transporte.describe_excepcion gives them); mensaje is str(e) or, for a
    NameError, what Python shows, with its suggestion (con_sugerencia). donde, for a NameError:
    "entrega" (a challenge's submission), or a cell's search (quien_define): None (no cell
    defines it), 0 (this cell does) or (n, id) of the earlier cell that does. vista: a
    conversation view is drawn below (a cell's refused turn)."""
    mro = set(mro) | {tipo}
    mensaje = mensaje or ""
    if "FueraDeGuion" in mro:
        if re.match(r"el guion tiene \d+ turnos; se ha pedido el \d+", mensaje):
            return EXPLICACIONES["guion_agotado"]
        return EXPLICACIONES["fuera_de_guion_vista" if vista else "fuera_de_guion"]
    if "ErrorDeProtocolo" in mro:
        return EXPLICACIONES["protocolo_vista" if vista else "protocolo"]
    if "RecursionError" in mro:
        return EXPLICACIONES["recursion"]
    if "SyntaxError" in mro:
        return _sintaxis(mro, mensaje)
    if "NameError" in mro:
        return _nombre(mensaje, donde)
    if "KeyError" in mro and mensaje:
        return EXPLICACIONES["clave"].format(clave=mensaje)
    if "TypeError" in mro:
        return _argumentos(mensaje)
    m = _DE_NONE.match(mensaje) if "AttributeError" in mro else None
    return EXPLICACIONES["atributo_de_none"].format(atributo=m.group(1)) if m else None


def _sintaxis(mro, mensaje):
    if "TabError" in mro:
        return EXPLICACIONES["tabuladores"]
    if "IndentationError" in mro:
        caso = "sangria_esperada" if mensaje.startswith("expected an indented block") else \
            "sangria_de_mas" if mensaje.startswith("unexpected indent") else \
            "sangria_desigual" if mensaje.startswith("unindent does not match") else "sangria"
        return EXPLICACIONES[caso]
    m = re.match(r"^'([(\[{])' was never closed", mensaje)
    if m:
        return EXPLICACIONES["sin_cerrar"].format(signo=m.group(1), cierre=_CIERRES[m.group(1)])
    if mensaje.startswith(("unterminated string literal", "unterminated triple-quoted string")):
        return EXPLICACIONES["comillas"]
    if mensaje.startswith("expected ':'"):
        return EXPLICACIONES["dos_puntos"]
    return EXPLICACIONES["sintaxis"]


def _nombre(mensaje, donde):
    m = _NOMBRE.match(mensaje)
    if not m:
        return None  # UnboundLocalError and the like: Python's message says it
    nombre = m.group(1)
    if isinstance(donde, tuple):
        return EXPLICACIONES["nombre_en_celda"].format(nombre=nombre, n=donde[0], id=donde[1])
    if donde == 0:
        return EXPLICACIONES["nombre_en_esta"].format(nombre=nombre)
    prefijo = "entrega" if donde == "entrega" else "nombre"
    sugerida, importar = _SUGERENCIA.search(mensaje), _IMPORTAR.search(mensaje)
    if sugerida:
        return EXPLICACIONES[prefijo + "_sugerido"].format(nombre=nombre, sugerencia=sugerida.group(1))
    if importar:
        return EXPLICACIONES[prefijo + "_importar"].format(nombre=nombre, modulo=importar.group(1))
    return EXPLICACIONES[prefijo + "_en_ninguna"].format(nombre=nombre)


def _argumentos(mensaje):
    m = _FALTA.match(mensaje)
    if m:
        nombres = re.findall(r"'([^']+)'", m.group(2))
        argumentos = ("el argumento `%s`" % nombres[0] if len(nombres) == 1 else
                      "los argumentos %s" % _y(["`%s`" % n for n in nombres]))
        return EXPLICACIONES["falta_argumento"].format(funcion=m.group(1), argumentos=argumentos)
    m = _DE_MAS.match(mensaje)
    if m:
        return EXPLICACIONES["argumento_de_mas"].format(funcion=m.group(1), nombre=m.group(2))
    m = _POSICIONALES.match(mensaje)
    if m:
        acepta = re.sub(r"^from (\d+) to (\d+)$", r"de \1 a \2", m.group(2))
        dados = int(m.group(3))
        return EXPLICACIONES["posicionales_de_mas"].format(
            funcion=m.group(1), dados="1 argumento" if dados == 1 else "%d argumentos" % dados,
            acepta="no admite ninguno" if acepta == "0" else "solo admite " + acepta)
    return None


def _y(partes):
    return partes[0] if len(partes) == 1 else ", ".join(partes[:-1]) + " y " + partes[-1]


def con_sugerencia(exc):
    """str(exc) and, for a NameError, the suggestion Python adds to its traceback (3.12+: "Did you
    mean: 'x'?", "Did you forget to import 'x'?"), found from the frame it was raised in."""
    import traceback
    texto = str(exc)
    if not isinstance(exc, NameError) or getattr(exc, "name", None) is None:
        return texto
    try:
        te = traceback.TracebackException(type(exc), exc, exc.__traceback__, limit=1, lookup_lines=False)
        ultima = list(te.format_exception_only())[0].rstrip("\n")
    except Exception:  # a learner's NameError subclass with an odd __str__: the plain text
        return texto
    return ultima.partition(": ")[2] or texto


def mensaje_en(exc, archivo):
    """str(exc), with con_sugerencia's suggestion when exc was raised in the learner's own file
    `archivo` (its frame holds the same names on the page and in calificar.py's child)."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if archivo is None or tb is None or tb.tb_frame.f_code.co_filename != archivo:
        return str(exc)
    return con_sugerencia(exc)


def en_texto(linea):
    """explica's line as a challenge's report says it, on the page and in calificar.py: plain text,
    without the backticks that a cell shows as code."""
    return linea.replace("`", "") if linea else linea


def con_explicacion(problema, exc, mensaje):
    """A submission's problem when it loads (entrega.py), and explica's line for exc under it."""
    linea = en_texto(explica(type(exc).__name__, mensaje, [c.__name__ for c in type(exc).__mro__]))
    if not linea:
        return problema
    return (problema if problema.endswith((".", "?", "!")) else problema + ".") + "\n" + linea


# --- A cell's NameError: which cell defines the name ----------------------------------------

def quien_define(nombre, codigo, anteriores, leer=None):
    """Where a name a cell could not find is defined: (n, id) of the nearest earlier cell whose
    code binds it at its top level, else 0 if this cell's does, else None. anteriores: [[n, id,
    code], ...] in page order. A cell's `exec(open_url(url).read())` binds what the file at url
    binds; leer(url) gives its text (None: unknown)."""
    for n, id_, fuente in reversed(anteriores):
        if nombre in ligados(fuente, leer):
            return (n, id_)
    return 0 if nombre in ligados(codigo, leer) else None


def ligados(fuente, leer=None):
    """The names a module's top level binds: assignments, def, class, import, for, with, except;
    not a function's or a class's own, nor a comprehension's."""
    import ast
    try:
        arbol = ast.parse(fuente)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    nombres, pila = set(), [arbol]
    while pila:
        nodo = pila.pop()
        if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            nombres.add(nodo.name)
            continue
        if isinstance(nodo, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(nodo, ast.Name) and isinstance(nodo.ctx, ast.Store):
            nombres.add(nodo.id)
        elif isinstance(nodo, (ast.Import, ast.ImportFrom)):
            nombres.update(a.asname or a.name.split(".")[0] for a in nodo.names if a.name != "*")
        elif isinstance(nodo, ast.ExceptHandler) and nodo.name:
            nombres.add(nodo.name)
        elif leer is not None and _url_ejecutada(nodo):
            try:
                texto = leer(_url_ejecutada(nodo))
            except Exception:  # not there (offline, a typo in the url): the file binds nothing known
                texto = None
            nombres |= _de_archivo(texto) if isinstance(texto, str) else set()
        pila.extend(ast.iter_child_nodes(nodo))
    return nombres


@functools.lru_cache(maxsize=8)
def _de_archivo(texto):
    """What a course file binds, parsed once per text: every NameError would parse it again."""
    return frozenset(ligados(texto))


def _url_ejecutada(nodo):
    """url, if nodo is exec(open_url(url).read()), as the lessons load the course's files."""
    import ast
    if not (isinstance(nodo, ast.Call) and isinstance(nodo.func, ast.Name) and nodo.func.id == "exec"
            and len(nodo.args) >= 1 and isinstance(nodo.args[0], ast.Call)):
        return None
    leido = nodo.args[0].func
    if not (isinstance(leido, ast.Attribute) and leido.attr == "read" and isinstance(leido.value, ast.Call)):
        return None
    abrir = leido.value
    nombre = getattr(abrir.func, "id", None) or getattr(abrir.func, "attr", None)
    if nombre != "open_url" or not abrir.args or not isinstance(abrir.args[0], ast.Constant):
        return None
    return abrir.args[0].value if isinstance(abrir.args[0].value, str) else None


def de_celda(exc, codigo, anteriores, leer=None, vista=False):
    """The line under a cell's traceback, or None (site/src/ejecutor.py; see explica)."""
    mro = [c.__name__ for c in type(exc).__mro__]
    mensaje = exc.msg if isinstance(exc, SyntaxError) else con_sugerencia(exc)
    donde = None
    if isinstance(exc, NameError) and isinstance(getattr(exc, "name", None), str):
        donde = quien_define(exc.name, codigo, anteriores, leer)
    return explica(type(exc).__name__, mensaje, mro, donde, vista)
