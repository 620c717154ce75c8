"""The grader core: pure Python, no I/O. It runs on Pyodide, the page's interpreter, everywhere.

    datos = esperado(reto, semilla)                     # trusted: runs the reference solution
    informe = compara(datos, espacio(fuentes_publicas(reto)), transporte)
    informe = compara(datos, publico, transporte, vistas=True)  # the page's Comprobar (below)
    informe = califica(reto, transporte, semilla)      # the two at once (calificar.py)

`esperado` turns what the reference solution does into data (JSON): every test's inputs, the
reply, the calls to each tool and the environment afterwards. `compara` grades against that
data with only public code (guionizado.py, entorno.py, the challenge's CONTEXTO). So the page
gets what build.py computed at a fixed seed, never SOLUCION nor pruebas(), and calificar.py
draws fresh hidden inputs each run; with the build's seed both give the same verdicts.

`reto` is a carga.Reto, loaded from lessons/<curso>/<slug>.reto.py. `transporte` is a
transporte.Transporte, which calls the learner's function: in this interpreter, or in
calificar.py's sandboxed child. Either way, the tools that the learner's code calls run here,
on the trusted side, which keeps the environment, counts the calls, bounds their cost and
decides. Values cross as JSON (valores.py), so a custom __eq__ is lost. What the learner reads
is worded in redaccion.py (its FRASES, and the notation of values).

The report follows Gradescope's results.json: score, max_score, execution_time, tests, output.
With vistas, a failed visible test whose conversation a scripted model refused also carries
"conversacion", that turn as py/vista.py draws it: the page shows it marked; results.json has none.
"""
import copy
import functools
import random
import time

import firmas
import redaccion
import vista
from ayuda import Ayuda, juegos
from entrega import TOPE_SALIDA, ejecuta_fuentes
from redaccion import FRASES
from transporte import EnEsteInterprete
from valores import FALTA, MISMO, por_json

REPRODUCE = "Reproduce la conversación de la lección"
TIEMPO_LLAMADA = 2.0      # seconds of the learner's code per call, and per submission: the
TIEMPO_ENTREGA = 10.0     # defaults of calificar.py, and the page's limits for Comprobar
_TOPE_FALLO = 2_000       # characters of one test's message
_TOPE_VISTA = 200_000     # characters of one test's conversation, as JSON: past it, not shown
_TOPE_TURNOS = 10
# The trusted side's bounds for the tools a submission calls. With at most _TOPE_ENTORNO
# characters in the environment and paths of at most _TOPE_RUTA, the costliest call,
# buscar(""), writes at most ~20 MB; _TOPE_TIEMPO_HERRAMIENTAS caps their sum per submission.
_TOPE_ENTORNO = 100_000
_TOPE_RUTA = 200
_TOPE_RESULTADO = 100_000
_TOPE_TIEMPO_HERRAMIENTAS = 2.0


def espacio(fuentes):
    """A fresh namespace with these sources run in it, in order: the public context of a challenge
    (fuentes_publicas), or that and the reference solution."""
    return ejecuta_fuentes(fuentes, {"__name__": "__main__"})


def fuentes_publicas(reto):
    """The sources that run, in order, before the learner's code: public, they hold no answers."""
    return [reto.fuente_guionizado, reto.fuente_entorno, reto.contexto]


# --- What the reference does, as data -----------------------------------------------------------

def esperado(reto, semilla):
    """What the reference solution does on every test at this seed, as JSON data.

    {"reto", "funcion", "firma", "contexto", "semilla",
     "conversacion": {"guion": [inicio, respuestas, visto], "entorno": the environment at its end},
     "pruebas": [{"nombre", "oculta", "argumento", "entorno", "juego": a name of ayuda.juegos(),
                  "esperado": {"respuesta": a Transporte reply without "salida",
                               "entorno": after the call, "registro": the tools run, in order},
                  and "o_sin_ejecutar": true when the test also accepts no tool run and the
                  environment untouched (ayuda.Ayuda.prueba)}]}
    """
    referencia = espacio(fuentes_publicas(reto) + [reto.solucion])
    ayuda = Ayuda(referencia, semilla)
    datos = {"reto": reto.nombre, "funcion": reto.funcion, "firma": reto.firma,
             "contexto": reto.contexto, "semilla": semilla}
    de_referencia, firma = EnEsteInterprete(referencia, reto.funcion), reto.firma
    guion = por_json(list(reto.conversacion(ayuda)))
    if not firmas.de(firma).arnes:  # the learner's function is the loop: one call replays the conversation
        r, entorno, registro, incidencias = ejecuta(de_referencia, {"guion": guion, "tope": _TOPE_TURNOS},
                                                     referencia["ENTORNO"], ayuda.herramientas, gasto_nuevo(),
                                                     firma, publico=referencia)
        fin, motivo = ("fin", None) if "valor" in r and r["valor"][0] is not None and not incidencias \
            else ("fallo", incidencias or r)
        _sin_lo_del_momento(r)
        datos["conversacion"] = {"guion": guion, "entorno": entorno,
                                 "esperado": {"respuesta": r, "entorno": entorno,
                                              "registro": [n for n, *_ in registro]}}
    else:
        fin, motivo, entorno = _arnes(datos, referencia, de_referencia, guion, ayuda.herramientas, [], gasto_nuevo())
        datos["conversacion"] = {"guion": guion, "entorno": entorno}
    if fin != "fin":
        raise RuntimeError("la solución de referencia no reproduce su conversación: %s" % (motivo,))
    datos["pruebas"] = []
    for p in reto.pruebas(ayuda):
        if p["juego"].get("nombre") not in juegos(referencia):
            raise ValueError("la prueba %r usa herramientas que no son de h: usa h.herramientas o h.con_…"
                             % p["nombre"])
        r, despues, registro, incidencias = ejecuta(de_referencia, p["argumento"], p["entorno"],
                                                     p["juego"], gasto_nuevo(), firma, publico=referencia)
        if incidencias:
            raise RuntimeError("la solución de referencia incumple el enunciado en la prueba %r: %s"
                               % (p["nombre"], incidencias[0]))
        _sin_lo_del_momento(r)
        datos["pruebas"].append({
            "nombre": p["nombre"], "oculta": p["oculta"], "argumento": p["argumento"],
            "entorno": p["entorno"], "juego": p["juego"]["nombre"],
            "esperado": {"respuesta": r, "entorno": despues, "registro": [n for n, *_ in registro]},
            **({"o_sin_ejecutar": True} if p.get("o_sin_ejecutar") else {})})
    visibles = {p["nombre"] for p in datos["pruebas"] if not p["oculta"]}
    for regla, (_, nombres, _) in reto.reglas.items():
        for nombre in nombres:
            if nombre not in visibles:
                raise ValueError("la regla %r de REGLAS nombra la prueba %r, que no es una prueba visible de "
                                 "pruebas(h)" % (regla, nombre))
    return por_json(datos)


def _sin_lo_del_momento(respuesta):
    """A reply of the reference as expected data: what it printed and its inicio are not part of it."""
    respuesta.pop("salida", None)
    respuesta.pop("inicio", None)


def nombres_de_pruebas(reto):
    ayuda = Ayuda(espacio(fuentes_publicas(reto)), 0)
    return [REPRODUCE] + [p["nombre"] for p in reto.pruebas(ayuda)]


# --- Grading ----------------------------------------------------------------------------------

def califica(reto, transporte, semilla=None):
    """Grades against what the reference does at this seed (a fresh one if None): calificar.py."""
    semilla = random.randrange(2 ** 32) if semilla is None else semilla
    return compara(esperado(reto, semilla), espacio(fuentes_publicas(reto)), transporte)


def compara(datos, publico, transporte, vistas=False):
    """Runs every test through the transport, judges it against `datos` (esperado's), returns the
    report; vistas as in the module's docstring."""
    inicio = time.perf_counter()
    pruebas = datos["pruebas"]
    nombres = [REPRODUCE] + [p["nombre"] for p in pruebas]
    problema, al_cargar = transporte.prepara()
    if problema:
        problema = redaccion.como_frase(redaccion.corto(str(problema), _TOPE_FALLO))
        resultados = [(n, problema, "", None) for n in nombres]
    else:
        gasto, de_cada = gasto_nuevo(), juegos(publico)  # gasto: the learner's tool time, in all
        for juego in de_cada.values():  # the scripted model checks each tool list's schemas once, and the
            publico["_revisa_herramientas"](juego["herramientas"])  # first imports jsonschema (~0.8 s in
            # Pyodide, 3.7-4.9 s under a load of 16): done here, before any clock, not in the learner's 2 s
        transporte.en_prueba(REPRODUCE)
        resultados = [(REPRODUCE, *_reproduce(datos, publico, de_cada, transporte, gasto), gasto["rechazo"])]
        for p in pruebas:
            transporte.en_prueba(p["nombre"])
            gasto["rechazo"] = None
            fallo, salida = _corre_prueba(datos, publico, de_cada[p["juego"]], p, transporte, gasto)
            resultados.append((p["nombre"], fallo, salida, None if p["oculta"] else gasto["rechazo"]))
    tests = [{"name": n, "score": 0 if fallo else 1, "max_score": 1,
              "status": "failed" if fallo else "passed", "output": redaccion.corto(fallo or "", _TOPE_FALLO)}
             for n, fallo, *_ in resultados]
    if vistas:  # the lesson's conversation is public, and a visible test's inputs are shown anyway
        for test, (_, fallo, _, rechazo) in zip(tests, resultados):
            turno = vista.de_turnos([rechazo])[0] if fallo and rechazo else None
            if turno and len(redaccion.texto_json(turno)) <= _TOPE_VISTA:
                test["conversacion"] = turno
    informe = {"score": sum(t["score"] for t in tests), "max_score": len(tests),
               "execution_time": round(time.perf_counter() - inicio, 3), "tests": tests}
    salida = redaccion.salida_por_partes([("Al cargarse", al_cargar)]
                                         + [("En «%s»" % n, s) for n, _, s, _ in resultados], TOPE_SALIDA)
    if problema or salida:
        informe["output"] = "\n\n".join(x for x in (problema, salida) if x)
    return informe


def gasto_nuevo():
    """What one submission's calls share: its tool time, whether it ran out of it, and the last
    turn a scripted model refused (py/guionizado.py's _conversacion), which compara shows."""
    return {"segundos": 0.0, "agotado": False, "rechazo": None}


def ejecuta(transporte, argumento, entorno, juego, gasto, firma="llamada", usuario=None, publico=None):
    """One call through the transport, with tools bound to a fresh trusted copy of the environment.

    Returns (respuesta, entorno después, [(herramienta, args, kwargs), ...] in order, incidencias):
    incidencias are the rules of the statement that this side saw broken in how the learner's
    code used what it was given (inicio, the model, the user), in Spanish; the first fails the test.
    `gasto` is the submission's {"segundos": tool time so far, "agotado": bool}. `firma` is the
    challenge's, a name of firmas.FIRMAS, whose `prepara` says what the call sends and what its
    code gets besides the tools (the scripted model of "bucle", built from `publico`; the user
    of "permiso", `usuario`: {"respuestas": [bool], "k": answers given}, shared by the calls of
    one conversation); each runs here through the same bounds as a tool.
    """
    firma = firmas.de(firma)
    entorno, registro, incidencias = copy.deepcopy(entorno), [], []
    llamada = firmas.Llamada(argumento, entorno, juego, usuario, registro, incidencias, publico,
                             functools.partial(_modelo, publico, gasto=gasto), _TOPE_ENTORNO * 3)
    argumento, mas, propias, revisa = firma.prepara(llamada)
    funciones = {n: _con_limites(n, f, entorno, registro, gasto, firma)
                 for n, f in {**juego["funciones"], **propias}.items()}
    r = transporte.llama([argumento, copy.deepcopy(entorno), firma.nombre, *mas], juego["herramientas"], funciones)
    if gasto["agotado"]:
        r = {"caida": redaccion.lento(firma, _TOPE_TIEMPO_HERRAMIENTAS)}
    if revisa:
        revisa(r)
    return r, entorno, registro, incidencias


def _con_limites(nombre, f, entorno, registro, gasto, firma):
    """The tool `f` as the learner's code calls it, on this side: on `entorno` when it passed the
    one it was given, counted in `registro`, timed in `gasto`, bounded in what it writes."""
    def herramienta(destino, *args, **kwargs):
        if destino is FALTA:  # what calling the real tool without its entorno raises
            raise TypeError("%s() missing 1 required positional argument: 'entorno'" % nombre)
        objetivo = entorno if destino is MISMO else destino
        if gasto["segundos"] > _TOPE_TIEMPO_HERRAMIENTAS:
            gasto["agotado"] = True
            raise RuntimeError(redaccion.lento(firma, _TOPE_TIEMPO_HERRAMIENTAS))
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


def _excede(entorno, valor=None):
    """Why a tool's environment or result is past the trusted side's bounds, or None."""
    if isinstance(valor, str) and len(valor) > _TOPE_RESULTADO:
        return FRASES["resultado_grande"] % _TOPE_RESULTADO
    if not isinstance(entorno, dict):
        return None
    total = 0
    for ruta, contenido in entorno.items():
        if isinstance(ruta, str) and len(ruta) > _TOPE_RUTA:
            return FRASES["ruta_larga"] % _TOPE_RUTA
        total += sum(len(x) if isinstance(x, (str, list, dict)) else 1 for x in (ruta, contenido))
    if total > _TOPE_ENTORNO:
        return FRASES["entorno_grande"] % _TOPE_ENTORNO
    return None


def _corre_prueba(datos, publico, juego, p, transporte, gasto):
    firma = datos["firma"]
    r, entorno, registro, incidencias = ejecuta(transporte, p["argumento"], p["entorno"], juego, gasto,
                                                 firma, publico=publico)
    e = p["esperado"]
    # The cause before the symptom: how it used inicio, the model and the user, then what it
    # returned; but a call that crashed says so first, as the learner's own traceback would.
    esperaba = a_esperar(p, firma)
    valor = _juzga(datos["funcion"], publico, e["respuesta"], r, firma, esperaba)
    preguntas = _compara_registro(e["registro"], registro, preguntas=True)
    incidencia = redaccion.como_frase(incidencias[0]) if incidencias and "caida" not in r else None
    fallo = incidencia or (valor or preguntas if "excepcion" in r else preguntas or valor) \
        or _compara_lo_ejecutado(p, registro, entorno)
    if fallo and p["oculta"] and p.get("nombre") is not None:  # a hidden test's data are never shown:
        # not its inputs, nor what was expected or came, which hold them (REPRODUCE's are public)
        que = "incidencia" if fallo is incidencia else "valor" if fallo is valor else \
            "preguntas" if fallo is preguntas else \
            "registro" if _compara_registro(e["registro"], registro) else "entorno"
        fallo = redaccion.sin_datos(datos["funcion"], que, r, e["respuesta"], esperaba, fallo)
    elif fallo and not p["oculta"]:
        fallo = FRASES["enviado"] % (firmas.de(firma).muestra(p["argumento"]), fallo)
    return fallo, r.get("salida", "")


def _compara_lo_ejecutado(p, registro, entorno):
    """The first difference in the tools run and the environment they left; a test with
    o_sin_ejecutar also takes nothing run and its environment as it was (checking every call
    before running any, which its statement allows)."""
    e = p["esperado"]
    fallo = _compara_registro(e["registro"], registro) or _compara_entorno(e["entorno"], entorno)
    if fallo and p.get("o_sin_ejecutar") and not registro and not _compara_entorno(p["entorno"], entorno):
        return None
    return fallo


def a_esperar(p, firma):
    """What a test expected, as the line under an exception reads it (explicaciones.explica's
    esperaba): the exception it expected, or a loop's cap."""
    debia = p["esperado"]["respuesta"]
    if "excepcion" in debia:
        return {"excepcion": debia["excepcion"]["tipo"]}
    tope = p["argumento"].get("tope") if firma == "bucle" else None
    return {"tope": tope} if type(tope) is int else {}


def _juzga(funcion, publico, debia, r, firma, esperaba=None):
    """Whether the reply r is the expected one, and if not, why; esperaba: a_esperar's."""
    if "caida" in r:
        return redaccion.como_frase(r["caida"])
    firma = firmas.de(firma)
    if "excepcion" in debia:
        if "excepcion" in r and debia["excepcion"]["tipo"] in r["excepcion"]["mro"]:
            return None
        return redaccion.con_explicacion(FRASES["debia_lanzar"] % (funcion, debia["excepcion"]["tipo"],
                                                                   redaccion.que_hizo(r, firma)), r, esperaba)
    return firma.juzga(funcion, publico, debia, r, esperaba)


def _compara_registro(debia, obtenido, preguntas=False):
    """The first difference in what was called: with preguntas, only whether the user was asked
    (confirmar), the cause of what follows; without, the tools and the model."""
    nombres = [n for n, *_ in obtenido]
    for nombre in dict.fromkeys(debia + nombres):
        if debia.count(nombre) != nombres.count(nombre) and (nombre == "confirmar") == preguntas:
            return redaccion.registro_distinto(nombre, debia.count(nombre), [c for c in obtenido if c[0] == nombre])
    return None


def _compara_entorno(debia, obtenido):
    for ruta in sorted(set(debia) | set(obtenido), key=repr):  # a learner's path may be 5
        if debia.get(ruta) != obtenido.get(ruta):
            return redaccion.entorno_distinto(ruta, debia, obtenido)
    return None


# --- Replaying the lesson's conversation -------------------------------------------------------

def _reproduce(datos, publico, de_cada, transporte, gasto):
    conversacion, salidas = datos["conversacion"], []
    if not firmas.de(datos["firma"]).arnes:
        prueba = {"argumento": {"guion": conversacion["guion"], "tope": _TOPE_TURNOS},
                  "entorno": publico["ENTORNO"], "esperado": conversacion["esperado"], "oculta": True}
        return _corre_prueba(datos, publico, de_cada["herramientas"], prueba, transporte, gasto)
    fin, fallo, entorno = _arnes(datos, publico, transporte, conversacion["guion"],
                                 de_cada["herramientas"], salidas, gasto)
    if fin == "fin":
        fallo = _compara_entorno(conversacion["entorno"], entorno)
    return fallo, "".join(salidas)


def _modelo(publico, guion, gasto):
    """The scripted model of a test's conversation; the turn it refuses goes to gasto["rechazo"].
    It keeps no other turns: nothing here shows them, and a submission could make them large."""
    modelo = publico["ModeloGuionizado"](publico["guion_de"](*guion[:3]))
    modelo._turnos = None

    def llama(M, herramientas=None):
        try:
            return modelo(M, herramientas)
        except ValueError as e:
            gasto["rechazo"] = getattr(e, "_conversacion", None)
            raise
    return llama


def _arnes(datos, publico, transporte, guion, juego, salidas, gasto):
    """The course's harness, with the learner's function giving the observations, checked each turn
    (every firma with `arnes`; in "bucle", the learner's function is the harness).

    Returns ("fin", None, entorno), or (motivo, mensaje de fallo, entorno).
    """
    inicio, respuestas, visto = guion[:3]
    firma = firmas.de(datos["firma"])  # "permiso": the user's answers to confirmar come after the script
    usuario = {"respuestas": guion[3] if len(guion) > 3 else [], "k": 0}
    modelo = _modelo(publico, guion, gasto)
    entorno, M = copy.deepcopy(publico["ENTORNO"]), list(inicio)
    for turno in range(1, _TOPE_TURNOS + 1):
        try:
            r = modelo(M, juego["herramientas"])
        except ValueError as e:
            return "guion", FRASES["guion"] % e, entorno
        llamadas = [bloque for bloque in r if bloque["type"] == "tool_use"]
        if llamadas == []:  # phrased apart from el-bucle's SOLUCION, whose lines never reach the page
            return "fin", None, entorno
        pedidos = [r] if firma.respuesta_entera else llamadas
        obs = []
        for argumento in pedidos:
            respuesta, entorno, _, incidencias = ejecuta(transporte, argumento, entorno, juego, gasto,
                                                          firma.nombre, usuario)
            salidas.append(respuesta.get("salida", ""))
            fallo = (incidencias[0] if incidencias and "caida" not in respuesta else None) \
                or _juzga_turno(datos, publico, respuesta)
            if fallo:
                return "fallo", FRASES["turno"] % (turno, fallo), entorno
            obs += respuesta["valor"] if firma.respuesta_entera else [respuesta["valor"]]
        M = M + [("asistente", r), ("usuario", obs)]
        fallo = _revisa_turno(publico, llamadas, obs, M)
        if fallo:
            return "fallo", FRASES["turno"] % (turno, fallo), entorno
    return "tope", FRASES["no_termina"] % _TOPE_TURNOS, entorno


def _juzga_turno(datos, publico, respuesta):
    funcion, firma = datos["funcion"], firmas.de(datos["firma"])
    if "caida" in respuesta:
        return redaccion.punto(respuesta["caida"])
    if "valor" not in respuesta:
        return redaccion.con_explicacion("%s %s" % (funcion, redaccion.que_hizo(respuesta, firma)), respuesta)
    problema = firmas.revisa_forma(publico, respuesta["valor"], firma.respuesta_entera)
    if problema:
        return FRASES["sin_forma_turno"] % (funcion, problema)
    return None


def _revisa_turno(publico, llamadas, obs, M):
    """Each tool_use id got exactly one tool_result, in order and before anything else."""
    ids = [b["id"] for b in llamadas]
    respuestas = [b["tool_use_id"] for b in obs]
    if respuestas != ids:
        return FRASES["orden"] % (", ".join(ids), ", ".join(respuestas) or "nada")
    fallos = publico["fallos_de_protocolo"](M)
    return FRASES["protocolo"] % fallos[0] if fallos else None
