"""py/vista.py: what the conversation view draws, the same in a lesson, a cell and an error.

Plain functions: tests/node/ runs them in Pyodide too.
"""
import vista


def _llamada(id_, nombre="leer", **entrada):
    return {"type": "tool_use", "id": id_, "name": nombre, "input": entrada}


def _resultado(id_, contenido="ok", error=False):
    return {"type": "tool_result", "tool_use_id": id_, "content": contenido, "is_error": error}


def _resumen(M):
    return [[(b["tipo"], b.get("id"), b.get("par"), (b.get("problema") or "")[:14]) for b in m["bloques"]]
            for m in vista.de(M)["mensajes"]]


def test_each_call_and_its_result_share_a_letter_in_the_order_of_the_calls():
    M = [("usuario", "hola"), ("asistente", [{"type": "text", "text": "miro"}, _llamada("t1"), _llamada("t2")]),
         ("usuario", [_resultado("t2"), _resultado("t1")]), ("asistente", [_llamada("t3")]),
         ("usuario", [_resultado("t3", "no existe", True)]), ("asistente", "hecho")]
    assert _resumen(M) == [
        [("text", None, None, "")],
        [("text", None, None, ""), ("tool_use", "t1", "A", ""), ("tool_use", "t2", "B", "")],
        [("tool_result", "t2", "B", ""), ("tool_result", "t1", "A", "")],
        [("tool_use", "t3", "C", "")], [("tool_result", "t3", "C", "")], [("text", None, None, "")]]
    datos = vista.de(M)["mensajes"]
    assert [m["autor"] for m in datos] == [None, None, "el arnés", None, "el arnés", None]
    assert datos[4]["bloques"][0]["error"] is True and datos[1]["bloques"][1]["entrada"] == "{}"


def test_an_unanswered_call_an_orphan_result_and_a_repeated_id_say_the_rule_they_break():
    M = [("usuario", "hola"), ("asistente", [_llamada("t1"), _llamada("t2")]),
         ("usuario", [_resultado("t1"), _resultado("t9")]), ("asistente", [_llamada("t1")])]
    assert _resumen(M) == [
        [("text", None, None, "")],
        [("tool_use", "t1", "A", ""), ("tool_use", "t2", "B", "sin resultado:")],
        [("tool_result", "t1", "A", ""), ("tool_result", "t9", None, "sin llamada: c")],
        [("tool_use", "t1", "C", "id repetido: y")]]  # the last message's call: no result yet, no fault
    assert vista.de(M)["mensajes"][3]["bloques"][0]["problema"].startswith(
        "id repetido: ya lo tiene la llamada del mensaje 2")


def test_two_assistant_messages_in_a_row_are_one_turn_answered_after_the_second():
    # As the scripted model takes them (the Messages API combines consecutive turns).
    M = [("usuario", "hola"), ("asistente", [_llamada("t1")]), ("asistente", [_llamada("t2")]),
         ("usuario", [_resultado("t1"), _resultado("t2")]),
         ("asistente", [_llamada("t3")]), ("asistente", "espero"), ("usuario", "¿y bien?")]
    assert _resumen(M) == [
        [("text", None, None, "")], [("tool_use", "t1", "A", "")], [("tool_use", "t2", "B", "")],
        [("tool_result", "t1", "A", ""), ("tool_result", "t2", "B", "")],
        [("tool_use", "t3", "C", "sin resultado:")], [("text", None, None, "")], [("text", None, None, "")]]
    assert _resumen(M[:6])[4] == [("tool_use", "t3", "C", "")]  # the run ends the conversation: it waits
    assert vista.de([{"role": "user", "content": "a"}, {"role": "system", "content": "b"}])["mensajes"][1]["rol"] == "sistema"


def test_a_second_result_for_one_call_keeps_its_pair_and_says_the_rule():
    M = [("asistente", [_llamada("t1"), _llamada("t2")]), ("usuario", [_resultado("t1"), _resultado("t1")])]
    assert _resumen(M)[1] == [("tool_result", "t1", "A", ""), ("tool_result", "t1", "A", "resultado repe")]


def test_nested_content_is_text_and_letters_go_on_past_z():
    M = [("asistente", [_llamada("t%d" % k) for k in range(28)]),
         ("usuario", [_resultado("t0", [{"type": "text", "text": "a"}, {"type": "image", "source": {}}])])]
    llamadas = vista.de(M)["mensajes"][0]["bloques"]
    assert [b["par"] for b in llamadas][24:] == ["Y", "Z", "AA", "AB"]
    assert vista.de(M)["mensajes"][1]["bloques"][0]["contenido"] == "a\n[image]"


def test_a_run_is_one_view_per_turn_and_a_refusal_carries_its_mark_and_what_was_expected():
    pide = ("usuario", "¿Qué hay?")
    turnos = [{"recibidos": [pide], "respuesta": [_llamada("t1")]},
              {"recibidos": [pide, ("asistente", [_llamada("t1")]), ("usuario", [_resultado("t1", "mal")])],
               "mensaje": 3, "bloque": 1, "error": "FueraDeGuion: turno 2, …",
               "esperado": ("usuario", [_resultado("t1", "bien")])}]
    uno, dos = vista.de_turnos(turnos)
    assert (uno["recibidos"], len(uno["datos"]["mensajes"]), uno["marca"], uno["error"]) == (1, 2, None, None)
    assert uno["datos"]["mensajes"][1]["bloques"][0]["problema"] is None  # the answer's calls still wait
    assert (dos["recibidos"], len(dos["datos"]["mensajes"]), dos["marca"]) == (3, 3, {"mensaje": 3, "bloque": 1})
    assert dos["error"] == "FueraDeGuion: turno 2, …"
    esperado = dos["esperado"]
    assert (esperado["n"], esperado["autor"], esperado["bloques"][0]["contenido"], esperado["bloques"][0]["par"]) \
        == (3, "el arnés", "bien", "A")


def test_a_conversation_alone_is_one_turn_without_a_model():
    assert vista.de_conversacion([("usuario", "Hola")]) == [
        {"datos": vista.de([("usuario", "Hola")]), "turno": None, "recibidos": None, "error": None, "marca": None, "esperado": None,
         "motivo": None, "uso": None, "http": None}]


def test_a_repeated_id_gets_its_own_letter_and_the_next_result_answers_it():
    M = [("asistente", [_llamada("t1")]), ("usuario", [_resultado("t1")]),
         ("asistente", [_llamada("t1"), _llamada("t1")]), ("usuario", [_resultado("t1")])]
    assert _resumen(M) == [
        [("tool_use", "t1", "A", "")], [("tool_result", "t1", "A", "")],
        [("tool_use", "t1", "B", "id repetido: y"), ("tool_use", "t1", None, "id repetido: y")],
        [("tool_result", "t1", "B", "")]]


class _Raro:
    def __repr__(self):
        raise RuntimeError("no")

    def __str__(self):
        raise RuntimeError("no")


def test_anything_a_learner_sends_draws_and_nothing_raises():
    ciclo = {"type": "tool_use", "id": "t1", "name": "leer"}
    ciclo["input"] = ciclo
    M = ["hola", ("usuario",), {"role": "user", "content": "sí"}, (_Raro(), [ciclo, 7, {"type": _Raro()}]),
         ("usuario", [{"type": "tool_result", "tool_use_id": "t1", "content": {"a": 1}}])]
    mensajes = vista.de(M)["mensajes"]
    assert [m["rol"] for m in mensajes] == ["?", "?", "usuario", "<_Raro>", "usuario"]
    assert mensajes[0]["bloques"] == [{"tipo": "None", "texto": '"hola"'}]
    assert mensajes[3]["bloques"][0]["entrada"].startswith("{")  # a cycle, as its repr
    assert mensajes[4]["bloques"][0]["contenido"] == '{"a": 1}'
    assert vista.de("no es una lista") == {"mensajes": []}


def test_a_turn_carries_its_number_in_the_run():
    assert [t["turno"] for t in vista.de_turnos([{"turno": 7, "recibidos": [("usuario", "x")], "respuesta": "y"}])] == [7]


# --- the view drawn: the tree the build writes as HTML and the page builds -------------------

def _clases(nodo, clase):
    """The nodes under nodo whose class has clase, in order."""
    if not isinstance(nodo, list):
        return []
    encontrados = [nodo] if clase in nodo[1].get("class", "").split() else []
    return encontrados + [x for h in nodo[2:] for x in _clases(h, clase)]


def _textos(nodo):
    return "".join(nodo if isinstance(nodo, str) else "{%s}" % nodo["t"] if isinstance(nodo, dict)
                   else _textos(h) for h in ([nodo] if not isinstance(nodo, list) else nodo[2:]))


def test_a_long_result_folds_with_its_length_in_code_points_counting_what_was_cut():
    M = [("asistente", [_llamada("t1")]), ("usuario", [_resultado("t1", "ñ" * 300 + "😀" * 101)])]
    plegado, = _clases(vista.arbol(vista.de(M)), "resultado")
    assert plegado[3][0] == "details" and plegado[3][2][2] == {"t": "conversacion_plegado", "v": {"n": "401"}}
    datos = vista.de(M[:1] + [("usuario", [_resultado("t1", "x" * 100)])])
    datos["mensajes"][1]["bloques"][0]["omitidos"] = 2_000_000  # as site/src/dibujo.py cuts it
    cortado, = _clases(vista.arbol(datos), "resultado")
    assert cortado[3][2][2] == {"t": "conversacion_plegado", "v": {"n": "2.000.100"}}
    assert cortado[3][-1] == ["p", {"class": "omitidos"}, {"t": "conversacion_omitidos", "v": {"n": "2.000.000"}}]


def test_a_refused_turn_marks_its_block_or_its_message_and_says_what_was_expected():
    pide = ("usuario", "¿Qué hay?")
    recibidos = [pide, ("asistente", [_llamada("t1")]), ("usuario", [_resultado("t1", "mal")])]
    turno = {"recibidos": recibidos, "mensaje": 3, "bloque": 1, "error": "FueraDeGuion: …",
             "esperado": ("usuario", [_resultado("t1", "bien")])}
    t, = vista.de_turnos([turno])
    arbol = vista.arbol_turno(t)
    marcado, = _clases(arbol, "resaltado-error")
    assert marcado[1]["class"] == "resultado par-0 resaltado-error"
    assert marcado[-1] == ["p", {"class": "senal"}, {"t": "turno_aqui_bloque", "v": {"mensaje": 3, "bloque": 1}}]
    assert _textos(arbol).startswith("{turno_recibe}") and "{turno_rechaza}" in _textos(arbol)
    assert _textos(_clases(arbol, "esperado")[0]).endswith("bien")
    assert "{turno_rechaza}" not in _textos(vista.arbol_turno(t, con_error=False))
    t, = vista.de_turnos([dict(turno, bloque=5)])  # a block that is not there: its message is marked
    marcado, = _clases(vista.arbol_turno(t), "resaltado-error")
    assert marcado[1]["class"] == "mensaje rol-usuario resaltado-error"
    assert marcado[-1][2]["t"] == "turno_aqui_mensaje"


def test_an_answered_turn_says_what_the_model_received_and_its_reply():
    uso = {"input_tokens": 12, "output_tokens": 3}
    t, = vista.de_turnos([{"turno": 1, "recibidos": [("usuario", "hola")], "respuesta": "adiós",
                           "stop_reason": "end_turn", "usage": uso}])
    assert vista.arboles([t])[0]["turno"] == 1
    arbol = vista.arboles([t])[0]["arbol"]
    assert arbol[:3] == ["div", {"class": "conversacion", "aria-live": "off"},
                         ["p", {"class": "narracion"}, {"t": "turno_recibe_uno", "v": {}}]]
    assert [h[2] for h in arbol[3:] if h[0] == "p"] == [
        {"t": "turno_contesta", "v": {}}, {"t": "turno_motivo", "v": {"motivo": "end_turn", "entrada": 12, "salida": 3}}]
    assert [li[1]["class"] for li in _clases(arbol, "mensaje")] == ["mensaje rol-usuario", "mensaje rol-asistente"]
    # A real model's counts come from the API, and the turn says so (ModeloReal marks them "api").
    t, = vista.de_turnos([{"turno": 1, "recibidos": [("usuario", "hola")], "respuesta": "adiós",
                           "stop_reason": "end_turn", "usage": dict(uso, api=True)}])
    motivo, = _clases(vista.arbol_turno(t), "motivo")
    assert motivo[2] == {"t": "turno_motivo_api", "v": {"motivo": "end_turn", "entrada": 12, "salida": 3}}
    assert _clases(vista.arbol(vista.de([("otro", "x")])), "mensaje")[0][1]["class"] == "mensaje rol-otro"
