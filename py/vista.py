"""What the conversation view draws: the one data shape for a lesson's transcript (built with the
page), a cell's conversation and a refused one.

    datos = de(M)    # M: [(rol, contenido)], contenido a text or a list of blocks
    turnos = de_turnos(ModeloGuionizado's _turnos)   # a run, turn by turn (below)

{"mensajes": [{"n", "rol", "autor": who really wrote it when the role does not say ("el arnés"
for a message of tool results, which goes as the user's), "bloques": [
    {"tipo": "text", "texto"},
    {"tipo": "tool_use", "id", "nombre", "entrada": its input as JSON text, "par", "problema"},
    {"tipo": "tool_result", "id", "contenido": as text, "error": is_error, "par", "problema"},
    {"tipo": any other type, "texto": the block as JSON text}]}]}

par is the letter a call and its result share (A, B, …, in the order of the calls), None for a
result that answers no call and for a call that repeats an id of its own message; problema, None
or the rule the block breaks, in Spanish: a call without its result, a result without its call,
a repeated call id, a second result for one call. arbol() draws it, once for both sides, as a tree
that construir/arbol.py writes as HTML at build time and site/src/conversacion.js builds in the
page (from the worker, which sends arboles(): see below).

A turn, what arbol_turno() draws (site/src/turnos.js adds the buttons between turns): {"datos":
the view of what the model received followed by its answer, "turno": its number in the model's
run, "recibidos": how many messages it received (both None for a conversation alone), "error":
the refusal's text or None, "marca": {"mensaje", "bloque"} the refusal names (either may be
None), "esperado": the view of the message the script expected there, or None, "motivo": the
reply's stop_reason and "uso": its usage ({"input_tokens", "output_tokens"}, the course's
estimate, or the API's counts with "api": True for ModeloReal), or None, "http": for a turn
where the script made the API fail, {"status", "cuerpo": the API's error JSON,
"reintentar_tras"} (its "error" is then ErrorDeLaAPI's text, and no refusal: it marks nothing),
or None}.
"""
import json


def de(M):
    """The view of the conversation M (see the module's docstring). Total: a message or a block
    of any shape is drawn as what it is, never raised on; this draws what the learner sent."""
    M = [_par(m) for m in (M if isinstance(M, (list, tuple)) else [])]
    mensajes, letras, primera = [], {}, {}
    for n, (rol, contenido) in enumerate(M, 1):
        bloques = [{"type": "text", "text": contenido}] if isinstance(contenido, str) else list(contenido)
        resultados = bool(bloques) and all(_tipo(b) == "tool_result" for b in bloques)
        # Consecutive assistant messages are one turn (the Messages API combines them): a user
        # message answers the calls of the whole run before it, and a call is answered in the
        # message after its run.
        llamadas, k = {}, n - 1
        while k >= 1 and M[k - 1][0] == "asistente":
            for id_ in _ids(M[k - 1][1], "tool_use", "id"):
                llamadas.setdefault(id_, k)
            k -= 1
        siguiente = n
        while rol == "asistente" and siguiente < len(M) and M[siguiente][0] == "asistente":
            siguiente += 1
        respuestas = _ids(M[siguiente][1], "tool_result", "tool_use_id") \
            if siguiente < len(M) and M[siguiente][0] == "usuario" else []
        vistos = [_bloque(b, n, letras, primera, llamadas, respuestas, siguiente == len(M)) for b in bloques]
        _repetidos(vistos)
        mensajes.append({"n": n, "rol": rol, "autor": "el arnés" if rol == "usuario" and resultados else None,
                         "bloques": vistos})
    return {"mensajes": mensajes}


def _par(m):
    """A message as (rol, contenido): a pair, the Messages API's {role, content}, or anything else
    as one block of role "?" (drawn as its JSON text)."""
    if isinstance(m, dict) and "role" in m and "content" in m:
        m = ({"user": "usuario", "assistant": "asistente", "system": "sistema"}.get(m["role"], m["role"]),
             m["content"])
    if isinstance(m, (list, tuple)) and len(m) == 2 and isinstance(m[1], (str, list, tuple)):
        return _cadena(m[0]), m[1] if isinstance(m[1], str) else list(m[1])
    return "?", [m]


def de_turnos(turnos):
    """The view of a ModeloGuionizado's recorded turns (py/guionizado.py), one per call."""
    vistos = []
    for t in turnos:
        recibidos = list(t["recibidos"])
        turno = {"turno": t.get("turno"), "recibidos": len(recibidos), "error": t.get("error"), "marca": None,
                 "esperado": None, "motivo": t.get("stop_reason"), "uso": t.get("usage"), "http": t.get("http")}
        if "respuesta" in t:
            turno["datos"] = de(recibidos + [("asistente", t["respuesta"])])
        else:
            turno["datos"], n = de(recibidos), t["mensaje"]
            turno["marca"] = {"mensaje": n, "bloque": t["bloque"]} if n else None
            if t["esperado"] is not None:
                turno["esperado"] = de(recibidos[:n - 1] + [t["esperado"]])["mensajes"][-1]
        vistos.append(turno)
    return vistos


def de_conversacion(M):
    """A conversation alone, as one turn."""
    return [{"datos": de(M), "turno": None, "recibidos": None, "error": None, "marca": None, "esperado": None,
             "motivo": None, "uso": None, "http": None}]


def _repetidos(vistos):
    """Marks a second result for one call in a message (its pair stays: it does answer that call)."""
    respondidas = set()
    for b in vistos:
        if b["tipo"] == "tool_result" and b["par"]:
            if b["id"] in respondidas and not b["problema"]:
                b["problema"] = ("resultado repetido: esta llamada ya tiene su tool_result en este mensaje, y "
                                 "cada tool_use necesita exactamente uno")
            respondidas.add(b["id"])


def _tipo(b):
    return b.get("type") if isinstance(b, dict) else None


def _ids(contenido, tipo, campo):
    return [_cadena(b.get(campo)) for b in contenido if _tipo(b) == tipo] if isinstance(contenido, list) else []


def _cadena(x):
    """x as text: itself if a string, else its repr (str() of a learner's object may raise)."""
    if isinstance(x, str):
        return str.__str__(x)
    try:
        return repr(x)
    except Exception:
        return "<%s>" % type(x).__name__


def _json(x):
    """x as JSON text, whatever x holds (a cycle, an object whose repr raises)."""
    try:
        return json.dumps(x, ensure_ascii=False, default=_cadena)
    except (ValueError, TypeError, RecursionError):
        return _cadena(x)


def _bloque(b, n, letras, primera, llamadas, respuestas, ultimo):
    """One block's view. letras, {(message, id): letter}, and primera, {id: message of its first
    call}, grow: a call that repeats an id from an earlier message gets its own letter (the
    result in the next message answers it), one that repeats it in its own message gets none."""
    tipo = _tipo(b)
    if tipo == "text":
        return {"tipo": "text", "texto": _cadena(b.get("text", ""))}
    if tipo == "tool_use":
        id_, par, problema = _cadena(b.get("id")), None, None
        if id_ in primera:
            problema = ("id repetido: ya lo tiene la llamada del mensaje %d, y cada tool_use necesita "
                        "un id propio" % primera[id_])
        else:
            primera[id_] = n
        if (n, id_) not in letras:
            par = letras[(n, id_)] = _letra(len(letras))
            if not problema and not ultimo and id_ not in respuestas:  # the last message's calls wait
                problema = ("sin resultado: cada tool_use necesita su tool_result en el mensaje "
                            "siguiente, del usuario")
        return {"tipo": "tool_use", "id": id_, "nombre": _cadena(b.get("name")), "entrada": _json(b.get("input")),
                "par": par, "problema": problema}
    if tipo == "tool_result":
        id_, contenido = _cadena(b.get("tool_use_id")), b.get("content", "")
        if isinstance(contenido, (list, tuple)):  # nested blocks: their texts, and the others by type
            contenido = "\n".join(_cadena(p.get("text", "")) if _tipo(p) == "text" else "[%s]" % _cadena(_tipo(p))
                                  for p in contenido)
        elif not isinstance(contenido, str):
            contenido = _json(contenido)
        responde = id_ in llamadas
        return {"tipo": "tool_result", "id": id_, "contenido": contenido, "error": b.get("is_error") is True,
                "par": letras.get((llamadas[id_], id_)) if responde else None,
                "problema": None if responde else ("sin llamada: cada tool_result responde a una llamada del "
                                                   "mensaje anterior, del asistente")}
    return {"tipo": _cadena(tipo), "texto": _json(b)}


def _letra(k):
    """A, B, …, Z, AA, AB, …: the mark of the k-th call (from 0)."""
    letra, k = "", k + 1
    while k:
        k, resto = divmod(k - 1, 26)
        letra = chr(65 + resto) + letra
    return letra


# The view drawn: a tree of plain data, which construir/arbol.py writes as HTML at build time and
# site/src/conversacion.js builds as elements in the page (both refuse a tag or attribute not in
# site/arbol.json). A node is [tag, {attribute: value}, child, ...]; a child is a node, a text, or
# {"t": a key of site/textos.es.json, "v": {its values}}, as an attribute's value may be too.
PLEGAR = 400  # characters of a tool_result past which its content is folded, with its length
LARGA = 50  # messages past which a conversation is "larga": site/conversacion.css says why
ROLES = ("sistema", "usuario", "asistente")  # class names; any other role draws as rol-otro


def arbol(datos, notas=None, marca=None):
    """The tree of a view (de()'s datos); notas, {k: [narration before message k]}, len for after
    the last; marca, {"mensaje", "bloque"} (a turn's) marks that block, or that message."""
    notas, mensajes = notas or {}, datos["mensajes"]
    raiz, lista = ["div", {"class": "conversacion larga" if len(mensajes) > LARGA else "conversacion"}], None
    for k, m in enumerate(mensajes):
        if k in notas:
            raiz += [["p", {"class": "narracion"}, n] for n in notas[k]]
            lista = None
        if lista is None:
            lista = ["ol", {"class": "mensajes", "start": m["n"]}]
            raiz.append(lista)
        lista.append(_arbol_mensaje(m, marca if marca and marca["mensaje"] == k + 1 else None))
    raiz += [["p", {"class": "narracion"}, n] for n in notas.get(len(mensajes), [])]
    return raiz


def _t(clave, **valores):
    return {"t": clave, "v": valores}


def _miles(n):
    return f"{n:,}".replace(",", ".")  # 2.500, as Spanish writes it


def _arbol_mensaje(m, marca):
    quien = ["p", {"class": "quien"}, ["span", {"class": "numero"}, str(m["n"])], " ",
             ["span", {"class": "rol"}, m["rol"]]]
    if m["autor"]:
        quien += [" ", ["span", {"class": "autor"}, _t("conversacion_autor", autor=m["autor"])]]
    bloques = ["ul", {"class": "bloques"}]
    for k, b in enumerate(m["bloques"], 1):
        bloques.append(_arbol_bloque(b))
        if marca and marca["bloque"] == k:
            _senala(bloques[-1], _t("turno_aqui_bloque", mensaje=m["n"], bloque=k))
    li = ["li", {"class": "mensaje rol-%s" % (m["rol"] if m["rol"] in ROLES else "otro")}, quien, bloques]
    if marca and not (marca["bloque"] and marca["bloque"] <= len(m["bloques"])):
        _senala(li, _t("turno_aqui_mensaje", mensaje=m["n"], bloque=marca["bloque"]))
    return li


def _senala(nodo, texto):
    nodo[1]["class"] += " resaltado-error"
    nodo.append(["p", {"class": "senal"}, texto])


def _arbol_bloque(b):
    omitidos = b.get("omitidos")  # characters site/src/dibujo.py cut from its text
    if b["tipo"] not in ("tool_use", "tool_result"):
        texto = b["tipo"] == "text"
        li = ["li", {"class": "texto" if texto else "otro"}, ["p" if texto else "pre", {}, b["texto"]]]
        return li + [_omitidos(omitidos)] if omitidos else li
    llamada = b["tipo"] == "tool_use"
    clases = ["llamada" if llamada else "resultado"]
    cabeza = ["p", {"class": "cabeza"}]
    if b["par"]:
        clases.append("par-%d" % (_numero(b["par"]) % 6))
        etiqueta = _t("conversacion_par_llamada" if llamada else "conversacion_par_resultado", par=b["par"], id=b["id"])
        cabeza += [["button", {"class": "par", "type": "button", "aria-label": etiqueta}, b["par"]], " "]
    if b.get("error"):
        clases.append("error")
    cabeza += [["span", {"class": "tipo"}, b["tipo"]], " ", ["code", {"class": "id"}, b["id"]]]
    li = ["li", {"class": " ".join(clases)}, cabeza]
    if b["par"]:
        li[1]["data-par"] = b["par"]
    if llamada:
        cabeza += [" ", ["span", {"class": "nombre"}, b["nombre"]]]
        li.append(["pre", {"class": "argumentos"}, b["entrada"]])
        if omitidos:
            li.append(_omitidos(omitidos))
    else:
        if b["error"]:
            cabeza += [" ", ["span", {"class": "marca-error"}, "is_error"]]
        contenido, largo = ["pre", {"class": "contenido"}, b["contenido"]], len(b["contenido"]) + (omitidos or 0)
        if largo > PLEGAR:
            contenido = ["details", {}, ["summary", {}, _t("conversacion_plegado", n=_miles(largo))], contenido]
            li.append(contenido + [_omitidos(omitidos)] if omitidos else contenido)
        else:
            li += [contenido, _omitidos(omitidos)] if omitidos else [contenido]
    if b["problema"]:
        li.append(["p", {"class": "problema"}, b["problema"]])
    return li


def _omitidos(n):
    return ["p", {"class": "omitidos"}, _t("conversacion_omitidos", n=_miles(n))]


def _numero(letra):
    """A pair's letter as its number, from 0 (A, …, Z, AA: 0, …, 25, 26): its colour is this mod 6."""
    n = 0
    for c in letra:
        n = n * 26 + ord(c) - 64
    return n - 1


def arbol_turno(turno, con_error=True):
    """The tree of one of de_turnos()'s turns: what the model received and its answer, the marks of
    a refusal, and what the script expected; con_error, say the refusal in words (a cell's
    traceback already does)."""
    recibidos = turno["recibidos"]
    notas = {recibidos: [_t("turno_contesta")]} if recibidos is not None and not turno["error"] else {}
    raiz = arbol(turno["datos"], notas, turno["marca"])
    raiz[1]["aria-live"] = "off"  # a drawn view is read when visited, not announced
    if recibidos is not None:
        raiz.insert(2, ["p", {"class": "narracion"},
                        _t("turno_recibe_uno") if recibidos == 1 else _t("turno_recibe", n=recibidos)])
    if turno["motivo"]:
        clave = "turno_motivo_api" if turno["uso"].get("api") else "turno_motivo"  # ModeloReal's counts
        raiz.append(["p", {"class": "narracion motivo"}, _t(clave, motivo=turno["motivo"],
                     entrada=turno["uso"]["input_tokens"], salida=turno["uso"]["output_tokens"])])
    if turno["http"]:
        raiz.append(["p", {"class": "rechazo fallo-http"}, _t("turno_fallo_http", error=turno["error"])])
    elif turno["error"] and con_error:
        raiz.append(["p", {"class": "rechazo"}, _t("turno_rechaza", error=turno["error"])])
    if turno["esperado"]:
        esperado = turno["esperado"]
        raiz += [["p", {"class": "narracion"}, _t("turno_esperado", n=esperado["n"])],
                 ["ol", {"class": "mensajes esperado", "start": esperado["n"]}, _arbol_mensaje(esperado, None)]]
    return raiz


def arboles(turnos, con_error=True):
    """What the page draws of de_turnos()'s turns: [{"turno": its number in the run, or None; "arbol"}]."""
    return [{"turno": t["turno"], "arbol": arbol_turno(t, con_error)} for t in turnos]
