"""Mutation testing of the challenges: every wrong variant of a reference solution must fail.

    mutantes(fuente, nombre_funcion) -> [(descripcion, fuente_mutada), ...]
    informe(reto, semillas) -> {"generados", "muertos", "vivos": [descripcion, ...], "segundos"}

mutantes() makes the first-order mutants of SOLUCION with the standard library's ast: one small
change each (an operator, a name, a constant, a dropped statement, an exception type...).
informe() grades each one through the grader core in this interpreter, as the page does, with a
few fixed seeds: a mutant is killed by the first seed whose report is not full marks, and
survives otherwise. tests/node/mutantes.test.mjs runs it in Pyodide, where every survivor must
be listed, with its reason, in mutantes_equivalentes.json.

A description reads "L<line>:<column> <operator>: <before> → <after>", with the line and column
of the changed node in SOLUCION: stable while SOLUCION stays as it is.
"""
import ast
import copy
import os
import sys
import time

if __name__ == "__main__":  # python3 tests/py/mutantes.py RETO...: the survivors, in CPython
    _AQUI = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [_AQUI, os.path.join(_AQUI, "..", "..", "py")]

import calificador  # noqa: E402
import comun  # noqa: E402
import corpus  # noqa: E402
import entrega  # noqa: E402
import transporte  # noqa: E402

# What the learner's code sees besides its own names (entorno.py): data and helpers.
DATOS_DEL_CONTEXTO = ["ENTORNO", "HERRAMIENTAS", "FUNCIONES"]
AYUDANTES = ["resultado", "error", "incumple", "texto", "llamada", "muestra"]
EXCEPCIONES = ["Exception", "BaseException", "ValueError", "TypeError", "KeyError", "OSError",
               "RuntimeError", "LookupError", "ArithmeticError"]
_OPUESTO = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
            ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Lt: ast.GtE, ast.GtE: ast.Lt,
            ast.Gt: ast.LtE, ast.LtE: ast.Gt}
_VECINO = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
           ast.Eq: ast.Is, ast.NotEq: ast.IsNot}
_ARITMETICA = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
               ast.Mod: ast.Add, ast.FloorDiv: ast.Div}
PASOS_MAXIMOS = 200_000  # lines a mutant may run per grading: a loop that never ends is killed
NOMBRE_DEL_MUTANTE = "mutante.py"


# --- Generating the mutants ---------------------------------------------------------------------

def mutantes(fuente, nombre_funcion):
    """The first-order mutants of fuente, [(descripcion, fuente_mutada)], without duplicates.

    A mutant whose source equals the original, or another mutant's, is left out.
    """
    arbol = ast.parse(fuente)
    original = ast.unparse(arbol)
    ambito = _Ambito(arbol, nombre_funcion)
    vistos, salida = {original}, []
    for i, (padre, campo, _indice, nodo) in enumerate(_sitios(arbol)):
        for operador, nuevo in _cambios(nodo, padre, campo, ambito):
            copia = copy.deepcopy(arbol)
            _reemplaza(_sitios(copia)[i], copy.deepcopy(nuevo))
            mutada = ast.unparse(copia)
            if mutada in vistos:
                continue
            vistos.add(mutada)
            descripcion = "L%d:%d %s: %s → %s" % (nodo.lineno, nodo.col_offset, operador,
                                                  _corto(nodo), _corto(nuevo))
            salida.append((descripcion, mutada))
    return salida


class _Ambito:
    """The names a mutant may use in place of another: the solution's own and the context's."""

    def __init__(self, arbol, nombre_funcion):
        locales, constantes = [], []
        for nodo in ast.walk(arbol):
            if isinstance(nodo, ast.arg):
                locales.append(nodo.arg)
            elif isinstance(nodo, ast.Name) and isinstance(nodo.ctx, ast.Store):
                locales.append(nodo.id)
            elif isinstance(nodo, ast.ExceptHandler) and nodo.name:
                locales.append(nodo.name)
            elif isinstance(nodo, ast.Constant) and not isinstance(nodo.value, bool):
                constantes.append(nodo.value)
        self.datos = list(dict.fromkeys(locales + DATOS_DEL_CONTEXTO))
        self.funcion = nombre_funcion
        self.primer_argumento = next(n.args.args[0].arg for n in ast.walk(arbol)
                                     if isinstance(n, ast.FunctionDef) and n.name == nombre_funcion)
        self.textos = [c for c in dict.fromkeys(constantes) if isinstance(c, str)]


def _sitios(arbol):
    """Every node with where it hangs: (padre, campo, índice o None, nodo), in a fixed order."""
    sitios = []

    def visita(padre):
        for campo, valor in ast.iter_fields(padre):
            if isinstance(valor, list):
                for indice, hijo in enumerate(valor):
                    if isinstance(hijo, ast.AST):
                        sitios.append((padre, campo, indice, hijo))
                        visita(hijo)
            elif isinstance(valor, ast.AST):
                sitios.append((padre, campo, None, valor))
                visita(valor)
    visita(arbol)
    return sitios


def _reemplaza(sitio, nuevo):
    padre, campo, indice, _ = sitio
    if indice is None:
        setattr(padre, campo, nuevo)
    else:
        getattr(padre, campo)[indice] = nuevo


def _cambios(nodo, padre, campo, ambito):
    """[(operador, nodo nuevo)] for one node: every first-order change this generator knows."""
    cambios = []
    if isinstance(nodo, ast.stmt) and not isinstance(nodo, (ast.Pass, ast.FunctionDef)):
        cambios.append(("statement dropped", ast.Pass()))
    if isinstance(nodo, ast.Continue):
        cambios.append(("continue to break", ast.Break()))
    if isinstance(nodo, ast.Break):
        cambios.append(("break to continue", ast.Continue()))
    if isinstance(nodo, ast.Compare) and len(nodo.ops) == 1:
        for otro in (_OPUESTO.get(type(nodo.ops[0])), _VECINO.get(type(nodo.ops[0]))):
            if otro:
                cambios.append(("comparison", _con(nodo, ops=[otro()])))
    if isinstance(nodo, ast.BoolOp):
        otro = ast.Or if isinstance(nodo.op, ast.And) else ast.And
        cambios.append(("boolean operator", _con(nodo, op=otro())))
        for i in range(len(nodo.values)):
            resto = nodo.values[:i] + nodo.values[i + 1:]
            cambios.append(("operand dropped",
                            resto[0] if len(resto) == 1 else _con(nodo, values=resto)))
    if isinstance(nodo, ast.BinOp):
        if type(nodo.op) in _ARITMETICA:
            cambios.append(("operator", _con(nodo, op=_ARITMETICA[type(nodo.op)]())))
        cambios.append(("operands swapped", _con(nodo, left=nodo.right, right=nodo.left)))
    if campo == "test" and isinstance(padre, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        if isinstance(nodo, ast.UnaryOp) and isinstance(nodo.op, ast.Not):
            cambios.append(("not removed", nodo.operand))
        else:
            cambios.append(("not added", ast.UnaryOp(op=ast.Not(), operand=nodo)))
    if isinstance(nodo, ast.Name) and isinstance(nodo.ctx, ast.Load):
        cambios += _otros_nombres(nodo, padre, campo, ambito)
    if isinstance(nodo, ast.Constant):
        operador = "key" if isinstance(padre, ast.Subscript) and campo == "slice" else "constant"
        cambios += [(operador, ast.Constant(v)) for v in _otras_constantes(nodo.value, ambito)]
    if isinstance(nodo, ast.Raise) and isinstance(nodo.exc, ast.Call) and isinstance(nodo.exc.func, ast.Name):
        cambios += [("raised exception", _con(nodo, exc=_con(nodo.exc, func=_nombre(tipo))))
                    for tipo in EXCEPCIONES if tipo != nodo.exc.func.id]
    if isinstance(nodo, ast.ExceptHandler) and isinstance(nodo.type, ast.Name):
        cambios += [("caught exception", _con(nodo, type=_nombre(tipo)))
                    for tipo in EXCEPCIONES if tipo != nodo.type.id]
    if isinstance(nodo, ast.Return) and nodo.value is not None:
        cambios += [("returned value", _con(nodo, value=valor))
                    for valor in (ast.Constant(None), ast.List(elts=[], ctx=ast.Load()),
                                  _nombre(ambito.primer_argumento))]
    if isinstance(nodo, ast.Call):
        cambios += _otras_llamadas(nodo)
    return [(operador, nuevo) for operador, nuevo in cambios if not _igual(nodo, nuevo)]


def _otros_nombres(nodo, padre, campo, ambito):
    """Each name for another of its kind: a helper the code calls for another helper, data for data."""
    if nodo.id == ambito.funcion:
        return []  # calling itself could recurse without end
    if isinstance(padre, ast.Call) and campo == "func":
        candidatos = AYUDANTES if nodo.id in AYUDANTES else []
    elif nodo.id in ambito.datos:
        candidatos = ambito.datos
    else:
        candidatos = []  # builtins and exception classes: the operators above change those
    return [("name", _nombre(otro)) for otro in candidatos if otro != nodo.id]


def _otras_constantes(valor, ambito):
    """A string for another string of the solution or "", a number for 0, 1, n + 1 or -n..."""
    if isinstance(valor, bool):
        return [not valor]
    if valor is None:
        return ["", 0]
    if isinstance(valor, str):
        return [c for c in ambito.textos + [""] if c != valor]
    if isinstance(valor, (int, float)):
        return list(dict.fromkeys(v for v in (0, 1, valor + 1, -valor) if v != valor))
    return []


def _otras_llamadas(nodo):
    """A call with an argument dropped or two swapped; str(e), append(x) for their near misses."""
    args, claves = nodo.args, nodo.keywords
    cambios = [("argument dropped", _con(nodo, args=args[:i] + args[i + 1:])) for i in range(len(args))]
    cambios += [("arguments swapped", _con(nodo, args=args[:i] + [args[i + 1], args[i]] + args[i + 2:]))
                for i in range(len(args) - 1)]
    cambios += [("argument dropped", _con(nodo, keywords=claves[:i] + claves[i + 1:])) for i in range(len(claves))]
    if isinstance(nodo.func, ast.Name) and nodo.func.id == "str" and len(args) == 1:
        cambios += [("str(e)", ast.parse(otra % ast.unparse(args[0]), mode="eval").body)
                    for otra in ("repr(%s)", "%s.args[0]", "type(%s).__name__")]
    if isinstance(nodo.func, ast.Attribute) and nodo.func.attr == "append" and len(args) == 1:
        cambios.append(("append to insert(0, …)",
                        _con(nodo, func=_con(nodo.func, attr="insert"), args=[ast.Constant(0), args[0]])))
    return cambios


def _con(nodo, **campos):
    """A shallow copy of nodo with some fields replaced (mutantes() deep-copies it into place)."""
    nuevo = copy.copy(nodo)
    for k, v in campos.items():
        setattr(nuevo, k, v)
    return nuevo


def _nombre(nombre):
    return ast.Name(id=nombre, ctx=ast.Load())


def _igual(a, b):
    return ast.dump(a) == ast.dump(b)


def _corto(nodo, n=60):
    texto = "pass" if isinstance(nodo, ast.Pass) else ast.unparse(nodo).split("\n")[0]
    return texto if len(texto) <= n else texto[:n - 1] + "…"


# --- Grading them -------------------------------------------------------------------------------

def informe(nombre_reto, semillas=(11, 12, 13)):
    """Every mutant of the challenge's SOLUCION graded by the core; the survivors' descriptions.

    Raises AssertionError if SOLUCION itself does not get full marks with every seed.
    """
    reto = corpus.carga_reto(nombre_reto)
    inicio = time.perf_counter()
    assert all(sobrevive(reto, reto.solucion, s) for s in semillas), "SOLUCION fails its own tests"
    lista = mutantes(reto.solucion, reto.funcion)
    # The one floor, in both runners: a SOLUCION with nothing to mutate proves nothing. How many
    # mutants there are follows from how long SOLUCION is, and a short one is a virtue.
    assert lista, "no mutant of SOLUCION: mutation testing checks nothing"
    vivos = [d for d, fuente in lista if all(sobrevive(reto, fuente, s) for s in semillas)]
    return {"generados": len(lista), "muertos": len(lista) - len(vivos), "vivos": vivos,
            "segundos": round(time.perf_counter() - inicio, 1)}


def fuente_de(nombre_reto, descripcion):
    """The source of one mutant, to read what a survivor does."""
    reto = corpus.carga_reto(nombre_reto)
    return dict(mutantes(reto.solucion, reto.funcion))[descripcion]


def sobrevive(reto, fuente, semilla):
    """True if this source gets full marks with this seed."""
    ns, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), fuente, NOMBRE_DEL_MUTANTE)
    nota = calificador.califica(reto, _ConTope(ns, reto.funcion, problema), semilla)
    return nota["score"] == nota["max_score"]


class _ConTope(transporte.EnEsteInterprete):
    """The page's transport, with a bound on the lines the mutant runs over a whole grading.

    Nothing interrupts a call in this interpreter, so a mutant that never ended would hang the
    run: past PASOS_MAXIMOS lines of its own code it raises, and every later call fails.
    """
    pasos = 0

    def llama(self, argumentos, herramientas, funciones):
        if self.pasos > PASOS_MAXIMOS:
            return {"caida": "more than %d lines run" % PASOS_MAXIMOS}

        def en_la_linea(marco, evento, arg):
            if evento == "line":
                self.pasos += 1
                if self.pasos > PASOS_MAXIMOS:
                    raise RuntimeError("more than %d lines run" % PASOS_MAXIMOS)
            return en_la_linea

        def al_llamar(marco, evento, arg):
            return en_la_linea if marco.f_code.co_filename == NOMBRE_DEL_MUTANTE else None

        antes = sys.gettrace()
        sys.settrace(al_llamar)
        try:
            return super().llama(argumentos, herramientas, funciones)
        finally:
            sys.settrace(antes)


if __name__ == "__main__":
    comun.instala_open_url()
    for reto in sys.argv[1:]:
        r = informe(reto)
        print("%s: %d mutants, %d killed, %.1f s" % (reto, r["generados"], r["muertos"], r["segundos"]))
        for descripcion in r["vivos"]:
            print("  survives:", descripcion)
