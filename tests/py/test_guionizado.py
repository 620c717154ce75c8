"""ModeloGuionizado, the protocol check and the wire exports.

Plain functions of a fresh learner namespace `ns`: tests/node/ runs these same tests in Pyodide.
"""
from comun import falla

SISTEMA = ("sistema", "Trabajas con los ficheros del usuario.")
PIDE = ("usuario", "Lee notas.txt")


def _conversacion(ns):
    """A 3-turn script: two calls, one call, a final text. Returns (guion, r, v)."""
    r = [[ns["texto"]("Miro."), ns["llamada"]("t1", "leer", ruta="notas.txt"),
          ns["llamada"]("t2", "listar", carpeta="")],
         [ns["llamada"]("t3", "buscar", patron="x")],
         [ns["texto"]("Hecho.")]]
    v = [[ns["resultado"]("t1", "hola"), ns["resultado"]("t2", "notas.txt")],
         [ns["resultado"]("t3", "")],
         None]
    return ns["guion_de"]([SISTEMA, PIDE], r, v), r, v


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
        modelo(M)
        M = M + [("asistente", r[k]), ("usuario", v[k] or [ns["texto"]("¿Y ahora?")])]
    e = falla(modelo, M)
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
    e = falla(ns["ModeloGuionizado"](guion), [SISTEMA, ("sistema", "Lee notas.txt")])
    assert str(e) == "turno 1, mensaje 2: rol esperado 'usuario', recibido 'sistema'"


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


def test_off_script_is_error_must_be_a_real_bool(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [dict(v[0][0], is_error=0), v[0][1]]
    assert _fuera(ns, _turno2(r, v, obs)) == (
        "turno 2, mensaje 4 (usuario), bloque 1: is_error esperado False, recibido 0")


def test_off_script_extra_key(ns):
    modelo, r, v = _modelo_en_turno2(ns)
    obs = [v[0][0], dict(v[0][1], nota="mía")]
    assert _fuera(ns, _turno2(r, v, obs)) == (
        "turno 2, mensaje 4 (usuario), bloque 2: sobra el campo nota (con 'mía')")


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
    e = falla(modelo, [SISTEMA, PIDE, ("asistente", cambiada), ("usuario", v[0])])
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
    guion, r, v = _conversacion(ns)
    e = falla(ns["ModeloGuionizado"](guion), [SISTEMA])
    assert str(e) == "turno 1, mensaje 2 (usuario): falta; el guion espera 2 mensajes y han llegado 1"
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
    fallos = _fallos(ns, ("asistente", r[0]), ("asistente", [ns["texto"]("¿Sigo?")]), ("usuario", v[0]))
    assert fallos[0].startswith("mensaje 3 (asistente): hay ids de tool_use sin su bloque tool_result")
    assert fallos[1].startswith("mensaje 5 (usuario): tool_use_id inesperado en los bloques tool_result: t1, t2.")


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
        "mensaje 1 (asistente), bloque 1 (tool_use): falta el campo id o no es una cadena"]
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


# --- The tool list --------------------------------------------------------------------------

def test_tools_are_checked_like_an_api_would(ns):
    herramienta = ns["HERRAMIENTAS"][0]
    casos = [
        ([dict(herramienta, name="leer fichero")],
         "herramienta 1 ('leer fichero'): el nombre debe cumplir ^[a-zA-Z0-9_-]{1,64}$"),
        ([dict(herramienta, name="x" * 65)], "el nombre debe cumplir"),
        ([{"name": "leer", "description": "Lee."}], "herramienta 1 ('leer'): falta input_schema"),
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


# --- The API's own message shape ----------------------------------------------------------------

def _en_forma_api(M):
    roles = {"sistema": "system", "usuario": "user", "asistente": "assistant"}
    return [{"role": roles[rol], "content": c} for rol, c in M]


def test_api_message_shape_plays_the_same_script(ns):
    guion, r, v = _conversacion(ns)
    modelo = ns["ModeloGuionizado"](guion)
    assert modelo(_en_forma_api([SISTEMA, PIDE])) == r[0]
    assert modelo(_en_forma_api(_turno2(r, v))) == r[1]
    e = falla(modelo, _en_forma_api(_turno2(r, v)))
    assert str(e).startswith("turno 3, mensaje 5 (asistente): falta")


def test_api_shape_protocol_errors_too(ns):
    guion, r, v = _conversacion(ns)
    fallos = ns["fallos_de_protocolo"](_en_forma_api(_turno2(r, v, obs=v[0][:1])))
    assert fallos[0].startswith("mensaje 3 (asistente): hay ids de tool_use sin su bloque tool_result")


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
    assert ns["peticion"](_en_forma_api(_turno2(r, v)), herramientas) == cuerpo


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


def test_export_is_json_and_rejects_an_unknown_api(ns):
    import json
    guion, r, v = _conversacion(ns)
    for api in ("anthropic", "openai"):
        cuerpo = ns["peticion"](_turno2(r, v), ns["HERRAMIENTAS"], api=api)
        assert json.loads(json.dumps(cuerpo)) == cuerpo
    e = falla(ns["peticion"], _turno2(r, v), ns["HERRAMIENTAS"], api="gemini")
    assert isinstance(e, ValueError) and "gemini" in str(e)
