"""The grader core: pure Python, no I/O. It runs on Pyodide, the page's interpreter, everywhere.

    esperado = espera(reto, semilla)                        # trusted: runs the reference solution
    informe = compara(esperado, espacio_publico(reto), transporte)
    informe = califica(reto, transporte, semilla)          # the two at once (calificar.py)

`espera` turns what the reference solution does into data (JSON): every test's inputs, the
reply, the calls to each tool and the environment afterwards. `compara` grades against that
data with only public code (guionizado.py, entorno.py, the challenge's CONTEXTO). So the page
gets what build.py computed at a fixed seed, never SOLUCION nor pruebas(), and calificar.py
draws fresh hidden inputs each run; with the build's seed both give the same verdicts.

`reto` is a challenge loaded with `carga_reto` from lessons/<curso>/<leccion>.reto.py.
`transporte` is a Transporte (below), which calls the learner's function. Two exist:
  - EnEsteInterprete(ns, nombre): the function lives in this interpreter (the page, the Node tests,
    and the reference solution on the trusted side);
  - juez.Remoto: calificar.py's sandboxed child process, which receives only the inputs of each call.
Either way, the tools that the learner's code calls run here, on the trusted side, which keeps
the environment, counts the calls, bounds their cost and decides. Values cross as JSON, so a
custom __eq__ is lost.

The report follows Gradescope's results.json: score, max_score, execution_time, tests, output.
"""
import builtins
import contextlib
import copy
import functools
import json
import random
import sys
import time

_CAMPOS_ENTORNO = ("texto", "llamada", "resultado", "error", "ENTORNO")
REPRODUCE = "Reproduce la conversación de la lección"
INVALIDO = "el proceso de tu entrega ha enviado un mensaje inválido"  # a child out of protocol
TIEMPO_LLAMADA = 2.0      # seconds of the learner's code per call, and per submission: the
TIEMPO_ENTREGA = 10.0     # defaults of calificar.py, and the page's limits for Comprobar
TOPE_SALIDA = 20_000     # characters of what the learner's code prints, per report
_TOPE_FALLO = 2_000       # characters of one test's message
_TOPE_TURNOS = 10
_TOPE_BLOQUES = 200       # blocks in one answer
# The trusted side's bounds for the tools a submission calls. With at most _TOPE_ENTORNO
# characters in the environment and paths of at most _TOPE_RUTA, the costliest call,
# buscar(""), writes at most ~20 MB; _TOPE_TIEMPO_HERRAMIENTAS caps their sum per submission.
_TOPE_ENTORNO = 100_000
_TOPE_RUTA = 200
_TOPE_RESULTADO = 100_000
_TOPE_TIEMPO_HERRAMIENTAS = 2.0

BLOQUE = {"type": "object",
          "properties": {"type": {"const": "tool_result"}, "tool_use_id": {"type": "string"},
                         "content": {"type": "string"}, "is_error": {"type": "boolean"}},
          "required": ["type", "tool_use_id", "content", "is_error"],
          "additionalProperties": False}


# --- Loading a challenge --------------------------------------------------------------------

# What the learner's function receives, by the challenge's ARGUMENTO, for a test's (argumento, entorno):
FORMAS = {"respuesta": "f(respuesta, entorno): a list of blocks; it returns the tool_result blocks",
          "llamada": "f(ll, entorno): one tool_use block; it returns one tool_result",
          "bucle": 'f(modelo, inicio, entorno, tope): argumento is {"guion": [inicio, respuestas, '
                   'visto], "tope": n}; modelo is a ModeloGuionizado of that script',
          "permiso": 'f(ll, entorno, confirmar): argumento is {"llamada": ll, "respuestas": [bool]}; '
                     'confirmar(ll) is the user\'s answer, the next of "respuestas" (True past the end), '
                     'and a ValueError if asked about anything but ll'}

# What a .reto.py must define: its name, what it is, and what it is for.
NOMBRES_DE_UN_RETO = [
    ("ENUNCIADO", "texto", "el enunciado, en Markdown"),
    ("PLANTILLA", "texto", "el código con el que empieza el editor"),
    ("CONTEXTO", "texto", "el código que se ejecuta antes que el de quien aprende"),
    ("FUNCION", "texto", "el nombre de la función que escribe quien aprende"),
    ("ARGUMENTO", "texto", 'lo que recibe: "respuesta", "llamada", "bucle" o "permiso"'),
    ("REGLAS", "reglas", 'las reglas del enunciado: {"clave": ("un trozo del enunciado", '
                         '["las pruebas visibles que la comprueban"]), ...}'),
    ("SOLUCION", "texto", "la solución de referencia"),
    ("CONVERSACION", "función", "CONVERSACION(h): la conversación guionizada de la lección"),
    ("pruebas", "función", "pruebas(h): las pruebas, visibles y ocultas"),
]
_PEDIDOS = {nombre for nombre, _, _ in NOMBRES_DE_UN_RETO}


def revisa_reto(fuente, archivo):
    """What is wrong with a .reto.py's shape, as 'archivo:línea: qué', without running it."""
    import ast
    import difflib
    try:
        arbol = ast.parse(fuente, archivo)
    except SyntaxError as e:
        return ["%s:%s: error de sintaxis: %s" % (archivo, e.lineno or 1, e.msg)]
    hay = {}
    for nodo in arbol.body:
        if isinstance(nodo, ast.FunctionDef):
            hay[nodo.name] = ("función", nodo.lineno, None)
        elif isinstance(nodo, ast.Assign):
            valor = nodo.value.value if isinstance(nodo.value, ast.Constant) else None
            clase = "texto" if isinstance(valor, str) else "otra cosa"
            if isinstance(nodo.value, ast.Dict):
                try:  # the rules, with the line of each
                    valor, clase = ast.literal_eval(nodo.value), "reglas"
                    valor = {k: (v, c.lineno) for (k, v), c in zip(valor.items(), nodo.value.keys)}
                except ValueError:
                    pass
            for destino in nodo.targets:
                if isinstance(destino, ast.Name):
                    hay[destino.id] = (clase, nodo.lineno, valor)
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
            problemas.append("%s:%d: %s debe ser %s (%s)" % (archivo, hay[nombre][1], nombre, {
                "texto": "un texto", "función": "una función", "reglas": "un diccionario escrito tal cual"}[clase], para))
    if hay.get("REGLAS", ("",))[0] == "reglas" and hay.get("ENUNCIADO", ("",))[0] == "texto":
        problemas += _revisa_reglas(hay["REGLAS"][2], hay["ENUNCIADO"][2], archivo, hay["ENUNCIADO"][1], fuente)
    argumento = hay.get("ARGUMENTO")
    if argumento and argumento[0] == "texto" and argumento[2] not in FORMAS:
        problemas.append('%s:%d: ARGUMENTO debe ser "respuesta", "llamada", "bucle" o "permiso", no %r'
                         % (archivo, argumento[1], argumento[2]))
    return problemas


def _revisa_reglas(reglas, enunciado, archivo, linea, fuente):
    """REGLAS quotes the statement, and every point of its lists has a rule: 'archivo:línea: qué'.

    reglas is {clave: (regla, its line)}; linea is the statement's.
    """
    def plano(texto):
        return " ".join(texto.split())
    problemas, citas = [], []
    for clave, (regla, linea_regla) in reglas.items():
        if not (isinstance(clave, str) and isinstance(regla, tuple) and len(regla) == 2 and
                isinstance(regla[0], str) and isinstance(regla[1], list) and regla[1] and
                all(isinstance(p, str) for p in regla[1])):
            problemas.append('%s:%d: la regla %r debe ser ("un trozo del enunciado", ["una prueba", ...])'
                             % (archivo, linea_regla, clave))
        elif plano(regla[0]) not in plano(enunciado):
            problemas.append("%s:%d: la regla %r cita %r, que no está en ENUNCIADO"
                             % (archivo, linea_regla, clave, regla[0]))
        else:
            citas.append(plano(regla[0]))
    for punto in _puntos(enunciado):
        if not any(c in plano(punto) for c in citas):
            primera = punto.splitlines()[0].strip()
            donde = next((k for k, l in enumerate(fuente.splitlines(), 1) if primera in l), linea)
            problemas.append("%s:%d: ningún trozo de REGLAS está en este punto del enunciado: %s"
                             % (archivo, donde, _corto(primera, 60)))
    return problemas


def _puntos(enunciado):
    """The points of the statement's lists ("- …", "1. …"), each with its continuation lines."""
    import re
    puntos = []
    for linea in enunciado.splitlines():
        if re.match(r"\s*(-|\d+\.)\s", linea):
            puntos.append(linea)
        elif puntos and linea.startswith(" ") and linea.strip() and puntos[-1] is not None:
            puntos[-1] += "\n" + linea
        else:
            puntos.append(None)
    return [p for p in puntos if p]


def carga_reto(nombre, fuente_reto, guionizado, entorno):
    """The trusted namespace of a challenge, from the sources of its .reto.py and the two py/ files.

    ValueError, with every problem as 'archivo:línea: qué', if revisa_reto finds any.
    """
    problemas = revisa_reto(fuente_reto, nombre + ".reto.py")
    if problemas:
        raise ValueError("\n".join(problemas))
    reto = {"__name__": "reto_" + nombre.replace("-", "_")}
    exec(compile(fuente_reto, nombre + ".reto.py", "exec"), reto)
    reto["NOMBRE"], reto["GUIONIZADO"], reto["ENTORNO_PY"] = nombre, guionizado, entorno
    return reto


def contexto(reto):
    """The sources that run, in order, before the learner's code: public, they hold no answers."""
    return [reto["GUIONIZADO"], reto["ENTORNO_PY"], reto["CONTEXTO"]]


def ejecuta_fuentes(fuentes, ns):
    for fuente in fuentes:
        exec(compila(fuente), ns)
    return ns


@functools.lru_cache(maxsize=32)
def compila(fuente, nombre="<contexto>"):
    return compile(fuente, nombre, "exec")


def espacio_de_referencia(reto):
    return ejecuta_fuentes(contexto(reto) + [reto["SOLUCION"]], {"__name__": "__main__"})


def fuente_de(datos):
    """The text of a submission file as an editor holds it: BOM and coding line honoured, \n ends.

    Raises ValueError, in Spanish, when the bytes are not text in the encoding they declare
    (UTF-8 when they declare none) or hold a NUL byte, which no source file may.
    """
    import io
    import tokenize
    if b"\0" in datos:
        raise _no_es_texto("tiene bytes nulos (\\0), y un programa no puede tenerlos", datos, datos.index(b"\0"))
    problema = None
    try:
        codificacion, _ = tokenize.detect_encoding(io.BytesIO(datos).readline)
    except SyntaxError as e:  # a first line that is not UTF-8, or a coding line that is no use
        codificacion, problema = "utf-8", "declara una codificación que no sirve (%s)" % _corto(str(e), 200)
    try:
        texto = datos.decode(codificacion)
    except UnicodeDecodeError as e:
        if codificacion in ("utf-8", "utf-8-sig"):
            raise _no_es_texto("no está en UTF-8 (ni declara otra codificación)", datos, e.start) from None
        raise _no_es_texto("no está en %s, la codificación que declara" % codificacion, datos, e.start) from None
    if problema:
        raise ValueError(problema)
    return texto.replace("\r\n", "\n").replace("\r", "\n")


def _no_es_texto(que, datos, posicion):
    linea = datos.count(b"\n", 0, posicion) + 1
    return ValueError("%s: mira el byte 0x%02x de la línea %d" % (que, datos[posicion], linea))


def carga_entrega(fuentes_contexto, fuente, nombre="entrega.py"):
    """Runs the public context, then the submission, in a fresh namespace.

    Returns (ns, problema, salida): problema says in Spanish what went wrong, or is None.
    """
    ns, salida = {"__name__": "__main__"}, _Salida()
    try:
        ejecuta_fuentes(fuentes_contexto, ns)
        codigo = compile(fuente, nombre, "exec")
    except SyntaxError as e:
        return ns, "Tu entrega tiene un error de sintaxis en la línea %s: %s" % (e.lineno, e.msg), ""
    try:
        with salida:
            exec(codigo, ns)
    except BaseException as e:  # SystemExit, KeyboardInterrupt, or a learner's own BaseException
        # (the page's clock, which interrupts with a KeyboardInterrupt too, knows when it was its own)
        linea = _linea_en(e.__traceback__, nombre)
        mensaje = _corto(str(e), 300)
        return ns, "Al cargar tu entrega%s salta %s%s" % (
            " (línea %d)" % linea if linea else "", type(e).__name__, ": " + mensaje if mensaje else ""), salida.texto()
    return ns, None, salida.texto()


def sin_tiempo(quien, tiempo_llamada, tiempo_entrega, en_total):
    """Why a call was cut short: the submission's whole time is spent, or this call's."""
    if en_total:
        return "se ha agotado el tiempo total de la entrega (%g s)" % tiempo_entrega
    return "%s no ha terminado en %g s: ¿un bucle infinito?" % (quien, tiempo_llamada)


def _linea_en(tb, nombre):
    linea = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == nombre:
            linea = tb.tb_lineno
        tb = tb.tb_next
    return linea


# --- Transports -----------------------------------------------------------------------------

class Transporte:
    """How the grader calls the learner's function. This docstring is the whole contract.

    prepara() -> (problema, salida)
        Loads the submission. problema is None when its function is ready to be called,
        otherwise why not, in Spanish, for the learner: every test then fails with it. salida
        is what the file printed while it loaded (an editor's own trial run), capped.

    llama(argumentos, herramientas, funciones) -> respuesta
        Calls the learner's function with `argumentos`, JSON values as JSON gives them back:
        [argumento, entorno], [argumento, entorno, "bucle"], or [argumento, entorno, "permiso",
        permisos], through llamada_de (which builds the model or the confirmar of those forms;
        see FORMAS). Meanwhile the learner's namespace holds HERRAMIENTAS = herramientas, as
        JSON gives them back too, PERMISOS = permisos when those are not None, and, for each
        name in `funciones`, the tool itself and FUNCIONES[name]. The tools the learner calls
        must reach `funciones[name]`, which run on the trusted side, as
        funciones[name](entorno, *args, **kwargs): entorno is MISMO when the learner passed the
        environment it was given, FALTA when it passed none, and a copy of what it passed
        otherwise. They return (valor, entorno_despues), and the learner's side writes
        entorno_despues, unless None, back into the object it passed. "modelo" and "confirmar"
        among `funciones` are not tools: the scripted model of "bucle", the user's answer of
        "permiso".
        `respuesta` is exactly one of:
            {"valor": v, "salida": s}       the function returned v, as JSON gives it back
            {"excepcion": E, "salida": s}   it raised; E is describe_excepcion(e)
            {"no_json": motivo, "salida": s}  it returned something JSON can't carry
            {"caida": motivo}               the call could not finish: a time limit, a process
                                            that died, a message out of protocol
        s is what the learner's code printed during the call, capped (_Salida). In "bucle",
        the first three also carry "inicio": the list the function got as inicio, as it is
        after the call (None if it no longer is JSON), which the trusted side compares.

    en_prueba(nombre)
        Says which test the next calls belong to (the page shows it, and reports a hang on it).

    cierra()
        Frees what prepara took. Safe to call twice; a llama after cierra prepares again.

    E, the one shape of an exception: {"tipo", "mro": [class names], "mensaje", "args",
    "linea": the line of the learner's file it came from, or None}.

    A transport reports; it never judges. Every verdict is taken by compara from the replies,
    so that a submission which rewrites its own copy of this module in calificar.py's child
    can only change what its replies say, never a rule of the grading.
    """

    def prepara(self):
        raise NotImplementedError

    def llama(self, argumentos, herramientas, funciones):
        raise NotImplementedError

    def en_prueba(self, nombre):
        pass

    def cierra(self):
        pass


class _Marca:
    def __init__(self, nombre):
        self.nombre = nombre

    def __repr__(self):
        return self.nombre


MISMO = _Marca("MISMO")  # a tool's entorno: the learner passed the environment it was given
FALTA = _Marca("FALTA")  # a tool's entorno: the learner passed none


class EnEsteInterprete(Transporte):
    """Calls ns[nombre] directly, with the tools of each call put in its namespace for the call."""

    def __init__(self, ns, nombre, problema=None, archivo="entrega.py", salida=""):
        self.ns, self.nombre, self.problema, self.archivo, self.salida = ns, nombre, problema, archivo, salida

    def prepara(self):
        if self.problema:
            return self.problema, self.salida
        if not callable(self.ns.get(self.nombre)):
            return "No has definido la función %s" % self.nombre, self.salida
        return None, self.salida

    def llama(self, argumentos, herramientas, funciones):
        ns, salida = self.ns, _Salida()
        # As JSON, not as deep copies: a deep copy shares the grader's strings, and code that
        # compares with `is` would pass here and fail once its inputs come as JSON (calificar.py).
        argumentos = json.loads(json.dumps(argumentos))
        forma = argumentos[2] if len(argumentos) > 2 else None
        permisos = argumentos[3] if forma == "permiso" else None
        recibido = argumentos[1] if len(argumentos) > 1 else None
        funciones = dict(funciones)
        especiales = {k: funciones.pop(k) for k in ("modelo", "confirmar") if k in funciones}
        nombres = ["HERRAMIENTAS", "FUNCIONES", *funciones]
        guardado = {k: ns[k] for k in nombres if k in ns}
        politica = _pon_permisos(ns, permisos)
        sustitutos = {n: sustituto(n, f, recibido, copy.deepcopy) for n, f in funciones.items()}
        ns.update(sustitutos, HERRAMIENTAS=json.loads(json.dumps(herramientas)), FUNCIONES=dict(sustitutos))
        llamada = None
        try:
            with salida:
                llamada = llamada_de(ns, argumentos, especiales)
                valor = ns[self.nombre](*llamada)
            respuesta = a_json(valor)
        except BaseException as e:  # SystemExit, KeyboardInterrupt, `raise BaseException(...)`:
            respuesta = {"excepcion": describe_excepcion(e, self.archivo)}  # a failed test (the
        finally:                                                             # page's clock knows
            for k in nombres:                                                # its own interrupt)
                ns.pop(k, None)
            ns.update(guardado)
            politica()
        if forma == "bucle":
            respuesta["inicio"] = a_json(llamada[1]).get("valor") if llamada else argumentos[0]["inicio"]
        respuesta["salida"] = salida.texto()
        return respuesta


def _pon_permisos(ns, permisos):
    """Gives the learner's PERMISOS a test's policy, in place (code that kept a reference to the
    dict sees it too); returns what puts the namespace's own back."""
    if permisos is None:
        return lambda: None
    propios = ns.get("PERMISOS")
    antes = dict(propios) if isinstance(propios, dict) else None
    if antes is None:  # the learner's code made it something else: a plain dict for the call
        ns["PERMISOS"] = dict(permisos)
    else:
        propios.clear()
        propios.update(permisos)

    def devuelve():
        if antes is None:
            ns["PERMISOS"] = propios
        else:
            propios.clear()
            propios.update(antes)
    return devuelve


def llamada_de(ns, argumentos, especiales):
    """The learner's function's arguments, on the learner's side, from the JSON `argumentos`.

    `especiales` holds the trusted side's "modelo" or "confirmar", which the learner's code gets
    as plain functions: each call crosses as JSON, as a tool call does.
    """
    forma = argumentos[2] if len(argumentos) > 2 else None
    if forma == "bucle":
        argumento, entorno = argumentos[:2]
        remoto = especiales["modelo"]

        def modelo(M, herramientas=None):
            """The scripted model, on the trusted side; its errors are the learner's own classes."""
            try:
                return remoto(MISMO, _por_json(M, "modelo"), _por_json(herramientas, "modelo"))[0]
            except Exception as fallo:
                clase = ns.get(type(fallo).__name__)
                if type(fallo).__name__ in ("ErrorDeProtocolo", "FueraDeGuion") and isinstance(clase, type):
                    raise clase(*fallo.args) from None
                raise
        return modelo, copy.deepcopy(argumento["inicio"]), entorno, argumento["tope"]
    if forma == "permiso":
        def confirmar_(ll):
            """The user's answer: True lets the call run."""
            return especiales["confirmar"](MISMO, _por_json(ll, "confirmar"))[0]
        confirmar_.__name__ = confirmar_.__qualname__ = "confirmar"
        return argumentos[0], argumentos[1], confirmar_
    return argumentos


def _por_json(valor, nombre):
    """A value as it crosses to the trusted side: JSON here too, as from calificar.py's child."""
    try:
        return json.loads(json.dumps(valor, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        raise TypeError("los argumentos de %s deben ser valores JSON" % nombre) from None


def sustituto(nombre, remota, recibido, copia):
    """The tool the learner's code calls: it looks like the real one, and runs `remota`.

    The real tools take (entorno, *args): the learner's code may pass the environment it was
    given (`recibido`), another dict, or nothing, and the tool must act on what it was passed,
    so that a solution that uses the global ENTORNO fails as it would in a real harness.
    `copia` turns that other object into something that can reach the trusted side.
    """
    def herramienta(*args, **kwargs):
        if args:
            destino, args = args[0], args[1:]
        elif "entorno" in kwargs:
            destino = kwargs.pop("entorno")
        else:
            return remota(FALTA, *args, **kwargs)[0]  # the trusted side raises the TypeError
        valor, despues = remota(MISMO if destino is recibido else copia(destino), *args, **kwargs)
        if isinstance(destino, dict) and isinstance(despues, dict):
            destino.clear()
            destino.update(despues)
        return valor
    herramienta.__name__ = herramienta.__qualname__ = nombre
    return herramienta


def a_json(valor):
    """{"valor": v} with v as it comes out of JSON, or {"no_json": why} if it can't cross."""
    try:
        return {"valor": json.loads(json.dumps(valor, allow_nan=False))}
    except (TypeError, ValueError, RecursionError) as e:
        return {"no_json": _corto(str(e), 300)}


def describe_excepcion(e, archivo=None):
    """The one shape of an exception crossing the grader: enough to judge it, raise it again, and
    point at the learner's line (the last frame in `archivo`, the submission's file name)."""
    try:
        argumentos = json.loads(json.dumps(list(e.args), allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        argumentos = None
    if argumentos is None or len(json.dumps(argumentos)) > 1000:
        argumentos = [_corto(str(e), 300)]
    return {"tipo": type(e).__name__, "mro": [c.__name__ for c in type(e).__mro__],
            "mensaje": _corto(str(e), 300), "args": argumentos,
            "linea": _linea_en(e.__traceback__, archivo) if archivo else None}


class _Salida:
    """What the learner's code prints, capped so that a flood of print can't grow the report.

    Used as `with salida:`, it takes stdout and stderr for the block. Past the cap it only
    counts, and print itself is swapped for one that skips stdout and stderr: Python's print
    costs ~0.75 µs in Pyodide even into a write that does nothing, so a right submission that
    printed 200,000 lines per call ran out of its 10 s; now it takes ~3 s in all
    (bench/calificar.py prints the figure).
    """

    def __init__(self):
        self.partes, self.n, self.perdidos, self.callados = [], 0, 0, 0
        self._print, self._redirige = None, None

    def __enter__(self):
        self._redirige = [contextlib.redirect_stdout(self), contextlib.redirect_stderr(self)]
        for r in self._redirige:
            r.__enter__()
        return self

    def __exit__(self, *excepcion):
        if self._print is not None:
            builtins.print, self._print = self._print, None
        for r in reversed(self._redirige):
            r.__exit__(*excepcion)

    def write(self, s):
        s = str(s)
        cabe = TOPE_SALIDA - self.n
        if cabe > 0:  # past the cap, only count: appending empty strings cost ~1 s per flooded call
            self.partes.append(s[:cabe])
            self.n += min(len(s), cabe)
        self.perdidos += max(0, len(s) - max(cabe, 0))
        if self.perdidos and self._print is None and self._redirige:
            self._print, builtins.print = builtins.print, self._sin_imprimir(builtins.print)
        return len(s)

    def _sin_imprimir(self, imprime):
        """print, past the cap: the learner's own files still get theirs."""
        salida = self

        def print(*valores, sep=" ", end="\n", file=None, flush=False):
            if file is not None and file is not sys.stdout and file is not sys.stderr:
                imprime(*valores, sep=sep, end=end, file=file, flush=flush)
            else:
                salida.callados += 1
        return print

    def flush(self):
        pass

    def texto(self):
        if not self.perdidos:
            return "".join(self.partes)
        nota = "\n[… %d caracteres más sin mostrar%s]" % (
            self.perdidos, ", y %d llamadas más a print" % self.callados if self.callados else "")
        return "".join(self.partes) + nota


# --- What tests are made of -------------------------------------------------------------------

class Ayuda:
    """What a challenge's pruebas(h) and CONVERSACION(h) build with: blocks, tools and chance."""

    def __init__(self, publico, semilla):
        for k in _CAMPOS_ENTORNO:
            setattr(self, k, publico[k])
        self.azar = _Azar(random.Random(semilla))
        for nombre, conjunto in conjuntos(publico).items():
            setattr(self, nombre, conjunto)

    def prueba(self, nombre, argumento, entorno=None, herramientas=None, oculta=False):
        return {"nombre": nombre, "oculta": oculta, "argumento": argumento,
                "entorno": self.ENTORNO if entorno is None else entorno,
                "herramientas": herramientas or self.herramientas}

    def oculta(self, nombre, argumento, entorno=None, herramientas=None):
        """A hidden test: named in the page, its inputs drawn from h.azar and never shown."""
        return self.prueba("Oculta: " + nombre, argumento, entorno, herramientas, oculta=True)


def conjuntos(publico):
    """The tool sets a test may use, by name: the lesson's four tools, and each with one more."""
    base = (publico["HERRAMIENTAS"], publico["FUNCIONES"])
    extra = {"herramientas": (), "con_repetir": (_REPETIR,), "con_dividir": (_DIVIDIR,),
             "con_anotar": (_ANOTAR,), "con_anotar_bloqueado": (_ANOTAR_BLOQUEADO,),
             "con_primeras": (_PRIMERAS,), "con_contar": (_CONTAR,)}
    return {nombre: _conjunto(nombre, *base, *mas) for nombre, mas in extra.items()}


def _conjunto(nombre, herramientas, funciones, *extra):
    return {"nombre": nombre, "herramientas": list(herramientas) + [h for h, f in extra],
            "funciones": dict(funciones, **{h["name"]: f for h, f in extra})}


def _herramienta(nombre, descripcion, opcionales=(), **tipos):
    """A tool's declaration: every field in `tipos` is required, but those named in `opcionales`."""
    return {"name": nombre, "description": descripcion,
            "input_schema": {"type": "object",
                             "properties": {k: {"type": t} for k, t in tipos.items()},
                             "required": [k for k in tipos if k not in opcionales],
                             "additionalProperties": False}}


def _repetir(entorno, texto, veces):
    if not 0 <= veces <= 100:  # it runs on the trusted side: no memory bomb through its arguments
        raise ValueError("veces debe estar entre 0 y 100")
    return " ".join([texto] * veces)


def _dividir(entorno, a, b):
    return str(a // b)


def _anotar(entorno, texto):
    entorno["diario.txt"] = entorno.get("diario.txt", "") + texto + "\n"
    return "anotado: " + texto


def _anotar_bloqueado(entorno, texto):
    raise PermissionError("diario.txt es de solo lectura")


def _primeras(entorno, ruta, lineas=1):
    return "\n".join(entorno[ruta].splitlines()[:lineas])  # a missing file: KeyError, as leer


def _contar(entorno, patron, mayusculas):
    textos = list(entorno.values())
    if not mayusculas:
        patron, textos = patron.lower(), [t.lower() for t in textos]
    return str(sum(t.count(patron) for t in textos))


_REPETIR = (_herramienta("repetir", "Repite el texto tantas veces como diga veces, separado por "
                                    "espacios.", texto="string", veces="integer"), _repetir)
_DIVIDIR = (_herramienta("dividir", "Devuelve la división entera a // b.", a="integer",
                         b="integer"), _dividir)
_ANOTAR = (_herramienta("anotar", "Añade una línea al final de diario.txt.", texto="string"), _anotar)
_ANOTAR_BLOQUEADO = (_ANOTAR[0], _anotar_bloqueado)
_PRIMERAS = (_herramienta("primeras", "Devuelve las primeras líneas del fichero de esa ruta: tantas "
                                      "como diga lineas, o solo la primera si no lo dice.",
                          opcionales=["lineas"], ruta="string", lineas="integer"), _primeras)
_CONTAR = (_herramienta("contar", "Cuenta cuántas veces aparece el patrón en todos los ficheros; "
                                  "con mayusculas a false no distingue mayúsculas de minúsculas.",
                        patron="string", mayusculas="boolean"), _contar)

_PALABRAS = ["albahaca", "berenjena", "calabacín", "garbanzos", "lentejas", "membrillo",
             "nueces", "pimentón", "puerros", "rábanos", "alcachofas", "castañas"]


class _Azar:
    """Random inputs drawn once per grading, so that a memorised answer fails."""

    def __init__(self, rng):
        self._rng = rng
        self.palabra, otra, carpeta = rng.sample(_PALABRAS, 3)
        self.entero = rng.randint(2, 9)
        self.ruta = "%s/%s.txt" % (carpeta, otra)
        self.entorno = {self.ruta: "%s con %s\n%s" % (otra.capitalize(), self.palabra, self.frase()),
                        "%s/%s.txt" % (carpeta, self.palabra): self.frase(),
                        "léeme.txt": "Unas %d notas." % self.entero}

    def elige(self, opciones):
        """One of opciones, at random."""
        return self._rng.choice(list(opciones))

    def id(self):
        return "toolu_" + "".join(self._rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789")
                                  for _ in range(12))

    def frase(self):
        return " ".join(self._rng.choice(_PALABRAS) for _ in range(self._rng.randint(2, 5)))


# --- What the reference does, as data -----------------------------------------------------------

def espacio_publico(reto):
    """The namespace of the public context: what compara needs, and nothing secret."""
    return ejecuta_fuentes(contexto(reto), {"__name__": "__main__"})


def espera(reto, semilla):
    """What the reference solution does on every test at this seed, as JSON data.

    {"reto", "funcion", "argumento", "contexto", "semilla",
     "conversacion": {"guion": [inicio, respuestas, visto], "entorno": the environment at its end},
     "pruebas": [{"nombre", "oculta", "argumento", "entorno", "conjunto": a name of conjuntos(),
                  "esperado": {"respuesta": a Transporte reply without "salida",
                               "entorno": after the call, "registro": the tools run, in order}}]}
    """
    referencia = espacio_de_referencia(reto)
    ayuda = Ayuda(referencia, semilla)
    datos = {"reto": reto["NOMBRE"], "funcion": reto["FUNCION"], "argumento": reto["ARGUMENTO"],
             "contexto": reto["CONTEXTO"], "semilla": semilla}
    de_referencia, forma = EnEsteInterprete(referencia, reto["FUNCION"]), reto["ARGUMENTO"]
    guion = _como_json(list(reto["CONVERSACION"](ayuda)))
    if forma == "bucle":  # the learner's function is the loop: one call replays the conversation
        r, entorno, registro, incidencias = _ejecuta(de_referencia, {"guion": guion, "tope": _TOPE_TURNOS},
                                                     referencia["ENTORNO"], ayuda.herramientas, _gasto(),
                                                     forma, publico=referencia)
        fin, motivo = ("fin", None) if "valor" in r and r["valor"][0] is not None and not incidencias \
            else ("fallo", incidencias or r)
        _sin_lo_del_momento(r)
        datos["conversacion"] = {"guion": guion, "entorno": entorno,
                                 "esperado": {"respuesta": r, "entorno": entorno,
                                              "registro": [n for n, *_ in registro]}}
    else:
        fin, motivo, entorno = _bucle(datos, referencia, de_referencia, guion, ayuda.herramientas, [], _gasto())
        datos["conversacion"] = {"guion": guion, "entorno": entorno}
    if fin != "fin":
        raise RuntimeError("la solución de referencia no reproduce su conversación: %s" % (motivo,))
    datos["pruebas"] = []
    for p in reto["pruebas"](ayuda):
        if p["herramientas"].get("nombre") not in conjuntos(referencia):
            raise ValueError("la prueba %r usa herramientas que no son de h: usa h.herramientas o h.con_…"
                             % p["nombre"])
        r, despues, registro, incidencias = _ejecuta(de_referencia, p["argumento"], p["entorno"],
                                                     p["herramientas"], _gasto(), forma, publico=referencia)
        if incidencias:
            raise RuntimeError("la solución de referencia incumple el enunciado en la prueba %r: %s"
                               % (p["nombre"], incidencias[0]))
        _sin_lo_del_momento(r)
        datos["pruebas"].append({
            "nombre": p["nombre"], "oculta": p["oculta"], "argumento": p["argumento"],
            "entorno": p["entorno"], "conjunto": p["herramientas"]["nombre"],
            "esperado": {"respuesta": r, "entorno": despues, "registro": [n for n, *_ in registro]}})
    visibles = {p["nombre"] for p in datos["pruebas"] if not p["oculta"]}
    for clave, (_, nombres) in reto["REGLAS"].items():
        for nombre in nombres:
            if nombre not in visibles:
                raise ValueError("la regla %r de REGLAS nombra la prueba %r, que no es una prueba visible de "
                                 "pruebas(h)" % (clave, nombre))
    return _como_json(datos)


def _sin_lo_del_momento(respuesta):
    """A reply of the reference as expected data: what it printed and its inicio are not part of it."""
    respuesta.pop("salida", None)
    respuesta.pop("inicio", None)


def _como_json(valor):
    return json.loads(json.dumps(valor, allow_nan=False))


def nombres_de_pruebas(reto):
    ayuda = Ayuda(espacio_publico(reto), 0)
    return [REPRODUCE] + [p["nombre"] for p in reto["pruebas"](ayuda)]


# --- Grading ----------------------------------------------------------------------------------

def califica(reto, transporte, semilla=None):
    """Grades against what the reference does at this seed (a fresh one if None): calificar.py."""
    semilla = random.randrange(2 ** 32) if semilla is None else semilla
    return compara(espera(reto, semilla), espacio_publico(reto), transporte)


def compara(esperado, publico, transporte):
    """Runs every test through the transport, judges it against `esperado`, returns the report."""
    inicio = time.perf_counter()
    pruebas = esperado["pruebas"]
    nombres = [REPRODUCE] + [p["nombre"] for p in pruebas]
    problema, al_cargar = transporte.prepara()
    if problema:
        problema = como_frase(_corto(str(problema), _TOPE_FALLO))
        resultados = [(n, problema, "") for n in nombres]
    else:
        gasto, grupos = _gasto(), conjuntos(publico)  # gasto: the learner's tool time, in all
        transporte.en_prueba(REPRODUCE)
        resultados = [(REPRODUCE, *_reproduce(esperado, publico, grupos, transporte, gasto))]
        for p in pruebas:
            transporte.en_prueba(p["nombre"])
            resultados.append((p["nombre"], *_corre_prueba(esperado, publico, grupos[p["conjunto"]],
                                                          p, transporte, gasto)))
    tests = [{"name": n, "score": 0 if fallo else 1, "max_score": 1,
              "status": "failed" if fallo else "passed", "output": _corto(fallo or "", _TOPE_FALLO)}
             for n, fallo, salida in resultados]
    informe = {"score": sum(t["score"] for t in tests), "max_score": len(tests),
               "execution_time": round(time.perf_counter() - inicio, 3), "tests": tests}
    salida = _salida_por_partes([("Al cargarse", al_cargar)] +
                                [("En «%s»" % n, s) for n, f, s in resultados])
    if problema or salida:
        informe["output"] = "\n\n".join(x for x in (problema, salida) if x)
    return informe


def _salida_por_partes(partes):
    """What the learner's code printed, each part under a heading of when, capped in all."""
    trozos = ["— %s —\n%s" % (cuando, texto.rstrip("\n")) for cuando, texto in partes if texto]
    salida = "\n".join(trozos)
    if len(salida) > TOPE_SALIDA:
        salida = salida[:TOPE_SALIDA] + "\n[salida recortada: tu código ha escrito mucho más]"
    return "Lo que ha escrito tu código:\n" + salida if salida else ""


def _gasto():
    return {"segundos": 0.0, "agotado": False}


def _ejecuta(transporte, argumento, entorno, conjunto, gasto, forma=None, usuario=None, publico=None):
    """One call through the transport, with tools bound to a fresh trusted copy of the environment.

    Returns (respuesta, entorno después, [(herramienta, args, kwargs), ...] in order, incidencias):
    incidencias are the rules of the statement that this side saw broken in how the learner's
    code used what it was given (inicio, the model, the user), in Spanish; the first fails the test.
    `gasto` is the submission's {"segundos": tool time so far, "agotado": bool}. `forma` is the
    challenge's ARGUMENTO; in "permiso", `usuario` is {"respuestas": [bool], "k": answers given},
    shared by the calls of one conversation (a test's own comes in its argumento, with the
    PERMISOS it sets, if any). In "bucle", the scripted model is built here from `publico` and
    called like a tool: the script never reaches the learner's side, the registro counts the
    model's calls, and each call's tools are compared with the HERRAMIENTAS the learner got.
    """
    entorno, registro, incidencias, permisos = copy.deepcopy(entorno), [], [], None
    if forma == "permiso" and usuario is None:
        usuario, permisos = {"respuestas": argumento["respuestas"], "k": 0}, argumento.get("permisos")
        argumento = argumento["llamada"]
    if forma == "bucle":
        modelo = publico["ModeloGuionizado"](publico["guion_de"](*argumento["guion"][:3]))
        argumento = {"inicio": argumento["guion"][0], "tope": argumento["tope"]}

    def con_limites(nombre, f):
        def herramienta(destino, *args, **kwargs):
            if destino is FALTA:  # what calling the real tool without its entorno raises
                raise TypeError("%s() missing 1 required positional argument: 'entorno'" % nombre)
            objetivo = entorno if destino is MISMO else destino
            if gasto["segundos"] > _TOPE_TIEMPO_HERRAMIENTAS:
                gasto["agotado"] = True
                raise RuntimeError(_lento(forma))
            problema = _excede(objetivo)
            if problema:
                raise OSError(problema)
            registro.append((nombre, () if nombre == "modelo" else args, kwargs))  # shown only if a message needs it
            antes, inicio = dict(objetivo) if isinstance(objetivo, dict) else None, time.perf_counter()
            try:
                valor = f(objetivo, *args, **kwargs)
            finally:
                gasto["segundos"] += time.perf_counter() - inicio
            problema = _excede(objetivo, valor)
            if problema:
                if antes is not None:
                    objetivo.clear()
                    objetivo.update(antes)
                raise OSError(problema)
            return valor, (dict(objetivo) if antes is not None and objetivo != antes else None)
        return herramienta

    funciones = {n: con_limites(n, f) for n, f in conjunto["funciones"].items()}
    argumentos = [argumento, copy.deepcopy(entorno)]
    if forma in ("bucle", "permiso"):
        argumentos.append(forma)
    if forma == "permiso":
        argumentos.append(permisos)
        pedida = _clave(argumento)

        def confirmar(entorno, ll):
            if _clave(ll) != pedida:  # the user is asked about the call, not about anything else
                incidencias.append("tu código preguntó al usuario (confirmar) por %s, y solo se le "
                                   "pregunta por la llamada que se va a ejecutar, ll." % _muestra_en_linea(ll))
                raise ValueError("confirmar debe recibir la llamada que se va a ejecutar, ll, y ha recibido %s"
                                 % _muestra_en_linea(ll))
            k, usuario["k"] = usuario["k"], usuario["k"] + 1
            return usuario["respuestas"][k] if k < len(usuario["respuestas"]) else True
        funciones["confirmar"] = con_limites("confirmar", confirmar)
    if forma == "bucle":
        declaradas = _clave(conjunto["herramientas"])

        def responde(entorno, M, herramientas=None):
            if len(_json(M)) > _TOPE_ENTORNO * 3:  # a learner's M is parsed here, on the trusted side
                raise ValueError("la conversación que recibe el modelo no puede pasar de %d caracteres"
                                 % (_TOPE_ENTORNO * 3))
            if _clave(herramientas) != declaradas and not incidencias:
                vez = sum(1 for n, *_ in registro if n == "modelo")
                incidencias.append("en la llamada %d al modelo, tu código le pasó %s, y el modelo recibe "
                                   "siempre HERRAMIENTAS." % (vez, _otras_herramientas(herramientas, conjunto["herramientas"])))
            return modelo(M, herramientas)
        funciones["modelo"] = con_limites("modelo", responde)
    r = transporte.llama(argumentos, conjunto["herramientas"], funciones)
    if gasto["agotado"]:
        r = {"caida": _lento(forma)}
    if forma == "bucle" and "caida" not in r and _clave(r.get("inicio")) != _clave(argumento["inicio"]):
        incidencias.insert(0, _inicio_cambiado(argumento["inicio"], r.get("inicio")))
    return r, entorno, registro, incidencias


def _lento(forma):
    """The trusted side's time for what the learner's code called is spent: say what it called."""
    return "tus llamadas %s han tardado más de %g s en total" % (
        "al modelo y a las herramientas" if forma == "bucle" else "a las herramientas", _TOPE_TIEMPO_HERRAMIENTAS)


def _otras_herramientas(dadas, declaradas):
    """What the learner's code gave the model instead of HERRAMIENTAS, in a few words."""
    if not isinstance(dadas, list) or not all(isinstance(h, dict) for h in dadas):
        return "%s como herramientas" % _muestra_en_linea(dadas)
    nombres, propios = [h.get("name") for h in dadas], [h["name"] for h in declaradas]
    if nombres != propios:
        faltan = [n for n in propios if n not in nombres]
        return "las herramientas %s%s" % (", ".join(map(str, nombres)) or "(ninguna)",
                                          " (faltan %s)" % ", ".join(faltan) if faltan else
                                          " (HERRAMIENTAS tiene %s)" % ", ".join(propios))
    cambiada = next(h["name"] for h, d in zip(dadas, declaradas) if _clave(h) != _clave(d))
    return "una lista en la que %s no es la declarada en HERRAMIENTAS" % cambiada


def _inicio_cambiado(antes, despues):
    """The learner's function changed the inicio it received: say how."""
    que = "tu función ha cambiado la lista inicio que recibió"
    if not isinstance(despues, list):
        return "%s: ya no es una lista de mensajes." % que
    if len(despues) != len(antes):
        return "%s: tenía %s y, después de la llamada, tiene %d. M empieza siendo una copia de inicio, " \
               "y inicio no cambia." % (que, _cuantos(len(antes), "mensaje"), len(despues))
    k = next(i for i, (a, b) in enumerate(zip(antes, despues), 1) if _clave(a) != _clave(b))
    return "%s: su mensaje %d era\n%s\ny, después de la llamada, es\n%s" % (
        que, k, _muestra_mensaje(antes[k - 1]), _muestra_mensaje(despues[k - 1]))


def _excede(entorno, valor=None):
    """Why a tool's environment or result is past the trusted side's bounds, or None."""
    if isinstance(valor, str) and len(valor) > _TOPE_RESULTADO:
        return "el resultado de la herramienta ocupa más de %d caracteres" % _TOPE_RESULTADO
    if not isinstance(entorno, dict):
        return None
    total = 0
    for ruta, contenido in entorno.items():
        if isinstance(ruta, str) and len(ruta) > _TOPE_RUTA:
            return "las rutas del entorno de la prueba no pueden pasar de %d caracteres" % _TOPE_RUTA
        total += sum(len(x) if isinstance(x, (str, list, dict)) else 1 for x in (ruta, contenido))
    if total > _TOPE_ENTORNO:
        return "el entorno de la prueba no admite más de %d caracteres" % _TOPE_ENTORNO
    return None


def _corre_prueba(esperado, publico, conjunto, p, transporte, gasto):
    forma = esperado["argumento"]
    r, entorno, registro, incidencias = _ejecuta(transporte, p["argumento"], p["entorno"], conjunto, gasto,
                                                 forma, publico=publico)
    e = p["esperado"]
    # The cause before the symptom: how it used inicio, the model and the user, then what it
    # returned; but a call that crashed says so first, as the learner's own traceback would.
    valor = _juzga(esperado["funcion"], publico, e["respuesta"], r, forma)
    preguntas = _compara_registro(e["registro"], registro, preguntas=True)
    fallo = (como_frase(incidencias[0]) if incidencias and "caida" not in r else None) \
        or (valor or preguntas if "excepcion" in r else preguntas or valor) \
        or _compara_registro(e["registro"], registro) or _compara_entorno(e["entorno"], entorno)
    if fallo and not p["oculta"]:  # a hidden test's inputs are never shown
        fallo = "Se envió %s\n%s" % (_muestra_argumento(p["argumento"], forma), fallo)
    return fallo, r.get("salida", "")


def _juzga(funcion, publico, esperado, r, forma=None):
    if "caida" in r:
        return como_frase(r["caida"])
    if "excepcion" in esperado:
        if "excepcion" in r and esperado["excepcion"]["tipo"] in r["excepcion"]["mro"]:
            return None
        return _punto("Se esperaba que %s lanzara %s, y %s" % (
            funcion, esperado["excepcion"]["tipo"], _que_hizo(r, forma)))
    if "valor" not in r and forma == "bucle":
        texto = esperado["valor"][0]
        return _punto("Se esperaba que %s devolviera %s y la conversación, y %s" % (
            funcion, "None" if texto is None else "el texto " + _py(texto), _que_hizo(r, forma)))
    if "valor" not in r:
        return _punto("Se esperaba que %s devolviera:\n%s\ny %s" % (
            funcion, _muestra_valor(esperado["valor"]), _que_hizo(r)))
    if forma == "bucle":
        return _diferencia_bucle(funcion, esperado["valor"], r["valor"])
    problema = _revisa_forma(publico, r["valor"], isinstance(esperado["valor"], list))
    if problema:
        return "Lo que devuelve %s no tiene la forma de un tool_result: %s." % (funcion, problema)
    return _diferencia(esperado["valor"], r["valor"])


def _diferencia_bucle(funcion, esperado, obtenido):
    """A loop returns (texto, M): say whether the text or which message of M differs."""
    if not _es_par(obtenido):
        return _punto("%s debe devolver un par (texto, M), y devolvió %s" % (funcion, _muestra_en_linea(obtenido)))
    (texto, M), (texto_r, M_r) = esperado, obtenido
    for i, (a, b) in enumerate(zip(M, M_r), 1):
        if _clave(a) != _clave(b):
            return "El mensaje %d de M no es el esperado. Se esperaba:\n%s\ny llegó:\n%s" % (
                i, _muestra_mensaje(a), _muestra_mensaje(b))
    if len(M) != len(M_r):
        sobra = "sobra el mensaje %d:\n%s" % (len(M) + 1, _muestra_mensaje(M_r[len(M)])) \
            if len(M_r) > len(M) else "falta el mensaje %d:\n%s" % (len(M_r) + 1, _muestra_mensaje(M[len(M_r)]))
        return "M debía tener %d mensajes y tiene %d: %s" % (len(M), len(M_r), sobra)
    if _clave(texto) != _clave(texto_r):
        return "El texto que devuelve %s debía ser %s, y es %s." % (funcion, _py(texto), _py(texto_r))
    return None


def _es_par(valor):
    """(texto, M) as it crosses in JSON: a list of two whose second is a list."""
    return isinstance(valor, list) and len(valor) == 2 and isinstance(valor[1], list)


def _py(valor):
    return "None" if valor is None else _corto(_json(valor, python=True), 200)


def _muestra_mensaje(m):
    if not (isinstance(m, list) and len(m) == 2):
        return "  %s" % _muestra_en_linea(m)
    rol, contenido = m
    if isinstance(contenido, list):
        return "  (%s, [\n%s])" % (_json(rol), "\n".join("    %s" % _muestra_bloque(b) for b in contenido))
    return "  (%s, %s)" % (_json(rol), _corto(_json(contenido), 120))


def _diferencia(esperado, obtenido):
    """None if equal; else both sides in one notation, narrowed to the first block that differs."""
    if _clave(esperado) == _clave(obtenido):
        return None
    if isinstance(esperado, list) and isinstance(obtenido, list) and len(esperado) == len(obtenido):
        j = next(j for j, (a, b) in enumerate(zip(esperado, obtenido)) if _clave(a) != _clave(b))
        prefijo, esperado, obtenido = "El bloque %d no es el esperado. " % (j + 1), esperado[j], obtenido[j]
    elif isinstance(esperado, list) and isinstance(obtenido, list):
        prefijo = "Se esperaba%s %s y %s %s. " % (
            "" if len(esperado) == 1 else "n", _bloques(len(esperado)),
            "llegó" if len(obtenido) == 1 else "llegaron", _bloques(len(obtenido)))
    else:
        prefijo = ""
    return "%sSe esperaba:\n%s\ny llegó:\n%s" % (prefijo, _muestra_valor(esperado), _muestra_valor(obtenido))


def _bloques(n):
    return "1 bloque" if n == 1 else "%d bloques" % n


def _punto(texto):
    """Ends a sentence with a period, unless it ends with a shown value (its own line)."""
    return texto if texto.rsplit("\n", 1)[-1].startswith("  ") or texto.endswith((".", "?", "!", "…")) else texto + "."


def _que_hizo(r, forma=None):
    if "excepcion" in r:
        e = r["excepcion"]
        donde = " en la línea %d de tu código" % e["linea"] if e.get("linea") else ""
        return "lanzó %s%s: %s" % (e["tipo"], donde, e["mensaje"]) if e["mensaje"] else \
            "lanzó %s%s" % (e["tipo"], donde)
    if "no_json" in r:
        return "devolvió algo que no es un valor JSON (%s)" % r["no_json"]
    valor = r["valor"]
    if forma == "bucle" and _es_par(valor):
        return "devolvió (%s, M), con M de %s" % (_py(valor[0]), _cuantos(len(valor[1]), "mensaje"))
    return "devolvió:\n%s" % _muestra_valor(valor)


def como_frase(texto):
    texto = texto[:1].upper() + texto[1:]
    return texto if texto.endswith((".", "?", "!", "…")) else texto + "."


def _revisa_forma(publico, valor, es_lista):
    """The first problem of shape, in Spanish, checked with jsonschema against BLOQUE."""
    validador = _validador_de_bloques()
    if es_lista and not isinstance(valor, list):
        return "debe devolver una lista de bloques, y devuelve %s" % _muestra_en_linea(valor)
    if es_lista and len(valor) > _TOPE_BLOQUES:  # each costs ~1 ms of jsonschema on the trusted side
        return "devuelve %d bloques, y ninguna prueba pide más de %d" % (len(valor), _TOPE_BLOQUES)
    for j, bloque in enumerate(valor if es_lista else [valor], 1):
        if not isinstance(bloque, dict):
            motivo = "un tool_result es un diccionario, y llega %s" % _muestra_en_linea(bloque)
            return "bloque %d: %s" % (j, motivo) if es_lista else motivo
        if len(bloque) > 2 * len(BLOQUE["properties"]):  # jsonschema lists each extra key: 60,000 took 7 s
            motivo = "un tool_result tiene %d campos (%s), y llega uno con %d" % (
                len(BLOQUE["properties"]), ", ".join(BLOQUE["properties"]), len(bloque))
            return "bloque %d: %s" % (j, motivo) if es_lista else motivo
        errores = sorted(validador.iter_errors(bloque), key=lambda e: list(e.absolute_path))
        if errores:
            motivo = publico["_en_castellano"](errores[0])
            return "bloque %d: %s" % (j, motivo) if es_lista else motivo
    return None


@functools.lru_cache(maxsize=1)
def _validador_de_bloques():
    from jsonschema import Draft202012Validator  # imported on first use: the page loads it late
    return Draft202012Validator(BLOQUE)


def _compara_registro(esperado, obtenido, preguntas=False):
    """The first difference in what was called: with preguntas, only whether the user was asked
    (confirmar), the cause of what follows; without, the tools and the model."""
    nombres = [n for n, *_ in obtenido]
    for nombre in dict.fromkeys(esperado + nombres):
        n, m = esperado.count(nombre), nombres.count(nombre)
        if n == m or (nombre == "confirmar") != preguntas:
            continue
        if nombre == "modelo":  # not a tool: the scripted model
            return "Tu código %s; debía llamarlo %s." % (
                "no llamó al modelo" if m == 0 else "llamó al modelo " + _veces(m), _veces(n))
        if nombre == "confirmar":  # not a tool: the user's answer
            hizo = "no preguntó al usuario" if m == 0 else "preguntó al usuario (confirmar) " + _veces(m)
            if n == 0:
                return "Tu código %s; no debía preguntar." % hizo
            return "Tu código %s; debía preguntar %s." % (hizo, _veces(n))
        suyas = [c for c in obtenido if c[0] == nombre]
        llamadas = "; ".join(_muestra_llamada(*c) for c in suyas[:3]) + ("; …" if len(suyas) > 3 else "")
        if n == 0:
            return "Tu código ejecutó %s, y esa llamada no debía ejecutarse." % llamadas
        if m == 0:
            return "Tu código no ejecutó %s, y debía ejecutarse %s." % (nombre, _veces(n))
        return "Tu código ejecutó %s %s (%s); debía ejecutarse %s." % (nombre, _veces(m), llamadas, _veces(n))
    return None


def _cuantos(n, cosa):
    return "%d %s%s" % (n, cosa, "" if n == 1 else "s")


def _veces(n):
    return "una vez" if n == 1 else "%d veces" % n


def _compara_entorno(esperado, obtenido):
    for ruta in sorted(set(esperado) | set(obtenido), key=repr):  # a learner's path may be 5
        if esperado.get(ruta) != obtenido.get(ruta):
            return "Al terminar, %s debería %s, y %s." % (
                _json(ruta), "ser %s" % _json(esperado[ruta]) if ruta in esperado else "no existir",
                "es %s" % _json(obtenido[ruta]) if ruta in obtenido else "no existe")
    return None


# --- Replaying the lesson's conversation -------------------------------------------------------

def _reproduce(esperado, publico, grupos, transporte, gasto):
    conversacion, salidas = esperado["conversacion"], []
    if esperado["argumento"] == "bucle":
        prueba = {"argumento": {"guion": conversacion["guion"], "tope": _TOPE_TURNOS},
                  "entorno": publico["ENTORNO"], "esperado": conversacion["esperado"], "oculta": True}
        return _corre_prueba(esperado, publico, grupos["herramientas"], prueba, transporte, gasto)
    fin, fallo, entorno = _bucle(esperado, publico, transporte, conversacion["guion"],
                                 grupos["herramientas"], salidas, gasto)
    if fin == "fin":
        fallo = _compara_entorno(conversacion["entorno"], entorno)
    return fallo, "".join(salidas)


def _bucle(datos, publico, transporte, guion, conjunto, salidas, gasto):
    """The course's harness, with the learner's function giving the observations, checked each turn.

    Returns ("fin", None, entorno), or (motivo, mensaje de fallo, entorno).
    """
    inicio, respuestas, visto = guion[:3]
    forma = datos["argumento"]  # "permiso": the user's answers to confirmar come after the script
    usuario = {"respuestas": guion[3] if len(guion) > 3 else [], "k": 0}
    modelo = publico["ModeloGuionizado"](publico["guion_de"](inicio, respuestas, visto))
    entorno, M = copy.deepcopy(publico["ENTORNO"]), list(inicio)
    for turno in range(1, _TOPE_TURNOS + 1):
        try:
            r = modelo(M, conjunto["herramientas"])
        except ValueError as e:
            return "guion", "El modelo guionizado no acepta la conversación: %s" % e, entorno
        llamadas = [bloque for bloque in r if bloque["type"] == "tool_use"]
        if llamadas == []:  # phrased apart from el-bucle's SOLUCION, whose lines never reach the page
            return "fin", None, entorno
        pedidos = [r] if datos["argumento"] == "respuesta" else llamadas
        obs = []
        for argumento in pedidos:
            respuesta, entorno, _, incidencias = _ejecuta(transporte, argumento, entorno, conjunto, gasto,
                                                          forma, usuario)
            salidas.append(respuesta.get("salida", ""))
            fallo = (incidencias[0] if incidencias and "caida" not in respuesta else None) \
                or _juzga_turno(datos, publico, respuesta)
            if fallo:
                return "fallo", "Turno %d: %s" % (turno, fallo), entorno
            obs += respuesta["valor"] if datos["argumento"] == "respuesta" else [respuesta["valor"]]
        M = M + [("asistente", r), ("usuario", obs)]
        fallo = _revisa_turno(publico, llamadas, obs, M)
        if fallo:
            return "fallo", "Turno %d: %s" % (turno, fallo), entorno
    return "tope", "La conversación no ha terminado en %d turnos." % _TOPE_TURNOS, entorno


def _juzga_turno(datos, publico, respuesta):
    funcion = datos["funcion"]
    if "caida" in respuesta:
        return _punto(respuesta["caida"])
    if "valor" not in respuesta:
        return _punto("%s %s" % (funcion, _que_hizo(respuesta)))
    forma = _revisa_forma(publico, respuesta["valor"], datos["argumento"] == "respuesta")
    if forma:
        return "lo que devuelve %s no tiene la forma de un tool_result: %s." % (funcion, forma)
    return None


def _revisa_turno(publico, llamadas, obs, M):
    """Each tool_use id got exactly one tool_result, in order and before anything else."""
    ids = [b["id"] for b in llamadas]
    respuestas = [b["tool_use_id"] for b in obs]
    if respuestas != ids:
        return ("las llamadas eran %s y los tool_result responden a %s: debe haber uno por llamada, "
                "en el mismo orden (convención del curso: la API solo pide que cada tool_result lleve el "
                "id de su llamada)." % (", ".join(ids), ", ".join(respuestas) or "nada"))
    fallos = publico["fallos_de_protocolo"](M)
    return "la conversación incumple el protocolo: %s" % fallos[0] if fallos else None


# --- Showing values in the learner's terms: one notation for both sides -------------------------

def _muestra_argumento(argumento, forma=None):
    if forma == "bucle":
        inicio, respuestas = argumento["guion"][:2]
        return "un modelo guionizado con %s, %s de inicio y tope=%s" % (
            _cuantos(len(respuestas), "respuesta"), _cuantos(len(inicio), "mensaje"), _json(argumento["tope"]))
    if forma == "permiso":
        dice = ", ".join("sí" if r else "no" for r in argumento["respuestas"]) or "sí"
        politica = "con PERMISOS = %s,\n" % _json(argumento["permisos"]) if "permisos" in argumento else ""
        return "la llamada:\n  %s\n%sy, si se le pregunta, el usuario responde: %s" % (
            _muestra_bloque(argumento["llamada"]), politica, dice)
    if isinstance(argumento, list):
        return "la respuesta:\n%s" % _muestra_valor(argumento)
    return "la llamada:\n  %s" % _muestra_bloque(argumento)


def _muestra_valor(valor):
    """A value as the learner would write it: each block of a list on its own line."""
    if isinstance(valor, list) and valor:
        return "\n".join("  %s" % _muestra_bloque(b) for b in valor)
    return "  %s" % _muestra_bloque(valor)


def _muestra_en_linea(valor):
    return _corto(_json(valor), 120)


def _muestra_bloque(b):
    """tool_result t1 · content "…" · is_error False — strings always quoted, \n as \n."""
    if not isinstance(b, dict) or b.get("type") not in ("text", "tool_use", "tool_result"):
        return _muestra_en_linea(b)
    if b["type"] == "text":
        return "text %s" % _corto(_json(b.get("text")), 120)
    if b["type"] == "tool_use":
        entrada = b.get("input")
        nota = "" if isinstance(entrada, dict) else " (no es un diccionario)"
        return "tool_use %s %s, input %s%s" % (b.get("id"), b.get("name"), _corto(_json(entrada), 120), nota)
    partes = ["tool_result %s" % b.get("tool_use_id")]
    if "content" in b:
        partes.append("content %s" % _corto(_json(b["content"]), 160))
    if "is_error" in b:
        partes.append("is_error %s" % _json(b["is_error"], python=True))
    otros = [k for k in b if k not in ("type", "tool_use_id", "content", "is_error")]
    partes += ["%s %s" % (k, _corto(_json(b[k]), 40)) for k in otros]
    return " · ".join(partes)


def _muestra_llamada(nombre, args, kwargs):
    corta = lambda v: _corto(_json(v[:100] if isinstance(v, str) else v), 60)  # noqa: E731
    partes = [corta(a) for a in args] + ["%s=%s" % (k, corta(v)) for k, v in kwargs.items()]
    return "%s(%s)" % (nombre, ", ".join(partes))


def _json(valor, python=False):
    if python and isinstance(valor, bool):
        return repr(valor)
    try:
        return json.dumps(valor, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return repr(valor)


def _clave(valor):
    return json.dumps(valor, sort_keys=True)


def _corto(texto, n=80):
    """At most n characters; a cut falls on a space when one is near, and says so with …."""
    if len(texto) <= n:
        return texto
    corte = texto.rfind(" ", 0, n - 1)
    return texto[:corte if corte > n * 0.7 else n - 1] + "…"
