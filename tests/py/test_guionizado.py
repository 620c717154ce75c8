"""ModeloGuionizado, the protocol check and the wire exports.

Plain functions of a fresh learner namespace `ns`: tests/node/ runs these same tests in Pyodide.
"""
from comun import falla, lee_py

SISTEMA = ("sistema", "Trabajas con los ficheros del usuario.")
PIDE = ("usuario", "Lee notas.txt")


def _conversacion(ns, inicio=(SISTEMA, PIDE)):
    """A 3-turn script: two calls, one call, a final text. Returns (guion, r, v)."""
    r = [[ns["texto"]("Miro."), ns["llamada"]("t1", "leer", ruta="notas.txt"),
          ns["llamada"]("t2", "listar", carpeta="")],
         [ns["llamada"]("t3", "buscar", patron="x")],
         [ns["texto"]("Hecho.")]]
    v = [[ns["resultado"]("t1", "hola"), ns["resultado"]("t2", "notas.txt")],
         [ns["resultado"]("t3", "")],
         None]
    return ns["guion_de"](list(inicio), r, v), r, v


def _turno2(r, v, obs=None):
    return [SISTEMA, PIDE, ("asistente", r[0]), ("usuario", v[0] if obs is None else obs)]


def _modelo_en_turno2(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion)
    modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    return modelo, r, v


# --- Playing the script -----------------------------------------------------------------

def test_plays_the_whole_script(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion)
    M = [SISTEMA, PIDE]
    for k in range(3):
        assert modelo(M, ns["HERRAMIENTAS"]) == r[k]
        assert modelo.turno == k + 1
        M = M + [("asistente", r[k]), ("usuario", v[k])]


def test_tuples_equal_lists_and_key_order_does_not_matter(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = tuple({"is_error": False, "content": b["content"], "tool_use_id": b["tool_use_id"],
                 "type": "tool_result"} for b in v[0])
    M = [list(SISTEMA), tuple(PIDE), ("asistente", tuple(r[0])), ["usuario", obs]]
    assert modelo(M, ns["HERRAMIENTAS"]) == r[1]


def test_response_is_a_fresh_deep_copy(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion)
    primera = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert primera == r[0] and primera is not guion[0][1]
    primera[1]["input"]["ruta"] = "otra.txt"
    primera.append({"type": "text", "text": "basura"})
    guion[1][0].clear()  # mutating the caller's script after the fact changes nothing either
    assert modelo(_turno2(r, v), ns["HERRAMIENTAS"]) == r[1]
    otra = ns["ModeloGuionizado"](_conversacion(ns)[0])
    assert otra([SISTEMA, PIDE]) == r[0]


def test_turno_counts_calls_from_their_start(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    assert modelo.turno == 1
    falla(modelo, [SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert modelo.turno == 2


def test_past_the_end_of_the_script(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion)
    M = [SISTEMA, PIDE]
    for k in range(3):
        modelo(M, ns["HERRAMIENTAS"])
        M = M + [("asistente", r[k]), ("usuario", v[k] or [ns["texto"]("¿Y ahora?")])]
    e = falla(modelo, M, ns["HERRAMIENTAS"])
    assert type(e).__name__ == "FueraDeGuion"
    assert str(e) == "el guion tiene 3 turnos; se ha pedido el 4"


def test_both_exceptions_are_value_errors_with_clear_names(ns):
    assert issubclass(ns["ErrorDeProtocolo"], ValueError)
    assert issubclass(ns["FueraDeGuion"], ValueError)
    assert ns["ErrorDeProtocolo"] is not ns["FueraDeGuion"]


# --- Off script: the first difference -----------------------------------------------------

def _fuera(ns, M):
    modelo, r, v = _modelo_en_turno2(ns)
    e = falla(modelo, M, ns["HERRAMIENTAS"])
    assert type(e).__name__ == "FueraDeGuion", repr(e)
    return str(e)


def test_off_script_wrong_role(ns):
    guion, r, v = _conversacion(ns)
    e = falla(ns["ModeloGuionizado"](guion), [SISTEMA, ("asistente", "Lee notas.txt")])
    assert str(e) == "turno 1, mensaje 2: rol esperado 'usuario', recibido 'asistente'"


def test_off_script_text_of_a_message(ns):
    guion, r, v = _conversacion(ns)
    e = falla(ns["ModeloGuionizado"](guion), [SISTEMA, ("usuario", "Lee lista.txt")])
    assert str(e) == "turno 1, mensaje 2 (usuario): texto esperado 'Lee notas.txt', recibido 'Lee lista.txt'"


def test_off_script_block_order(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    assert _fuera(ns, _turno2(r, v, obs=v[0][::-1])) == (
        "turno 2, mensaje 4 (usuario), bloque 1: tool_use_id esperado 't1', recibido 't2'")


def test_off_script_missing_is_error(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [dict(v[0][0]), v[0][1]]
    del obs[0]["is_error"]
    assert _fuera(ns, _turno2(r, v, obs)) == (
        "turno 2, mensaje 4 (usuario), bloque 1: falta el campo is_error (se esperaba False)")


def test_is_error_must_be_a_real_bool(ns):
    # The Messages API's is_error is a boolean: a 0 is refused before the script is looked at.
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [dict(v[0][0], is_error=0), v[0][1]]
    e = falla(modelo, _turno2(r, v, obs), ns["HERRAMIENTAS"])
    assert type(e).__name__ == "ErrorDeProtocolo"
    assert str(e) == "mensaje 4 (usuario), bloque 1 (tool_result): is_error debe ser True o False, y es 0"


def test_off_script_extra_key(ns):
    # A key the API does not know in a block is a protocol error (below); inside an input, any
    # key is JSON, and the script tells.
    modelo, r, v = _modelo_en_turno2(ns)
    cambiada = [r[0][0], dict(r[0][1], input=dict(r[0][1]["input"], nota="mía")), r[0][2]]
    M = [SISTEMA, PIDE, ("asistente", cambiada), ("usuario", v[0])]
    assert _fuera(ns, M) == "turno 2, mensaje 3 (asistente), bloque 2: sobra el campo input.nota (con 'mía')"


def test_off_script_content_value_is_shortened(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [ns["resultado"]("t1", "hola " * 40), v[0][1]]
    mensaje = _fuera(ns, _turno2(r, v, obs))
    assert mensaje.startswith("turno 2, mensaje 4 (usuario), bloque 1: content esperado 'hola', recibido 'hola hola")
    assert mensaje.endswith("…") and len(mensaje) < 160


def test_off_script_inside_an_input(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion)
    modelo([SISTEMA, PIDE])
    cambiada = [r[0][0], ns["llamada"]("t1", "leer", ruta="nota.txt"), r[0][2]]
    e = falla(modelo, [SISTEMA, PIDE, ("asistente", cambiada), ("usuario", v[0])], ns["HERRAMIENTAS"])
    assert str(e) == ("turno 2, mensaje 3 (asistente), bloque 2: input.ruta esperado 'notas.txt', "
                      "recibido 'nota.txt'")


def test_off_script_block_type(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = v[0] + [ns["texto"]("y además")]
    assert _fuera(ns, _turno2(r, v, obs)) == (
        "turno 2, mensaje 4 (usuario), bloque 3: sobra: {'type': 'text', 'text': 'y además'}")
    guion, r, v = _conversacion(ns)
    e = falla(ns["ModeloGuionizado"](guion), [SISTEMA, ("usuario", [ns["texto"]("Lee notas.txt")])])
    assert str(e) == ("turno 1, mensaje 2 (usuario): contenido esperado 'Lee notas.txt', "
                      "recibido [{'type': 'text', 'text': 'Lee notas.txt'}]")


def test_off_script_missing_and_extra_messages(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    e = falla(modelo, [SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert str(e) == "turno 2, mensaje 3 (asistente): falta; el guion espera 4 mensajes y han llegado 2"
    guion, r, v = _conversacion(ns)
    e = falla(ns["ModeloGuionizado"](guion), [SISTEMA, PIDE, ("usuario", "¿Y bien?")])
    assert str(e) == "turno 1, mensaje 3 (usuario): sobra; el guion espera 2 mensajes y han llegado 3"


# --- The tool-use protocol ----------------------------------------------------------------

def _fallos(ns, *mensajes):
    return ns["fallos_de_protocolo"]([SISTEMA, PIDE] + list(mensajes))


def test_a_correct_conversation_has_no_violations(ns):
    guion, r, v = _conversacion(ns)
    assert _fallos(ns, ("asistente", r[0]), ("usuario", v[0]), ("asistente", r[1])) != []
    assert _fallos(ns, ("asistente", r[0]), ("usuario", v[0])) == []
    assert _fallos(ns, ("asistente", r[0]), ("usuario", v[0] + [ns["texto"]("Sigue.")])) == []


def test_protocol_call_left_without_result(ns):
    guion, r, v = _conversacion(ns)
    assert _fallos(ns, ("asistente", r[0]), ("usuario", v[0][:1])) == [
        "mensaje 3 (asistente): hay ids de tool_use sin su bloque tool_result justo después: t2. "
        "Cada bloque tool_use necesita su bloque tool_result en el mensaje siguiente."]


def test_protocol_last_message_has_pending_calls(ns):
    guion, r, v = _conversacion(ns)
    fallos = _fallos(ns, ("asistente", r[0]))
    assert len(fallos) == 1 and fallos[0].startswith("mensaje 3 (asistente)") and "t1, t2" in fallos[0]


def test_protocol_results_must_come_in_the_very_next_user_message(ns):
    guion, r, v = _conversacion(ns)
    fallos = _fallos(ns, ("asistente", r[0]), ("usuario", "¿Sigues?"), ("usuario", v[0]))
    assert fallos[0].startswith("mensaje 3 (asistente): hay ids de tool_use sin su bloque tool_result")
    assert fallos[1].startswith("mensaje 5 (usuario): tool_use_id inesperado en los bloques tool_result: t1, t2.")


def test_two_assistant_messages_in_a_row_are_one_turn(ns):
    # MAR: "Consecutive `user` or `assistant` turns in your request will be combined into a single
    # turn": the results of both messages' calls go in the message after the second.
    guion, r, v = _conversacion(ns)
    uno, dos = ("asistente", r[0][:2]), ("asistente", r[0][2:] + [ns["texto"]("¿Sigo?")])
    assert _fallos(ns, uno, dos, ("usuario", v[0])) == []
    assert _fallos(ns, uno, ("asistente", [ns["texto"]("Espero.")]), ("usuario", v[0][:1])) == []
    assert _fallos(ns, uno, dos, ("usuario", v[0][:1])) == [
        "mensaje 4 (asistente): hay ids de tool_use sin su bloque tool_result justo después: t2. "
        "Cada bloque tool_use necesita su bloque tool_result en el mensaje siguiente."]
    assert _fallos(ns, uno, dos, ("usuario", v[0][:1]), ("usuario", v[0][1:]))[0].startswith(
        "mensaje 4 (asistente): los bloques tool_result de t2 no van en el mensaje siguiente")
    # Three in a row, and one pending at the end: each call is named with its own message.
    fallos = _fallos(ns, uno, dos)
    assert [f[:22] for f in fallos] == ["mensaje 3 (asistente):", "mensaje 4 (asistente):"]
    cuerpo = ns["peticion"]([SISTEMA, PIDE, uno, dos, ("usuario", v[0])], ns["HERRAMIENTAS"])
    assert [m["role"] for m in cuerpo["messages"]] == ["user", "assistant", "assistant", "user"]
    # Chat Completions wants each tool_calls message followed by its tool messages: one message.
    cuerpo = ns["peticion"]([SISTEMA, PIDE, uno, dos, ("usuario", v[0])], ns["HERRAMIENTAS"], api="openai")
    assert [m["role"] for m in cuerpo["messages"]] == ["system", "user", "assistant", "tool", "tool"]
    assert [t["id"] for t in cuerpo["messages"][2]["tool_calls"]] == ["t1", "t2"]
    assert cuerpo["messages"][2]["content"] == [{"type": "text", "text": "Miro."}, {"type": "text", "text": "¿Sigo?"}]


def test_protocol_unexpected_result(ns):
    guion, r, v = _conversacion(ns)
    fallos = _fallos(ns, ("asistente", r[0]), ("usuario", v[0] + [ns["resultado"]("t9", "?")]))
    assert fallos == ["mensaje 4 (usuario): tool_use_id inesperado en los bloques tool_result: t9. "
                      "Cada bloque tool_result necesita su bloque tool_use en el mensaje anterior."]


def test_protocol_call_answered_twice(ns):
    guion, r, v = _conversacion(ns)
    dos = [ns["resultado"]("t1", "a"), ns["resultado"]("t1", "b"), v[0][1]]
    assert _fallos(ns, ("asistente", r[0]), ("usuario", dos)) == [
        "mensaje 4 (usuario): t1 tiene 2 bloques tool_result; cada tool_use necesita exactamente uno."]


def test_protocol_results_come_before_anything_else(ns):
    guion, r, v = _conversacion(ns)
    obs = [v[0][0], ns["texto"]("nota"), v[0][1]]
    assert _fallos(ns, ("asistente", r[0]), ("usuario", obs)) == [
        "mensaje 4 (usuario): los bloques tool_result deben ir antes que cualquier otro bloque, "
        "y el bloque 2 (text) va delante de alguno"]


def test_protocol_tool_use_ids_are_unique(ns):
    guion, r, v = _conversacion(ns)
    otra = [ns["llamada"]("t1", "leer", ruta="lista.txt")]
    fallos = _fallos(ns, ("asistente", r[0]), ("usuario", v[0]), ("asistente", otra),
                     ("usuario", [ns["resultado"]("t1", "pan")]))
    assert fallos == ["mensaje 5 (asistente): los ids de tool_use deben ser únicos, "
                      "y t1 ya aparecía en el mensaje 3"]


def test_protocol_blocks_belong_to_their_roles(ns):
    fallos = _fallos(ns, ("usuario", [ns["llamada"]("t1", "leer", ruta="x")]))
    assert fallos == ["mensaje 3 (usuario): los bloques tool_use solo pueden ir en mensajes del asistente"]
    fallos = _fallos(ns, ("asistente", [ns["resultado"]("t1", "x")]))
    assert fallos == ["mensaje 3 (asistente): los bloques tool_result solo pueden ir en mensajes del usuario"]


def test_protocol_is_checked_before_the_script(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    e = falla(modelo, _turno2(r, v, obs=[v[0][0]]), ns["HERRAMIENTAS"])
    assert type(e).__name__ == "ErrorDeProtocolo"
    assert str(e).startswith("turno 2: mensaje 3 (asistente): hay ids de tool_use sin su bloque "
                             "tool_result justo después: t2.")


def test_protocol_malformed_messages(ns):
    fallos = ns["fallos_de_protocolo"]
    assert fallos([("humano", "hola")])[0].startswith("mensaje 1: debe ser un par (rol, contenido)")
    assert fallos([SISTEMA, {"role": "user", "content": "hola"}]) == [
        "mensaje 2: la conversación mezcla pares (rol, contenido) con diccionarios "
        "{'role', 'content'}; usa una sola forma"]
    assert fallos([("usuario", [{"tipo": "text"}])])[0].startswith(
        "mensaje 1 (usuario), bloque 1: un bloque es un diccionario con type")
    assert fallos([("asistente", [{"type": "tool_use", "name": "leer", "input": {}}])]) == [
        "mensaje 1 (asistente), bloque 1 (tool_use): falta el campo id, que debe ser una cadena"]
    assert fallos([("usuario", [ns["resultado"]("t1", {1, 2})])]) == [
        "mensaje 1 (usuario): set no es un valor JSON"]
    assert fallos("hola") == ["la conversación debe ser una lista de mensajes, no str"]


def test_protocol_a_custom_eq_is_not_json(ns):
    class Siempre:
        def __eq__(self, otro):
            return True
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [dict(v[0][0], content=Siempre()), v[0][1]]
    e = falla(modelo, _turno2(r, v, obs))
    assert type(e).__name__ == "ErrorDeProtocolo" and "Siempre no es un valor JSON" in str(e)


def test_protocol_empty_content_is_refused(ns):
    # The API's 400s: "all messages must have non-empty content except for the optional final
    # assistant message", "text content blocks must be non-empty" / "must contain non-whitespace text".
    fallos = ns["fallos_de_protocolo"]
    vacio = "el contenido está vacío, y la API solo lo permite en un último mensaje del asistente"
    en_blanco = "el texto está vacío o solo tiene espacios, y la API pide algo más que espacios"
    assert fallos([SISTEMA, ("usuario", [])]) == ["mensaje 2 (usuario): " + vacio]
    assert fallos([("usuario", ""), ("asistente", "Hola.")]) == ["mensaje 1 (usuario): " + vacio]
    assert fallos([PIDE, ("asistente", ""), ("usuario", "¿Y?")]) == ["mensaje 2 (asistente): " + vacio]
    assert fallos([("usuario", " \n\t")]) == ["mensaje 1 (usuario): " + en_blanco]
    assert fallos([("usuario", [ns["texto"]("Hola"), ns["texto"]("")])]) == [
        "mensaje 1 (usuario), bloque 2 (text): " + en_blanco]
    assert fallos([PIDE, ("asistente", [ns["texto"]("  ")])]) == [
        "mensaje 2 (asistente), bloque 1 (text): " + en_blanco]
    # Only the final assistant message may be empty.
    assert fallos([PIDE, ("asistente", "")]) == fallos([PIDE, ("asistente", [])]) == []


def test_protocol_empty_conversation_is_refused(ns):
    # The API's 400: "messages: at least one message is required"; the system text is no message.
    sin_mensajes = ("la conversación no tiene ningún mensaje del usuario ni del asistente, y la API "
                    "pide al menos uno (el texto de sistema va aparte, en el parámetro system)")
    assert ns["fallos_de_protocolo"]([]) == [sin_mensajes]
    assert ns["fallos_de_protocolo"]([SISTEMA]) == [sin_mensajes]
    e = falla(ns["ModeloGuionizado"](_conversacion(ns)[0]), [SISTEMA], ns["HERRAMIENTAS"])
    assert type(e).__name__ == "ErrorDeProtocolo" and str(e) == "turno 1: " + sin_mensajes


def test_protocol_tool_use_ids_have_the_apis_pattern(ns):
    # The API's 400: "tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'".
    fallos = ns["fallos_de_protocolo"]
    for malo in ("t:1", "t 1", "", "t1\n", "llamada/1"):
        assert fallos([PIDE, ("asistente", [ns["llamada"](malo, "leer", ruta="a")])]) == [
            "mensaje 2 (asistente), bloque 1 (tool_use): el id debe cumplir ^[a-zA-Z0-9_-]+$, y es %r" % malo]
    assert fallos([PIDE, ("asistente", [ns["llamada"]("toolu_01-A", "leer", ruta="a")]),
                   ("usuario", [ns["resultado"]("toolu_01-A", "x")])]) == []


def test_protocol_is_error_true_needs_content(ns):
    # The API's 400: "content cannot be empty if `is_error` is true".
    guion, r, v = _conversacion(ns)
    fallos = _fallos(ns, ("asistente", r[0]), ("usuario", [ns["error"]("t1", ""), ns["resultado"]("t2", "")]))
    assert fallos == ["mensaje 4 (usuario), bloque 1 (tool_result): con is_error True, content no puede "
                      "estar vacío: debe decir cuál ha sido el error"]


def test_protocol_tool_result_content_is_a_string_or_text_and_image_blocks(ns):
    guion, r, v = _conversacion(ns)
    imagen = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}}
    bien = [ns["resultado"]("t1", [ns["texto"]("hola"), imagen]),
            {"type": "tool_result", "tool_use_id": "t2"}]  # HTC's "empty tool result", without content
    assert _fallos(ns, ("asistente", r[0]), ("usuario", bien)) == []
    for contenido, mensaje in [
            (5, "mensaje 4 (usuario), bloque 1 (tool_result): content debe ser una cadena o una lista de "
                "bloques text, image, document o search_result, y es 5"),
            (None, "mensaje 4 (usuario), bloque 1 (tool_result): content debe ser una cadena o una "
                   "lista de bloques text, image, document o search_result, y es None"),
            ([ns["llamada"]("t9", "leer", ruta="a")],
             "mensaje 4 (usuario), bloque 1 (tool_result), content 1: un bloque es un diccionario con "
             "type 'text', 'image', 'document' o 'search_result'; llega"),
            ([{"type": "search_result", "source": "https://example.com", "title": "Ej.",
               "content": [{"type": "image"}]}],
             "mensaje 4 (usuario), bloque 1 (tool_result), content 1 (search_result), content 1: un "
             "bloque es un diccionario con type 'text'; llega"),
            ([{"type": "image"}], "mensaje 4 (usuario), bloque 1 (tool_result), content 1 (image): falta "
                                  "el campo source, que debe ser un objeto")]:
        fallos = _fallos(ns, ("asistente", r[0]), ("usuario", [ns["resultado"]("t1", contenido), v[0][1]]))
        assert len(fallos) == 1 and fallos[0].startswith(mensaje), (contenido, fallos)


def test_protocol_documents_and_search_results_in_a_tool_result(ns):
    # HTC: a tool_result's nested content blocks are text, image, document or search_result: the
    # API's own list, so refusing another type there names no course convention.
    guion, r, v = _conversacion(ns)
    documento = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "Hola."}}
    busqueda = {"type": "search_result", "source": "https://example.com/a", "title": "A",
                "content": [ns["texto"]("Un resumen.")]}
    obs = [ns["resultado"]("t1", [documento, busqueda]), v[0][1]]
    assert _fallos(ns, ("asistente", r[0]), ("usuario", obs)) == []
    assert ns["peticion"](_turno2(r, v, obs), ns["HERRAMIENTAS"])["messages"][2]["content"] == obs
    e = falla(ns["peticion"], _turno2(r, v, obs), ns["HERRAMIENTAS"], api="openai")
    assert type(e) is ValueError and "document" in str(e)
    assert ns["muestra"](obs[0]) == "tool_result t1 document / search_result A"
    fallos = _fallos(ns, ("asistente", r[0]), ("usuario", [ns["resultado"]("t1", [{"type": "thinking"}]), v[0][1]]))
    assert len(fallos) == 1 and "convención del curso" not in fallos[0]
    # At the top level the course keeps four types: a document there is the course's rule, and says so.
    fallos = ns["fallos_de_protocolo"]([("usuario", [documento, ns["texto"]("Resume esto.")])])
    assert fallos == [
        "mensaje 1 (usuario), bloque 1: un bloque es un diccionario con type 'text', 'image', "
        "'tool_use' o 'tool_result' (convención del curso: la API admite también bloques document, "
        "pero el curso usa solo estos); llega " + repr(documento)[:59] + "…"]


def test_protocol_image_blocks_are_content(ns):
    imagen = {"type": "image", "source": {"type": "url", "url": "https://example.com/foto.jpg"}}
    assert ns["fallos_de_protocolo"]([("usuario", [imagen, ns["texto"]("¿Qué hay en la foto?")])]) == []
    assert ns["fallos_de_protocolo"]([("usuario", [imagen])]) == []
    assert ns["fallos_de_protocolo"]([("usuario", [{"tipo": "image"}])]) == [
        "mensaje 1 (usuario), bloque 1: un bloque es un diccionario con type 'text', 'image', "
        "'tool_use' o 'tool_result'; llega {'tipo': 'image'}"]


def test_protocol_results_split_over_two_user_messages_is_the_courses_rule(ns):
    # The API joins consecutive user messages into one turn; the docs only warn that splitting the
    # results "reduces parallel tool use". The course asks for them all in the next message.
    guion, r, v = _conversacion(ns)
    fallos = _fallos(ns, ("asistente", r[0]), ("usuario", v[0][:1]), ("usuario", v[0][1:]))
    assert fallos == [
        "mensaje 3 (asistente): los bloques tool_result de t2 no van en el mensaje siguiente, sino en "
        "otro mensaje del usuario que va detrás (convención del curso: los resultados de una respuesta "
        "van todos juntos en el mensaje siguiente; la API juntaría los mensajes seguidos del usuario en "
        "uno, pero repartir los resultados enseña al modelo a no hacer llamadas en paralelo)"]
    # Three messages, the last with text after its result: still one violation, of the course.
    tres = [ns["llamada"]("t7", "leer", ruta="a")]
    fallos = _fallos(ns, ("asistente", r[0] + tres), ("usuario", v[0][:1]), ("usuario", v[0][1:]),
                     ("usuario", [ns["resultado"]("t7", "A"), ns["texto"]("Sigue.")]))
    assert len(fallos) == 1 and "de t2, t7 no van en el mensaje siguiente" in fallos[0]
    # A text before a later result is refused by the API itself, which joins the messages.
    fallos = _fallos(ns, ("asistente", r[0]), ("usuario", v[0][:1] + [ns["texto"]("nota")]),
                     ("usuario", v[0][1:]))
    assert [f[:60] for f in fallos] == [
        "mensaje 3 (asistente): hay ids de tool_use sin su bloque too",
        "mensaje 5 (usuario): tool_use_id inesperado en los bloques t"]
    assert not any("convención del curso" in f for f in fallos)


def test_only_the_courses_rules_say_so(ns):
    guion, r, v = _conversacion(ns)
    casos = [_fallos(ns, ("asistente", r[0]), ("usuario", v[0][:1])),
             _fallos(ns, ("asistente", r[0]), ("usuario", v[0] + [ns["resultado"]("t9", "?")])),
             _fallos(ns, ("usuario", [ns["llamada"]("t1", "leer", ruta="x")])),
             _fallos(ns, ("asistente", r[0]), ("usuario", "¿Sigues?"), ("usuario", v[0])),
             _fallos(ns, ("asistente", "Hola."), ("sistema", "Sé breve."), ("usuario", "¿Y?")),
             _fallos(ns, ("asistente", r[0]), ("usuario", [ns["resultado"]("t1", [{"type": "video"}]), v[0][1]]))]
    for fallos in casos:
        assert fallos and not any("convención del curso" in f for f in fallos), fallos
    # The course's own rules: results split over two messages, a block type the API has but the
    # course leaves out.
    casos = [_fallos(ns, ("asistente", r[0]), ("usuario", v[0][:1]), ("usuario", v[0][1:])),
             _fallos(ns, ("usuario", [{"type": "document", "source": {}}]))]
    for fallos in casos:
        assert len(fallos) == 1 and "convención del curso" in fallos[0], fallos
    assert "400" not in ns["ErrorDeProtocolo"].__doc__ and "convención del curso" in ns["ErrorDeProtocolo"].__doc__


def test_tool_blocks_need_a_tool_list(ns):
    # The API's 400: "Requests which include `tool_use` or `tool_result` blocks must define tools."
    guion, r, v = _conversacion(ns)
    sin_herramientas = ("la conversación tiene bloques tool_use o tool_result, y la petición no declara "
                        "herramientas: la API pide la lista de herramientas en ese caso")
    for herramientas in (None, []):
        modelo, r, v = _modelo_en_turno2(ns)
        e = falla(modelo, _turno2(r, v), herramientas)
        assert type(e).__name__ == "ErrorDeProtocolo" and str(e) == "turno 2: " + sin_herramientas
        e = falla(ns["peticion"], _turno2(r, v), herramientas)
        assert type(e).__name__ == "ErrorDeProtocolo" and str(e) == sin_herramientas
    assert ns["ModeloGuionizado"](guion)([SISTEMA, PIDE]) == r[0]  # no tool blocks yet: no tools needed
    assert _fallos(ns, ("asistente", r[0]), ("usuario", v[0])) == []  # the conversation alone is fine


# --- The tool list --------------------------------------------------------------------------

def test_tools_are_checked_like_an_api_would(ns):
    herramienta = ns["HERRAMIENTAS"][0]
    casos = [
        ([dict(herramienta, name="leer fichero")],
         "herramienta 1 ('leer fichero'): el nombre debe cumplir ^[a-zA-Z0-9_-]{1,64}$, como piden las dos API"),
        ([dict(herramienta, name="x" * 65)], "el nombre tiene 65 caracteres, y las dos API piden 64 como mucho"),
        ([{"name": "leer", "description": "Lee."}],
         "herramienta 1 ('leer'): falta el campo input_schema, que debe ser un objeto"),
        ([dict(herramienta, input_schema={"type": "string"})],
         "herramienta 1 ('leer'): input_schema debe ser un esquema de objeto"),
        ([herramienta, herramienta], "herramienta 2 ('leer'): los nombres de las herramientas deben ser únicos"),
        ("leer", "las herramientas deben ser una lista, no str"),
    ]
    for herramientas, mensaje in casos:
        guion, r, v = _conversacion(ns)
        e = falla(ns["ModeloGuionizado"](guion), [SISTEMA, PIDE], herramientas)
        assert type(e).__name__ == "ErrorDeProtocolo" and mensaje in str(e), (mensaje, str(e))
    guion, r, v = _conversacion(ns)
    assert ns["ModeloGuionizado"](guion)([SISTEMA, PIDE], [dict(herramienta, name="a-B_9")]) == r[0]


def test_input_schema_must_be_valid_json_schema(ns):
    # The API's 400: "input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12".
    leer = ns["HERRAMIENTAS"][0]
    mal = dict(leer, input_schema={"type": "object", "properties": {"ruta": {"type": "strnig"}}})
    guion, r, v = _conversacion(ns)
    e = falla(ns["ModeloGuionizado"](guion), [SISTEMA, PIDE], [mal])
    assert type(e).__name__ == "ErrorDeProtocolo" and str(e) == (
        "herramienta 1 ('leer'): input_schema no es un JSON Schema válido (draft 2020-12), y la API "
        "lo exige: en properties.ruta.type, 'strnig' no es un tipo de JSON Schema (son string, "
        "integer, number, boolean, object, array, null)")
    e = falla(ns["peticion"], [PIDE], [mal])
    assert "properties.ruta.type" in str(e)
    lista = dict(leer, input_schema={"type": "object", "properties": {"x": {"type": "array", "items": {"type": "entero"}}}})
    assert "en properties.x.items.type, 'entero'" in str(falla(ns["peticion"], [PIDE], [lista]))
    assert ns["peticion"]([PIDE], ns["HERRAMIENTAS"])["tools"] == ns["HERRAMIENTAS"]
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        return
    # Beyond the types, jsonschema's metaschema, when it can be imported.
    largo = dict(leer, input_schema={"type": "object", "properties": {"ruta": {"type": "string", "minLength": "3"}}})
    assert str(falla(ns["peticion"], [PIDE], [largo])).endswith(
        "en properties.ruta.minLength, '3' no cumple el metaesquema (type)")


# --- Each block, source and tool has the shape the API documents --------------------------------

def _rechazo(ns, M, herramientas=None):
    """The model's refusal of M (with these tools, or HERRAMIENTAS), which peticion() gives too."""
    herramientas = ns["HERRAMIENTAS"] if herramientas is None else herramientas
    e = falla(ns["ModeloGuionizado"]([]), M, herramientas)
    assert type(e).__name__ == "ErrorDeProtocolo", repr(e)
    for api in ("anthropic", "openai"):
        otro = falla(ns["peticion"], M, herramientas, api=api)
        assert type(otro).__name__ == "ErrorDeProtocolo" and str(e).endswith(str(otro)), (str(e), str(otro))
    return str(e).split(": ", 1)[1] if str(e).startswith("turno") else str(e)


def test_a_key_the_api_does_not_know_is_refused_as_the_api_refuses_it(ns):
    # The API's 400: "messages.1.content.0.tool_result.error: Extra inputs are not permitted".
    guion, r, v = _conversacion(ns)
    mal = dict(v[0][0], error=True)
    del mal["is_error"]
    assert _rechazo(ns, _turno2(r, v, [mal, v[0][1]])) == (
        "mensaje 4 (usuario), bloque 1 (tool_result): sobra el campo error, y la API no admite campos "
        "que no conoce; ¿querías decir is_error?")
    assert _rechazo(ns, [PIDE, ("asistente", [dict(ns["texto"]("Hola."), nota="x")])]) == (
        "mensaje 2 (asistente), bloque 1 (text): sobra el campo nota, y la API no admite campos que no conoce")
    imagen = {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png", "detail": "high"}}
    assert _rechazo(ns, [("usuario", [imagen])]) == (
        "mensaje 1 (usuario), bloque 1 (image): sobra el campo source.detail, y la API no admite campos "
        "que no conoce")
    leer = ns["HERRAMIENTAS"][0]
    assert _rechazo(ns, [PIDE], [dict(leer, parametros={})]) == (
        "herramienta 1 ('leer'): sobra el campo parametros, y la API no admite campos que no conoce")
    # A field the API has and the course does not use says so.
    for M, herramientas, mensaje in [
            ([("usuario", [dict(ns["texto"]("Hola."), cache_control={"type": "ephemeral"})])], None,
             "mensaje 1 (usuario), bloque 1 (text): sobra el campo cache_control"),
            ([PIDE], [dict(leer, strict=True)], "herramienta 1 ('leer'): sobra el campo strict")]:
        assert _rechazo(ns, M, herramientas) == mensaje + (
            " (convención del curso: la API lo admite, pero el curso no lo usa)")


def test_malformed_sources_and_tools_are_refused_as_the_api_refuses_them(ns):
    # The API's 400: "image.source.base64.media_type: Input should be 'image/jpeg', 'image/png',
    # 'image/gif' or 'image/webp'"; each source type has its required fields; a description is a string.
    def imagen(**fuente):
        return [("usuario", [{"type": "image", "source": fuente}, ns["texto"]("¿Qué se ve?")])]
    aqui = "mensaje 1 (usuario), bloque 1 (image): "
    tipos = "'image/jpeg', 'image/png', 'image/gif' o 'image/webp'"
    for M, mensaje in [
            (imagen(), "falta el campo source.type, que debe ser 'base64', 'url' o 'file'"),
            (imagen(type="archivo"), "source.type debe ser 'base64', 'url' o 'file', y es 'archivo'"),
            (imagen(type="base64", data="iVBORw0K"), "falta el campo source.media_type, que debe ser " + tipos),
            (imagen(type="base64", media_type="image/bmp", data="Qk0="),
             "source.media_type debe ser %s, y es 'image/bmp'" % tipos),
            (imagen(type="base64", media_type="image/png"), "falta el campo source.data, que debe ser una cadena"),
            (imagen(type="url"), "falta el campo source.url, que debe ser una cadena"),
            (imagen(type="url", url=None), "source.url debe ser una cadena, y es None"),
            ([("usuario", [{"type": "image", "source": "https://example.com/a.png"}])],
             "source debe ser un objeto, y es 'https://example.com/a.png'")]:
        assert _rechazo(ns, M) == aqui + mensaje
    bien = [imagen(type="base64", media_type=t, data="AAAA") for t in ("image/jpeg", "image/png", "image/gif", "image/webp")]
    bien += [imagen(type="url", url="https://example.com/a.png"), imagen(type="file", file_id="file_01")]
    assert [ns["fallos_de_protocolo"](M) for M in bien] == [[]] * 6
    # Inside a tool_result too, and a document's sources.
    guion, r, v = _conversacion(ns)
    documento = {"type": "document", "source": {"type": "text", "media_type": "application/pdf", "data": "Hola."}}
    assert _rechazo(ns, _turno2(r, v, [ns["resultado"]("t1", [documento]), v[0][1]])) == (
        "mensaje 4 (usuario), bloque 1 (tool_result), content 1 (document): source.media_type debe ser "
        "'text/plain', y es 'application/pdf'")
    leer = ns["HERRAMIENTAS"][0]
    assert _rechazo(ns, [PIDE], [dict(leer, description=["Lee un fichero."])]) == (
        "herramienta 1 ('leer'): description debe ser una cadena, y es ['Lee un fichero.']")
    assert _rechazo(ns, [PIDE], [dict(leer, type="function")]) == (
        "herramienta 1 ('leer'): type debe ser 'custom' (o el de una herramienta definida por la API), y es "
        "'function'")
    assert ns["ModeloGuionizado"](guion)([SISTEMA, PIDE], [dict(leer, type="custom")]) == r[0]
    sin_descripcion = {k: leer[k] for k in ("name", "input_schema")}
    assert ns["ModeloGuionizado"](guion)([SISTEMA, PIDE], [sin_descripcion]) == r[0]


def test_the_final_assistant_message_cannot_end_in_white_space(ns):
    # The API's 400: "messages: final assistant content cannot end with trailing whitespace".
    fallos = ns["fallos_de_protocolo"]
    regla = "el último mensaje del asistente no puede acabar en espacios ni saltos de línea, y la API lo rechaza si acaba así"
    assert fallos([PIDE, ("asistente", "Claro. ")]) == ["mensaje 2 (asistente): " + regla]
    assert fallos([PIDE, ("asistente", [ns["texto"]("Uno."), ns["texto"]("Dos.\n")])]) == [
        "mensaje 2 (asistente), bloque 2 (text): " + regla]
    assert _rechazo(ns, [PIDE, ("asistente", "Claro.\n")]) == "mensaje 2 (asistente): " + regla
    # Only the final one, only at its end, and a blank text is the other rule.
    assert fallos([PIDE, ("asistente", "Claro. "), ("usuario", "¿Y?")]) == []
    assert fallos([PIDE, ("asistente", [ns["texto"]("  Uno.\n"), ns["texto"]("\nDos.")])]) == []
    assert fallos([PIDE, ("asistente", " \n")]) == [
        "mensaje 2 (asistente): el texto está vacío o solo tiene espacios, y la API pide algo más que espacios"]


def test_an_empty_system_message_mid_conversation_is_refused(ns):
    # The API's 400: "all messages must have non-empty content except for the optional final
    # assistant message": a mid-conversation system message is a message.
    vacio = "mensaje 2 (sistema): el contenido está vacío, y la API solo lo permite en un último mensaje del asistente"
    for contenido in ("", []):
        assert _rechazo(ns, [PIDE, ("sistema", contenido), ("asistente", "Vale.")]) == vacio
    assert ns["fallos_de_protocolo"]([{"role": "user", "content": "Hola"}, {"role": "system", "content": []}]) == [vacio]


def test_nan_and_infinity_are_not_json(ns):
    # Both SDKs serialise with allow_nan=False: "Out of range float values are not JSON compliant".
    for x in (float("nan"), float("inf"), -float("inf")):
        M = [PIDE, ("asistente", [ns["llamada"]("t1", "leer", ruta=x)]), ("usuario", [ns["resultado"]("t1", "A")])]
        assert _rechazo(ns, M) == (
            "mensaje 2 (asistente): %r no es un valor JSON (JSON no tiene NaN ni infinito, y los SDK de "
            "las API no lo envían)" % x)
    leer = ns["HERRAMIENTAS"][0]
    esquema = {"type": "object", "properties": {"n": {"type": "number", "maximum": float("inf")}}}
    assert _rechazo(ns, [PIDE], [dict(leer, input_schema=esquema)]).startswith(
        "herramienta 1 ('leer'): inf no es un valor JSON")
    M = [PIDE, ("asistente", [ns["llamada"]("t1", "leer", ruta=1e308)]), ("usuario", [ns["resultado"]("t1", "A")])]
    assert ns["fallos_de_protocolo"](M) == []


def test_block_types_and_tool_names_the_api_refuses_say_nothing_of_the_course(ns):
    # A type the API does not know, or an item that is no block, the API refuses too: no «convención».
    tipos = "type 'text', 'image', 'tool_use' o 'tool_result'"
    assert _rechazo(ns, [("usuario", [{"type": "texto", "text": "Hola"}])]) == (
        "mensaje 1 (usuario), bloque 1: un bloque es un diccionario con %s; llega {'type': 'texto', 'text': 'Hola'}" % tipos)
    assert _rechazo(ns, [("usuario", ["Hola"])]) == (
        "mensaje 1 (usuario), bloque 1: un bloque es un diccionario con %s; llega 'Hola'" % tipos)
    # Both APIs' docs say ^[a-zA-Z0-9_-]{1,64}$; the Messages API's 400 says
    # "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'".
    leer = ns["HERRAMIENTAS"][0]
    patron = ("el nombre debe cumplir ^[a-zA-Z0-9_-]{1,64}$, como piden las dos API: de 1 a 64 letras sin "
              "tilde, cifras, _ o -, sin espacios")
    for nombre in ("leer fichero", "", "leé", "x" * 70 + " "):
        assert _rechazo(ns, [PIDE], [dict(leer, name=nombre)]) == "herramienta 1 (%r): %s" % (nombre, patron)
    # 65 to 128 characters: Chat Completions refuses them, the Messages API's 400 takes them. Both
    # docs say 64, and the message says all three, never «convención del curso».
    largo = "herramienta 1 (%r): el nombre tiene %d caracteres, y las dos API piden 64 como mucho en su " \
        "documentación (^[a-zA-Z0-9_-]{1,64}$): %s"
    assert _rechazo(ns, [PIDE], [dict(leer, name="x" * 128)]) == largo % (
        "x" * 128, 128, "Chat Completions lo rechaza, y la Messages API, según su error 400, admite hasta 128")
    assert _rechazo(ns, [PIDE], [dict(leer, name="x" * 129)]) == largo % ("x" * 129, 129, "las dos lo rechazan")
    assert ns["peticion"]([PIDE], [dict(leer, name="x" * 64)], api="openai")["tools"][0]["function"]["name"] == "x" * 64
    # A server tool (or another the API defines) needs no input_schema: leaving them out is the course's rule.
    assert _rechazo(ns, [PIDE], [{"type": "web_search_20250305", "name": "web_search"}]) == (
        "herramienta 1 ('web_search'): es una herramienta definida por la API (web_search_20250305), que no "
        "lleva input_schema (convención del curso: el curso usa solo herramientas propias, con name, "
        "description e input_schema)")
    assert "convención del curso" in _rechazo(ns, [PIDE], [{"type": "bash_20250124", "name": "bash"}])


def test_chat_completions_gets_no_empty_assistant_message(ns):
    # Chat Completions: an assistant message's content is "Required unless `tool_calls` or
    # `function_call` is specified". An empty final assistant message adds nothing: it is not sent.
    for vacio in ("", []):
        M = [SISTEMA, PIDE, ("asistente", vacio)]
        assert ns["fallos_de_protocolo"](M) == []
        assert ns["peticion"](M, [], api="openai")["messages"] == [
            {"role": "system", "content": SISTEMA[1]}, {"role": "user", "content": PIDE[1]}]
        assert ns["peticion"](M, [])["messages"][-1] == {"role": "assistant", "content": vacio}
        uno = ns["peticion"]([PIDE, ("asistente", "Vale."), ("asistente", vacio)], [], api="openai")
        assert uno["messages"][-1] == {"role": "assistant", "content": "Vale."}
    for m in ns["peticion"]([SISTEMA, PIDE, ("asistente", "Claro.")], [], api="openai")["messages"]:
        assert m.get("content") is not None


# --- The API's own message shape ----------------------------------------------------------------

def _en_forma_api(M):
    roles = {"usuario": "user", "asistente": "assistant"}
    return [{"role": roles[rol], "content": c} for rol, c in M]


def test_api_message_shape_plays_the_same_script(ns):
    guion, r, v = _conversacion(ns, inicio=[PIDE])
    modelo = ns["ModeloGuionizado"](guion)
    assert modelo(_en_forma_api([PIDE]), ns["HERRAMIENTAS"]) == r[0]
    M = [PIDE, ("asistente", r[0]), ("usuario", v[0])]
    assert modelo(_en_forma_api(M), ns["HERRAMIENTAS"]) == r[1]
    e = falla(modelo, _en_forma_api(M), ns["HERRAMIENTAS"])
    assert str(e).startswith("turno 3, mensaje 4 (asistente): falta")


def test_api_shape_protocol_errors_too(ns):
    guion, r, v = _conversacion(ns)
    fallos = ns["fallos_de_protocolo"](_en_forma_api([PIDE, ("asistente", r[0]), ("usuario", v[0][:1])]))
    assert fallos[0].startswith("mensaje 2 (asistente): hay ids de tool_use sin su bloque tool_result")


def test_a_system_role_message_is_refused_first(ns):
    # MAR: the system prompt at the start is the top-level system parameter; MSM: a message with
    # role "system" goes mid-conversation, never first.
    sistema = {"role": "system", "content": "Trabajas con ficheros."}
    fallos = ns["fallos_de_protocolo"]([sistema, {"role": "user", "content": "Hola"}])
    assert len(fallos) == 1 and fallos[0].startswith(
        "mensaje 1: en la Messages API, el texto de sistema del principio va aparte, en el parámetro "
        "system, no como un mensaje; un mensaje con role 'system' solo puede ir a mitad de "
        "conversación, justo después de uno del usuario.")
    guion, r, v = _conversacion(ns)
    e = falla(ns["ModeloGuionizado"](guion), [{"role": "system", "content": SISTEMA[1]},
                                              {"role": "user", "content": PIDE[1]}])
    assert type(e).__name__ == "ErrorDeProtocolo" and "('sistema', texto)" in str(e)
    e = falla(ns["peticion"], [{"role": "system", "content": "x"}, {"role": "user", "content": "y"}], [])
    assert type(e).__name__ == "ErrorDeProtocolo"


def test_mid_conversation_system_messages_go_right_after_a_user_message(ns):
    # MSM: a {"role": "system"} message "immediately after a user turn", followed by an assistant
    # turn or ending the messages.
    breve = ("sistema", "Desde ahora, contesta en una frase.")
    vale = ("asistente", "Vale.")
    assert ns["fallos_de_protocolo"]([PIDE, breve, vale]) == []
    assert ns["fallos_de_protocolo"]([SISTEMA, PIDE, vale, ("usuario", "¿Y?"), breve]) == []
    assert ns["fallos_de_protocolo"]([PIDE, vale, breve, ("asistente", "Sí.")]) == [
        "mensaje 3 (sistema): un mensaje de sistema a mitad de conversación va justo después de un "
        "mensaje del usuario, y este va detrás de uno del asistente (los mensajes de sistema del "
        "principio van aparte, en el parámetro system)"]
    assert ns["fallos_de_protocolo"]([PIDE, breve, ("usuario", "¿Y?")]) == [
        "mensaje 2 (sistema): a un mensaje de sistema a mitad de conversación le sigue uno del "
        "asistente, o ninguno, y a este le sigue uno del usuario"]
    # MSM: "Consecutive system messages are accepted and treated as a single system section, which
    # follows the same placement rule as a whole": one message for the section, naming it.
    otra = ("sistema", "Y cita el fichero.")
    assert ns["fallos_de_protocolo"]([PIDE, breve, otra, vale]) == []
    assert ns["fallos_de_protocolo"]([PIDE, vale, ("usuario", "¿Y?"), breve, otra]) == []
    assert ns["fallos_de_protocolo"]([PIDE, breve, otra, ("usuario", "¿Y?")]) == [
        "mensaje 3 (sistema): los mensajes de sistema seguidos a mitad de conversación (del 2 al 3) cuentan "
        "como uno, al que le sigue uno del asistente, o ninguno, y a estos les sigue uno del usuario"]
    assert ns["fallos_de_protocolo"]([PIDE, vale, breve, otra, otra]) == [
        "mensaje 3 (sistema): los mensajes de sistema seguidos a mitad de conversación (del 3 al 5) cuentan "
        "como uno, que va justo después de un mensaje del usuario, y estos van detrás de uno del asistente "
        "(los mensajes de sistema del principio van aparte, en el parámetro system)"]
    e = falla(ns["ModeloGuionizado"]([]), [PIDE, vale, breve, otra, ("usuario", "¿Y?")])
    assert (e._reglas, e._mensaje) == (("sistema_tras_usuario", "sistema_antes_del_asistente"), 3)
    cuerpo = ns["peticion"]([SISTEMA, PIDE, breve, otra, vale], [])
    assert [m["role"] for m in cuerpo["messages"]] == ["user", "system", "system", "assistant"]
    # After the results of the calls, before the model's next answer.
    guion, r, v = _conversacion(ns)
    assert _fallos(ns, ("asistente", r[0]), ("usuario", v[0]), breve) == []
    fallos = _fallos(ns, ("asistente", r[0]), breve, ("usuario", v[0]))
    assert fallos[0].startswith("mensaje 4 (sistema): un mensaje de sistema a mitad de conversación va "
                                "justo después de un mensaje del usuario, y este va detrás de uno del asistente")
    assert fallos[1].startswith("mensaje 4 (sistema): a un mensaje de sistema a mitad de conversación le sigue")
    assert fallos[2].startswith("mensaje 3 (asistente): hay ids de tool_use sin su bloque tool_result")
    # The API's own shape, and both requests keep it in its place.
    api = [{"role": "user", "content": "Hola"}, {"role": "system", "content": breve[1]}]
    assert ns["fallos_de_protocolo"](api) == []
    cuerpo = ns["peticion"]([SISTEMA, PIDE, breve, vale], [])
    assert cuerpo["system"] == SISTEMA[1] and cuerpo["messages"] == [
        {"role": "user", "content": PIDE[1]}, {"role": "system", "content": breve[1]},
        {"role": "assistant", "content": "Vale."}]
    assert ns["peticion"](api, [])["messages"] == api
    cuerpo = ns["peticion"]([SISTEMA, PIDE, breve], [], api="openai")
    assert [m["role"] for m in cuerpo["messages"]] == ["system", "user", "system"]
    modelo = ns["ModeloGuionizado"]([([PIDE, breve], [ns["texto"]("Hola.")])])
    assert modelo([PIDE, breve]) == [ns["texto"]("Hola.")]


def test_system_pairs_at_the_start_are_the_system_parameter(ns):
    assert ns["fallos_de_protocolo"]([SISTEMA, ("sistema", "Y habla claro."), PIDE]) == []
    imagen = {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}}
    assert ns["fallos_de_protocolo"]([("sistema", [ns["texto"]("Mira:"), imagen]), PIDE]) == [
        "mensaje 1 (sistema): el texto de sistema solo puede tener bloques text, como el parámetro "
        "system de la API"]
    cuerpo = ns["peticion"]([SISTEMA, ("sistema", [ns["texto"]("Y habla claro.")]), PIDE], [])
    assert cuerpo["system"] == SISTEMA[1] + "\n\nY habla claro."
    assert cuerpo["messages"] == [{"role": "user", "content": PIDE[1]}]
    cuerpo = ns["peticion"]([SISTEMA, ("sistema", "Y habla claro."), PIDE], [], api="openai")
    assert cuerpo["messages"] == [{"role": "system", "content": SISTEMA[1]},
                                  {"role": "system", "content": "Y habla claro."},
                                  {"role": "user", "content": PIDE[1]}]


# --- The same conversation, on the wire --------------------------------------------------------

def test_export_messages_api_body(ns):
    guion, r, v = _conversacion(ns)
    herramientas = ns["HERRAMIENTAS"][:1]
    cuerpo = ns["peticion"](_turno2(r, v), herramientas)
    assert cuerpo == {
        "model": "modelo-guionizado", "max_tokens": 1024,
        "system": "Trabajas con los ficheros del usuario.",
        "messages": [{"role": "user", "content": "Lee notas.txt"},
                     {"role": "assistant", "content": r[0]},
                     {"role": "user", "content": v[0]}],
        "tools": herramientas}
    sin_sistema = dict(cuerpo)
    del sin_sistema["system"]
    assert ns["peticion"](_en_forma_api(_turno2(r, v)[1:]), herramientas) == sin_sistema


def test_export_chat_completions_body(ns):
    guion, r, v = _conversacion(ns)
    obs = [ns["resultado"]("t1", "hola"), ns["error"]("t2", "no hay"), ns["texto"]("Date prisa.")]
    cuerpo = ns["peticion"](_turno2(r, v, obs), ns["HERRAMIENTAS"][:1], api="openai")
    leer = ns["HERRAMIENTAS"][0]
    assert cuerpo == {
        "model": "modelo-guionizado",
        "messages": [
            {"role": "system", "content": "Trabajas con los ficheros del usuario."},
            {"role": "user", "content": "Lee notas.txt"},
            {"role": "assistant", "content": "Miro.", "tool_calls": [
                {"id": "t1", "type": "function",
                 "function": {"name": "leer", "arguments": '{"ruta": "notas.txt"}'}},
                {"id": "t2", "type": "function",
                 "function": {"name": "listar", "arguments": '{"carpeta": ""}'}}]},
            {"role": "tool", "tool_call_id": "t1", "content": "hola"},
            {"role": "tool", "tool_call_id": "t2", "content": "no hay"},
            {"role": "user", "content": "Date prisa."}],
        "tools": [{"type": "function", "function": {
            "name": "leer", "description": leer["description"], "parameters": leer["input_schema"]}}]}


def test_export_refuses_what_the_model_refuses(ns):
    guion, r, v = _conversacion(ns)
    sin_t2 = _turno2(r, v, obs=[v[0][0], ns["texto"]("nota"), ns["resultado"]("t9", "?")])
    fallos = ns["fallos_de_protocolo"](sin_t2)
    assert len(fallos) == 3
    for api in ("anthropic", "openai"):
        e = falla(ns["peticion"], sin_t2, ns["HERRAMIENTAS"], api=api)
        assert type(e).__name__ == "ErrorDeProtocolo" and str(e) == "\n".join(fallos)
        e = falla(ns["peticion"], sin_t2, [{"name": "leer"}], api=api)  # and the tools, as the model does
        assert type(e).__name__ == "ErrorDeProtocolo" and str(e) == (
            "herramienta 1 ('leer'): falta el campo input_schema, que debe ser un objeto")
    modelo, r, v = _modelo_en_turno2(ns)
    assert str(falla(modelo, sin_t2, ns["HERRAMIENTAS"])) == "turno 2: " + "\n".join(fallos)


def test_export_chat_completions_keeps_the_order_of_the_blocks(ns):
    guion, r, v = _conversacion(ns)
    obs = v[0] + [ns["texto"]("Date prisa."), ns["texto"]("Y avisa.")]
    mensajes = ns["peticion"](_turno2(r, v, obs), ns["HERRAMIENTAS"], api="openai")["messages"]
    assert mensajes[3:] == [
        {"role": "tool", "tool_call_id": "t1", "content": "hola"},
        {"role": "tool", "tool_call_id": "t2", "content": "notas.txt"},
        {"role": "user", "content": [{"type": "text", "text": "Date prisa."},
                                     {"type": "text", "text": "Y avisa."}]}]
    solo_llamadas = [PIDE, ("asistente", [ns["llamada"]("t1", "leer", ruta="a")]),
                     ("usuario", [ns["resultado"]("t1", "A")])]
    mensajes = ns["peticion"](solo_llamadas, ns["HERRAMIENTAS"], api="openai")["messages"]
    assert mensajes[1]["content"] is None and mensajes[2:] == [
        {"role": "tool", "tool_call_id": "t1", "content": "A"}]


def test_export_lists_in_a_tool_result(ns):
    guion, r, v = _conversacion(ns)
    obs = [ns["resultado"]("t1", [ns["texto"]("línea 1"), ns["texto"]("línea 2")]),
           ns["resultado"]("t2", [ns["texto"]("notas.txt")]),
           {"type": "tool_result", "tool_use_id": "t3"}]
    r0 = r[0] + [ns["llamada"]("t3", "leer", ruta="b")]
    M = [SISTEMA, PIDE, ("asistente", r0), ("usuario", obs)]
    assert ns["peticion"](M, ns["HERRAMIENTAS"])["messages"][2] == {"role": "user", "content": obs}
    assert ns["peticion"](M, ns["HERRAMIENTAS"], api="openai")["messages"][3:] == [
        {"role": "tool", "tool_call_id": "t1", "content": [{"type": "text", "text": "línea 1"},
                                                           {"type": "text", "text": "línea 2"}]},
        {"role": "tool", "tool_call_id": "t2", "content": "notas.txt"},
        {"role": "tool", "tool_call_id": "t3", "content": ""}]


def test_export_images(ns):
    base64 = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}}
    url = {"type": "image", "source": {"type": "url", "url": "https://example.com/foto.jpg"}}
    M = [("usuario", [base64, url, ns["texto"]("¿Qué se ve?")])]
    assert ns["peticion"](M, [])["messages"] == [{"role": "user", "content": M[0][1]}]
    assert ns["peticion"](M, [], api="openai")["messages"] == [{"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0K"}},
        {"type": "image_url", "image_url": {"url": "https://example.com/foto.jpg"}},
        {"type": "text", "text": "¿Qué se ve?"}]}]
    # Chat Completions' tool messages carry text only: an image in a tool_result has no place there.
    guion, r, v = _conversacion(ns)
    obs = [ns["resultado"]("t1", [ns["texto"]("la foto:"), url]), v[0][1]]
    assert ns["peticion"](_turno2(r, v, obs), ns["HERRAMIENTAS"])["messages"][2]["content"] == obs
    e = falla(ns["peticion"], _turno2(r, v, obs), ns["HERRAMIENTAS"], api="openai")
    assert type(e) is ValueError and str(e) == (
        "Chat Completions no admite bloques image en un mensaje tool: en Chat Completions solo los mensajes "
        "del usuario llevan algo más que texto: imágenes (image_url), audio (input_audio) y ficheros (file)")
    # An image by file_id has no image_url: that part takes a URL or base64 data.
    archivo = {"type": "image", "source": {"type": "file", "file_id": "file_011"}}
    e = falla(ns["peticion"], [("usuario", [archivo, ns["texto"]("¿Qué se ve?")])], [], api="openai")
    assert type(e) is ValueError and str(e) == (
        "Chat Completions no admite esta imagen: la parte image_url de un mensaje del usuario lleva su URL o "
        "sus datos en base64, no una fuente de tipo file")


def test_export_is_json_and_rejects_an_unknown_api(ns):
    import json
    guion, r, v = _conversacion(ns)
    for api in ("anthropic", "openai"):
        cuerpo = ns["peticion"](_turno2(r, v), ns["HERRAMIENTAS"], api=api)
        assert json.loads(json.dumps(cuerpo)) == cuerpo
    e = falla(ns["peticion"], _turno2(r, v), ns["HERRAMIENTAS"], api="gemini")
    assert isinstance(e, ValueError) and "gemini" in str(e)


# --- What ver_conversacion(modelo) and the page's error view get ---------------------------

def test_each_turn_keeps_what_the_model_received_and_answered_untouched_by_the_harness(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion)
    M = [SISTEMA, PIDE]
    modelo(M, ns["HERRAMIENTAS"])
    M.append(("asistente", r[0]))  # the harness's own list changes after the call
    assert [(len(t["recibidos"]), t["respuesta"]) for t in modelo._turnos] == [(2, r[0])]


def test_a_refusal_names_the_message_and_block_and_keeps_what_the_script_expected(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [v[0][0], ns["resultado"]("t2", "otra cosa")]
    e = falla(modelo, _turno2(r, v, obs), ns["HERRAMIENTAS"])
    assert type(e).__name__ == "FueraDeGuion"
    c = e._conversacion
    assert (c["mensaje"], c["bloque"], c["esperado"]) == (4, 2, ("usuario", v[0]))
    assert c["error"].startswith("FueraDeGuion: turno 2, mensaje 4 (usuario), bloque 2: content esperado")
    assert modelo._turnos[-1] is c and len(c["recibidos"]) == 4


def test_a_protocol_error_names_its_first_message_and_a_missing_message_has_no_block(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    e = falla(modelo, _turno2(r, v, [v[0][0]]), ns["HERRAMIENTAS"])
    assert type(e).__name__ == "ErrorDeProtocolo"
    assert (e._conversacion["mensaje"], e._conversacion["bloque"], e._conversacion["esperado"]) == (3, None, None)
    modelo, r, v = _modelo_en_turno2(ns)
    e = falla(modelo, [SISTEMA, PIDE, ("asistente", r[0]), ("usuario", v[0]), ("asistente", "¿y?")],
              ns["HERRAMIENTAS"])
    assert (e._conversacion["mensaje"], e._conversacion["bloque"]) == (5, None)


def test_a_model_past_its_script_names_no_message_and_keeps_no_turns_if_told_not_to(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion[:1])
    modelo._turnos = None  # what calificador.py does: its models show nothing
    modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    e = falla(modelo, _turno2(r, v), ns["HERRAMIENTAS"])
    assert (e._conversacion["mensaje"], e._conversacion["bloque"]) == (None, None)
    assert modelo._turnos is None


# --- Each refusal carries its rule and place as data ----------------------------------------

def _datos(e):
    return e._regla, e._mensaje, e._bloque, e._herramienta


def test_an_off_script_refusal_carries_its_rule_message_and_block(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    e = falla(modelo, _turno2(r, v, [v[0][0], ns["resultado"]("t2", "otra cosa")]), ns["HERRAMIENTAS"])
    assert _datos(e) == ("fuera_de_guion", 4, 2, None)
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion[:1])
    modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert _datos(falla(modelo, _turno2(r, v), ns["HERRAMIENTAS"])) == ("guion_agotado", None, None, None)


def test_a_refusal_with_several_failures_carries_the_first_ones_place_and_every_rule(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [ns["texto"]("antes"), v[0][0]]  # a text before the results, and t2 without its result
    e = falla(modelo, _turno2(r, v, obs), ns["HERRAMIENTAS"])
    assert _datos(e) == ("sin_resultado", 3, None, None)
    assert e._reglas == ("sin_resultado", "resultados_primero")
    e = falla(ns["peticion"], _turno2(r, v, obs), ns["HERRAMIENTAS"])  # peticion() says the same
    assert _datos(e) == ("sin_resultado", 3, None, None)


def test_a_refusal_inside_a_block_or_a_tool_names_it(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [dict(v[0][0], content=[{"type": "text", "text": "x", "cita": 1}]), v[0][1]]
    e = falla(modelo, _turno2(r, v, obs), ns["HERRAMIENTAS"])
    assert _datos(e) == ("campo_que_sobra", 4, 1, None)
    herramientas = ns["HERRAMIENTAS"][:1] + [dict(ns["HERRAMIENTAS"][1], name="x" * 65)]
    assert _datos(falla(modelo, [SISTEMA, PIDE], herramientas)) == ("nombre_largo", None, None, 2)


def test_every_rule_key_raised_is_listed_and_every_listed_key_is_raised(ns):
    # Other files choose by these keys (an explanation per rule): the list is the contract.
    import re
    fuente = lee_py("guionizado.py")
    usadas = set(re.findall(r'(?:_rechazo\(|_fallo\(|_por_mensaje\(|_con_sitio\(.*?, |regla, motivo = )"([a-z_]+)"', fuente))
    assert usadas == set(ns["_REGLAS"]) and len(ns["_REGLAS"]) == len(set(ns["_REGLAS"]))
