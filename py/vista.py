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
a repeated call id, a second result for one call. construir/conversacion.py renders this as HTML
at build time and site/src/conversacion.js as DOM in the page; tests/e2e checks that both draw
the same.

A turn, what site/src/turnos.js draws: {"datos": the view of what the model received followed by
its answer, "turno": its number in the model's run, "recibidos": how many messages it received
(both None for a conversation alone), "error": the refusal's text or None, "marca": {"mensaje",
"bloque"} the refusal names (either may be None), "esperado": the view of the message the script
expected there, or None, "motivo": the reply's stop_reason and "uso": its usage ({"input_tokens",
"output_tokens"}, the course's estimate), or None, "http": for a turn where the script made the API
fail, {"status", "cuerpo": the API's error JSON, "reintentar_tras"} (its "error" is then
ErrorDeLaAPI's text, and no refusal: it marks nothing), or None}.
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
