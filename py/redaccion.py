"""How the grader says things to the learner, in Spanish: its sentences and its one notation.

The grading core (calificador.py) decides; this file words what it decided. Every value is
shown in one notation for both sides, what was expected and what came: JSON for data,
`tool_result t1 · content "…" · is_error False` for blocks, each block of a list on its own
line. Nothing here judges, and nothing here imports the rest of the grader (explicaciones.py, the
line under an exception, is not the grader's logic either: it is imported when one is worded).
"""
import json

# Sentences with no logic of their own, by what they report. %-style, as the core fills them.
FRASES = {
    "no_definida": "No has definido la función %s",
    "sintaxis": "Tu entrega tiene un error de sintaxis en la línea %s: %s",
    "no_compila": "Python no puede compilar tu entrega (%s: %s): ¿una expresión anidada demasiado hondo?",
    "al_cargar": "Al cargar tu entrega%s salta %s%s",
    "no_se_lee": "no se ha podido leer la entrega: %s",
    "invalido": "el proceso de tu entrega ha enviado un mensaje inválido",
    "enviado": "Se envió %s\n%s",
    "sin_forma": "Lo que devuelve %s no tiene la forma de un tool_result: %s.",
    "sin_forma_turno": "lo que devuelve %s no tiene la forma de un tool_result: %s.",
    "turno": "Turno %d: %s",
    "no_termina": "La conversación no ha terminado en %d turnos.",
    "guion": "El modelo guionizado no acepta la conversación: %s",
    "protocolo": "la conversación incumple el protocolo: %s",
    "orden": ("las llamadas eran %s y los tool_result responden a %s: debe haber uno por llamada, en el "
              "mismo orden (convención del curso: la API solo pide que cada tool_result lleve el id de su "
              "llamada)."),
    "no_lista": "debe devolver una lista de bloques, y devuelve %s",
    "demasiados": "devuelve %d bloques, y ninguna prueba pide más de %d",
    "no_diccionario": "un tool_result es un diccionario, y llega %s",
    "campos_de_mas": "un tool_result tiene %d campos (%s), y llega uno con %d",
    "en_bloque": "bloque %d: %s",
    "no_es_par": "%s debe devolver un par (texto, M), y devolvió %s",
    "mensaje_distinto": "El mensaje %d de M no es el esperado. Se esperaba:\n%s\ny llegó:\n%s",
    "texto_distinto": "El texto que devuelve %s debía ser %s, y es %s.",
    "se_esperaba": "%sSe esperaba:\n%s\ny llegó:\n%s",
    "bloque_distinto": "El bloque %d no es el esperado. ",
    "debia_lanzar": "Se esperaba que %s lanzara %s, y %s",
    "debia_devolver": "Se esperaba que %s devolviera:\n%s\ny %s",
    "debia_devolver_par": "Se esperaba que %s devolviera %s y la conversación, y %s",
    "ejecuto_de_mas": "Tu código ejecutó %s, y esa llamada no debía ejecutarse.",
    "no_ejecuto": "Tu código no ejecutó %s, y debía ejecutarse %s.",
    "ejecuto_veces": "Tu código ejecutó %s %s (%s); debía ejecutarse %s.",
    "modelo_veces": "Tu código %s; debía llamarlo %s.",
    "no_debia_preguntar": "Tu código %s; no debía preguntar.",
    "preguntar_veces": "Tu código %s; debía preguntar %s.",
    "pregunto_otra_cosa": ("tu código preguntó al usuario (confirmar) por %s, y solo se le pregunta por la "
                           "llamada que se va a ejecutar, ll."),
    "otras_herramientas": ("en la llamada %d al modelo, tu código le pasó %s, y el modelo recibe siempre "
                           "HERRAMIENTAS."),
    "inicio_cambiado": "tu función ha cambiado la lista inicio que recibió",
    "lento": "tus llamadas %s han tardado más de %g s en total",
    "resultado_grande": "el resultado de la herramienta ocupa más de %d caracteres",
    "ruta_larga": "las rutas del entorno de la prueba no pueden pasar de %d caracteres",
    "entorno_grande": "el entorno de la prueba no admite más de %d caracteres",
    "conversacion_grande": "la conversación que recibe el modelo no puede pasar de %d caracteres",
    "confirmar_otra": "confirmar debe recibir la llamada que se va a ejecutar, ll, y ha recibido %s",
    "no_json_a": "los argumentos de %s deben ser valores JSON",
    "demasiadas_llamadas": "tu función ha hecho más de %d llamadas de una vez (%s)",
    "caro": ("Tu entrega ha hecho trabajar al calificador más de %g s (revisar lo que devuelve, o lo que pasa a "
             "las herramientas y al modelo), y se ha detenido."),
    "terminado": ("el proceso de tu entrega ha terminado de golpe (¿os._exit, una recursión infinita o demasiada "
                  "memoria?)"),
    "enviado_grande": ("lo que ha enviado tu código (lo que devuelve tu función, o lo que pasa a una herramienta o "
                       "al modelo) ocupa más de %d MB en JSON, el máximo de un mensaje"),
    "enviado_hondo": ("lo que ha enviado tu código (lo que devuelve tu función, o lo que pasa a una herramienta o "
                      "al modelo) tiene más de %d niveles de listas y diccionarios unos dentro de otros, el máximo "
                      "de un mensaje"),
    "total": "se ha agotado el tiempo total de la entrega (%g s)",
    "no_acaba": "%s no ha terminado en %g s: ¿un bucle infinito?",
    "oculta_lanzo": "Tu función %s lanzó %s%s.",
    "oculta_debia_lanzar": "Se esperaba que %s lanzara %s, y %s.",
    "oculta_valor": "Lo que devuelve %s no es lo que se esperaba.",
    "oculta_preguntas": "Tu código no pregunta al usuario (confirmar) las veces que se esperaba.",
    "oculta_registro": "Tu código no ejecuta las herramientas que se esperaban.",
    "oculta_entorno": "Al terminar, los ficheros del entorno no son los que se esperaban.",
    "oculta_incidencia": "Tu código no usa lo que recibe (inicio, el modelo o confirmar) como dice el enunciado.",
    "recortada": "\n[salida recortada: tu código ha escrito mucho más]",
    "escrito": "Lo que ha escrito tu código:\n",
}


def corto(texto, n=80):
    """At most n characters; a cut falls on a space when one is near, and says so with …."""
    if len(texto) <= n:
        return texto
    corte = texto.rfind(" ", 0, n - 1)
    return texto[:corte if corte > n * 0.7 else n - 1] + "…"


def texto_json(valor, python=False):
    """A value as a learner reads it: JSON, or Python's True/False with python, or its repr."""
    if python and isinstance(valor, bool):
        return repr(valor)
    try:
        return json.dumps(valor, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return repr(valor)


def punto(texto):
    """Ends a sentence with a period, unless it ends with a shown value (its own line)."""
    return texto if texto.rsplit("\n", 1)[-1].startswith("  ") or texto.endswith((".", "?", "!", "…")) else texto + "."


def como_frase(texto):
    """A sentence: capital first, period last."""
    texto = texto[:1].upper() + texto[1:]
    return texto if texto.endswith((".", "?", "!", "…")) else texto + "."


def cuantos(n, cosa):
    return "%d %s%s" % (n, cosa, "" if n == 1 else "s")


def veces(n):
    return "una vez" if n == 1 else "%d veces" % n


def bloques(n):
    return "1 bloque" if n == 1 else "%d bloques" % n


def demasiadas_llamadas(tope, usos):
    """The cap of calls out of one call of the learner's function, said of what was called: usos is
    {name of a tool, "modelo" or "confirmar": how many times}."""
    def que(nombre):
        return {"modelo": "al modelo", "confirmar": "a confirmar"}.get(nombre, "a %s" % nombre)
    partes = ["%d %s" % (n, que(nombre)) for nombre, n in sorted(usos.items(), key=lambda x: -x[1])]
    return FRASES["demasiadas_llamadas"] % (tope, ", ".join(partes[:4]) + (", …" if len(partes) > 4 else ""))


def sin_tiempo(quien, tiempo_llamada, tiempo_entrega, en_total):
    """Why a call was cut short: the submission's whole time is spent, or this call's."""
    return FRASES["total"] % tiempo_entrega if en_total else FRASES["no_acaba"] % (quien, tiempo_llamada)


def lento(firma, segundos):
    """The trusted side's time for what the learner's code called is spent: say what it called
    (`firma` is a firmas.Firma)."""
    return FRASES["lento"] % (firma.llama_a, segundos)


def py(valor):
    """A value as Python writes it, None included."""
    return "None" if valor is None else corto(texto_json(valor, python=True), 200)


def muestra_en_linea(valor):
    return corto(texto_json(valor), 120)


def muestra_valor(valor):
    """A value as the learner would write it: each block of a list on its own line."""
    if isinstance(valor, list) and valor:
        return "\n".join("  %s" % muestra_bloque(b) for b in valor)
    return "  %s" % muestra_bloque(valor)


def muestra_bloque(b):
    """tool_result t1 · content "…" · is_error False — strings always quoted, \\n as \\n."""
    if not isinstance(b, dict) or b.get("type") not in ("text", "tool_use", "tool_result"):
        return muestra_en_linea(b)
    if b["type"] == "text":
        return "text %s" % corto(texto_json(b.get("text")), 120)
    if b["type"] == "tool_use":
        entrada = b.get("input")
        nota = "" if isinstance(entrada, dict) else " (no es un diccionario)"
        return "tool_use %s %s, input %s%s" % (b.get("id"), b.get("name"), corto(texto_json(entrada), 120), nota)
    partes = ["tool_result %s" % b.get("tool_use_id")]
    if "content" in b:
        partes.append("content %s" % corto(texto_json(b["content"]), 160))
    if "is_error" in b:
        partes.append("is_error %s" % texto_json(b["is_error"], python=True))
    otros = [k for k in b if k not in ("type", "tool_use_id", "content", "is_error")]
    partes += ["%s %s" % (k, corto(texto_json(b[k]), 40)) for k in otros[:5]]
    return " · ".join(partes + (["…"] if len(otros) > 5 else []))


def muestra_mensaje(m):
    if not (isinstance(m, list) and len(m) == 2):
        return "  %s" % muestra_en_linea(m)
    rol, contenido = m
    if isinstance(contenido, list):
        return "  (%s, [\n%s])" % (texto_json(rol), "\n".join("    %s" % muestra_bloque(b) for b in contenido))
    return "  (%s, %s)" % (texto_json(rol), corto(texto_json(contenido), 120))


def muestra_llamada(nombre, args, kwargs):
    def breve(v):
        return corto(texto_json(v[:100] if isinstance(v, str) else v), 60)
    partes = [breve(a) for a in args] + ["%s=%s" % (k, breve(v)) for k, v in kwargs.items()]
    return "%s(%s)" % (nombre, ", ".join(partes))


def muestra_argumento(argumento):
    """What a test sends, in a few lines: its inputs, never the grader's data (a firma may say it
    its own way, firmas.Firma.muestra)."""
    if isinstance(argumento, list):
        return "la respuesta:\n%s" % muestra_valor(argumento)
    return "la llamada:\n  %s" % muestra_bloque(argumento)


def que_hizo(r, firma=None):
    """What the learner's function did, from a Transporte reply that is not a "caida"; `firma`, a
    firmas.Firma, says what it should have returned."""
    if "excepcion" in r:
        e = r["excepcion"]
        donde = " en la línea %d de tu código" % e["linea"] if e.get("linea") else ""
        return "lanzó %s%s: %s" % (e["tipo"], donde, e["mensaje"]) if e["mensaje"] else \
            "lanzó %s%s" % (e["tipo"], donde)
    if "no_json" in r:  # valores.que_es's words, or json's own for what it cannot name
        no = firma and firma.devuelve
        ciclo = r["no_json"].endswith("que se contiene a sí misma")  # of the right shape, but endless
        return "devolvió %s, %s" % (r["no_json"], "no " + no if no and not ciclo else "que no es un valor JSON")
    valor = r["valor"]
    return firma and firma.que_devolvio(valor) or "devolvió:\n%s" % muestra_valor(valor)


def con_explicacion(frase, r, esperaba=None):
    """A sentence ending with what the learner's function did (que_hizo), and, if it raised, the
    line that says what that exception usually means (explicaciones.py), when there is one;
    esperaba: what the failed test expected (calificador.a_esperar), which the line may be about."""
    texto = punto(frase)
    e = r.get("excepcion")
    if e:
        import explicaciones  # only when an exception is worded: the page's boot does not load it
        linea = explicaciones.en_texto(explicaciones.explica(e["tipo"], e["mensaje"], e["mro"], esperaba=esperaba,
                                                             datos=e.get("datos")))
        if linea:
            texto += "\n" + linea
    return texto


def sin_datos(funcion, que, r, debia, esperaba, fallo):
    """A hidden test's failure without its data: what kind of thing went wrong (que: "valor",
    "preguntas", "registro", "entorno" or "incidencia"), never a value, which may hold the hidden
    inputs; an exception by its class and the learner's line, and the line under it unless that
    line quotes the data (a missing key, a value against a schema). fallo: the whole failure."""
    if "caida" in r:
        return como_frase(r["caida"])  # a cut or crashed call: its sentences hold no values
    if que == "incidencia":
        return fallo if not any(c in fallo for c in '{["') else FRASES["oculta_incidencia"]
    if que != "valor":
        return FRASES["oculta_" + que]
    e = r.get("excepcion")
    if e:
        donde = " en la línea %d de tu código" % e["linea"] if e.get("linea") else ""
        hizo = "lanzó %s%s" % (e["tipo"], donde)
        texto = FRASES["oculta_debia_lanzar"] % (funcion, debia["excepcion"]["tipo"], hizo) \
            if "excepcion" in debia else FRASES["oculta_lanzo"] % (funcion, e["tipo"], donde)
        import explicaciones  # only when an exception is worded: the page's boot does not load it
        caso = explicaciones.caso_de(e["tipo"], e["mensaje"], e["mro"], esperaba=esperaba)
        if caso and not caso[0].startswith(("clave", "esquema", "fuera_de_guion", "protocolo")):  # data,
            # or "the message above", which is not shown here
            texto += "\n" + explicaciones.en_texto(explicaciones.linea_de(caso))
        return texto
    if "excepcion" in debia:
        return FRASES["oculta_debia_lanzar"] % (funcion, debia["excepcion"]["tipo"], "no lanzó nada")
    return FRASES["oculta_valor"] % funcion


def es_par(valor):
    """(texto, M) as it crosses in JSON: a list of two whose second is a list."""
    return isinstance(valor, list) and len(valor) == 2 and isinstance(valor[1], list)


def cuantos_bloques(esperado, obtenido):
    """The start of a difference between two lists of blocks of different lengths."""
    return "Se esperaba%s %s y %s %s. " % ("" if len(esperado) == 1 else "n", bloques(len(esperado)),
                                           "llegó" if len(obtenido) == 1 else "llegaron", bloques(len(obtenido)))


def longitud_distinta(M, M_r):
    """M has another number of messages than expected: which one is missing or extra."""
    sobra = "sobra el mensaje %d:\n%s" % (len(M) + 1, muestra_mensaje(M_r[len(M)])) if len(M_r) > len(M) \
        else "falta el mensaje %d:\n%s" % (len(M_r) + 1, muestra_mensaje(M[len(M_r)]))
    return "M debía tener %d mensajes y tiene %d: %s" % (len(M), len(M_r), sobra)


def registro_distinto(nombre, n, suyas):
    """The learner's code called nombre len(suyas) times, n were expected: [(nombre, args, kwargs)]."""
    m = len(suyas)
    if nombre == "modelo":  # not a tool: the scripted model
        return FRASES["modelo_veces"] % ("no llamó al modelo" if m == 0 else "llamó al modelo " + veces(m), veces(n))
    if nombre == "confirmar":  # not a tool: the user's answer
        hizo = "no preguntó al usuario" if m == 0 else "preguntó al usuario (confirmar) " + veces(m)
        return FRASES["no_debia_preguntar"] % hizo if n == 0 else FRASES["preguntar_veces"] % (hizo, veces(n))
    llamadas = "; ".join(muestra_llamada(*c) for c in suyas[:3]) + ("; …" if m > 3 else "")
    if n == 0:
        return FRASES["ejecuto_de_mas"] % llamadas
    if m == 0:
        return FRASES["no_ejecuto"] % (nombre, veces(n))
    return FRASES["ejecuto_veces"] % (nombre, veces(m), llamadas, veces(n))


def entorno_distinto(ruta, esperado, obtenido):
    """One path of the environment is not as expected at the end of the call."""
    return "Al terminar, %s debería %s, y %s." % (
        texto_json(ruta), "ser %s" % texto_json(esperado[ruta]) if ruta in esperado else "no existir",
        "es %s" % texto_json(obtenido[ruta]) if ruta in obtenido else "no existe")


def otras_herramientas(dadas, declaradas):
    """What the learner's code gave the model instead of HERRAMIENTAS, in a few words."""
    if not isinstance(dadas, list) or not all(isinstance(h, dict) for h in dadas):
        return "%s como herramientas" % muestra_en_linea(dadas)
    nombres, propios = [h.get("name") for h in dadas], [h["name"] for h in declaradas]
    if nombres != propios:
        faltan = [n for n in propios if n not in nombres]
        return "las herramientas %s%s" % (", ".join(map(str, nombres)) or "(ninguna)",
                                          " (faltan %s)" % ", ".join(faltan) if faltan else
                                          " (HERRAMIENTAS tiene %s)" % ", ".join(propios))
    cambiada = next((h["name"] for h, d in zip(dadas, declaradas) if h != d), nombres[0])
    return "una lista en la que %s no es la declarada en HERRAMIENTAS" % cambiada


def inicio_cambiado(antes, despues):
    """The learner's function changed the inicio it received: say how."""
    que = FRASES["inicio_cambiado"]
    if not isinstance(despues, list):
        return "%s: ya no es una lista de mensajes." % que
    if len(despues) != len(antes):
        return "%s: tenía %s y, después de la llamada, tiene %d. M empieza siendo una copia de inicio, " \
               "y inicio no cambia." % (que, cuantos(len(antes), "mensaje"), len(despues))
    k = next((i for i, (a, b) in enumerate(zip(antes, despues), 1) if a != b), 1)
    return "%s: su mensaje %d era\n%s\ny, después de la llamada, es\n%s" % (
        que, k, muestra_mensaje(antes[k - 1]), muestra_mensaje(despues[k - 1]))


def salida_por_partes(partes, tope):
    """What the learner's code printed, each part under a heading of when, capped in all."""
    trozos = ["— %s —\n%s" % (cuando, texto.rstrip("\n")) for cuando, texto in partes if texto]
    salida = "\n".join(trozos)
    if len(salida) > tope:
        salida = salida[:tope] + FRASES["recortada"]
    return FRASES["escrito"] + salida if salida else ""
