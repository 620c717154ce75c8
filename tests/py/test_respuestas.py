"""py/guionizado.py's replies with every field (Respuesta, respuesta_api) and the faults a script
declares (cortada, rechazada, error_http, ErrorDeLaAPI), also across the grader's JSON boundary.

Plain functions of a fresh learner namespace `ns`: tests/node/ runs these same tests in Pyodide.
"""
import copy
import json

import calificador
import corpus
import entrega
import hijo
import juez
import transporte
from comun import falla, lee_py

SISTEMA = ("sistema", "Trabajas con los ficheros del usuario.")
PIDE = ("usuario", "Lee notas.txt")


def _guion(ns, respuestas, visto):
    return ns["guion_de"]([SISTEMA, PIDE], respuestas, visto)


def _dos_turnos(ns):
    r = [[ns["texto"]("Miro."), ns["llamada"]("t1", "leer", ruta="notas.txt")], [ns["texto"]("Hecho.")]]
    v = [[ns["resultado"]("t1", "hola")], None]
    return ns["ModeloGuionizado"](_guion(ns, r, v)), r, v


# --- A reply is the list of blocks it always was, with the Message's other fields ------------

def test_a_reply_is_its_list_of_blocks_for_every_existing_use(ns):
    modelo, r, v = _dos_turnos(ns)
    a = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert a == r[0] and r[0] == a and isinstance(a, list)
    assert repr(a) == repr(r[0]) and str(a) == str(r[0])
    assert json.dumps(a) == json.dumps(r[0]) and json.loads(json.dumps(a)) == r[0]
    assert [b["type"] for b in a] == ["text", "tool_use"] and len(a) == 2
    for copia in (copy.deepcopy(a), copy.copy(a)):
        assert copia == a and copia is not a
        assert (copia.stop_reason, copia.usage, copia.id, copia.model) == (a.stop_reason, a.usage, a.id, a.model)
    profunda = copy.deepcopy(a)
    profunda[1]["input"]["ruta"] = "otra.txt"
    assert a[1]["input"]["ruta"] == "notas.txt"


def test_stop_reason_says_whether_the_reply_calls_a_tool(ns):
    modelo, r, v = _dos_turnos(ns)
    a = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    b = modelo([SISTEMA, PIDE, ("asistente", a), ("usuario", v[0])], ns["HERRAMIENTAS"])
    assert (a.stop_reason, b.stop_reason) == ("tool_use", "end_turn")
    assert (a.id, b.id, a.model, a.stop_sequence) == ("msg_guionizado_1", "msg_guionizado_2",
                                                        "modelo-guionizado", None)


def test_the_token_estimate_is_the_compact_json_of_request_and_reply_over_four_rounded_up(ns):
    modelo, r, v = _dos_turnos(ns)
    M = [SISTEMA, PIDE]
    a = modelo(M, ns["HERRAMIENTAS"])
    compacto = lambda x: len(json.dumps(x, ensure_ascii=False, separators=(",", ":")))  # noqa: E731
    assert a.usage == {"input_tokens": -(-compacto(ns["peticion"](M, ns["HERRAMIENTAS"])) // 4),
                       "output_tokens": -(-compacto(r[0]) // 4)}
    M2 = M + [("asistente", a), ("usuario", v[0])]
    b = modelo(M2, ns["HERRAMIENTAS"])
    assert b.usage["input_tokens"] > a.usage["input_tokens"]  # each turn resends the whole history
    # Deterministic: the same conversation gives the same counts, in pairs or as the API's dicts.
    otro, _, _ = _dos_turnos(ns)
    assert otro([{"role": "system", "content": "x"}][:0] + [SISTEMA, PIDE], ns["HERRAMIENTAS"]).usage == a.usage


def test_a_script_can_say_another_stop_reason(ns):
    bloques = [ns["texto"]("Te lo cuento en")]
    modelo = ns["ModeloGuionizado"](_guion(ns, [ns["cortada"](bloques)], [None]))
    r = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert r == bloques and r.stop_reason == "max_tokens"
    modelo = ns["ModeloGuionizado"](_guion(ns, [ns["rechazada"]()], [None]))
    r = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert r == [] and r.stop_reason == "refusal"
    assert "stop_reason debe ser uno de" in str(falla(ns["con_motivo"], bloques, "cansado"))


def test_a_cut_reply_ends_in_its_incomplete_tool_use(ns):
    ll, texto = ns["llamada"], ns["texto"]
    cortada = ns["cortada"]([texto("Apunto la lista."), ll("t1", "escribir", ruta="lista.txt")])
    modelo = ns["ModeloGuionizado"](ns["guion_de"]([SISTEMA, PIDE], [cortada], [None]))
    r = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert r.stop_reason == "max_tokens" and r[-1]["type"] == "tool_use"
    assert ns["incumple"](r[-1])  # its input stops short of its schema: never run it


# --- Faults: HTTP errors ----------------------------------------------------------------------

def test_an_http_error_is_raised_with_the_apis_error_json_and_a_retry_gets_the_next_turn(ns):
    fin = [ns["texto"]("Hecho.")]
    respuestas = [ns["error_http"](529), ns["error_http"](429, reintentar_tras=2), ns["error_http"](500), fin]
    modelo = ns["ModeloGuionizado"](_guion(ns, respuestas, [None] * 4))
    vistos = []
    for esperado in ((529, "overloaded_error", None), (429, "rate_limit_error", 2), (500, "api_error", None)):
        e = falla(modelo, [SISTEMA, PIDE], ns["HERRAMIENTAS"])
        assert isinstance(e, ns["ErrorDeLaAPI"])
        assert (e.status, e.tipo, e.reintentar_tras) == esperado
        assert e.cuerpo["type"] == "error" and e.cuerpo["error"]["type"] == esperado[1]
        assert set(e.cuerpo) == {"type", "error", "request_id"} and set(e.cuerpo["error"]) == {"type", "message"}
        vistos.append(str(e))
    assert vistos[0] == "HTTP 529, overloaded_error: Overloaded"
    assert vistos[1].endswith("(retry-after: 2 s)")
    assert modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"]) == fin and modelo.turno == 4


def test_a_400_says_its_message_and_a_script_refuses_unknown_statuses(ns):
    modelo = ns["ModeloGuionizado"](_guion(ns, [ns["error_http"](400, mensaje="max_tokens: too large")], [None]))
    e = falla(modelo, [SISTEMA, PIDE], ns["HERRAMIENTAS"])
    assert (e.status, e.tipo, e.cuerpo["error"]["message"]) == (400, "invalid_request_error", "max_tokens: too large")
    assert "status debe ser uno de 400, 429, 500, 529" in str(falla(ns["error_http"], 418))


def test_the_protocol_is_checked_before_any_scripted_fault(ns):
    modelo = ns["ModeloGuionizado"](_guion(ns, [ns["error_http"](529)], [None]))
    e = falla(modelo, [SISTEMA, ("usuario", "")], ns["HERRAMIENTAS"])
    assert isinstance(e, ns["ErrorDeProtocolo"])


def test_a_fault_is_recorded_as_a_turn_that_failed(ns):
    modelo = ns["ModeloGuionizado"](_guion(ns, [ns["error_http"](429, reintentar_tras=3), [ns["texto"]("Ya.")]],
                                           [None, None]))
    falla(modelo, [SISTEMA, PIDE], ns["HERRAMIENTAS"])
    modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    fallo, bien = modelo._turnos
    assert fallo["error"] == "ErrorDeLaAPI: HTTP 429, rate_limit_error: Rate limit exceeded (retry-after: 3 s)"
    assert fallo["http"]["status"] == 429 and fallo["http"]["reintentar_tras"] == 3
    assert bien["stop_reason"] == "end_turn" and set(bien["usage"]) == {"input_tokens", "output_tokens"}


# --- respuesta_api: the body the real API sends ---------------------------------------------

def test_respuesta_api_is_the_message_and_the_chat_completion_of_the_reply(ns):
    modelo, r, v = _dos_turnos(ns)
    a = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    m = ns["respuesta_api"](a)
    assert m == {"id": "msg_guionizado_1", "type": "message", "role": "assistant", "model": "modelo-guionizado",
                 "content": r[0], "stop_reason": "tool_use", "stop_sequence": None, "usage": a.usage}
    c = ns["respuesta_api"](a, "openai")
    eleccion = c["choices"][0]
    assert eleccion["finish_reason"] == "tool_calls" and eleccion["message"]["content"] == "Miro."
    assert eleccion["message"]["tool_calls"] == [{"id": "t1", "type": "function", "function": {
        "name": "leer", "arguments": '{"ruta": "notas.txt"}'}}]
    assert c["usage"]["total_tokens"] == a.usage["input_tokens"] + a.usage["output_tokens"]
    finales = {"end_turn": "stop", "tool_use": "tool_calls", "max_tokens": "length", "refusal": "content_filter"}
    for motivo, fin in finales.items():
        r = ns["Respuesta"]([ns["texto"]("No.")], motivo)
        assert ns["respuesta_api"](r, "openai")["choices"][0]["finish_reason"] == fin
    negativa = ns["respuesta_api"](ns["Respuesta"]([ns["texto"]("No puedo.")], "refusal"), "openai")
    assert negativa["choices"][0]["message"]["refusal"] == "No puedo."
    assert "api debe ser" in str(falla(ns["respuesta_api"], a, "gemini"))


def test_respuesta_api_of_the_body_gives_back_the_reply(ns):
    modelo, r, v = _dos_turnos(ns)
    a = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    b = ns["_de_respuesta_api"](json.loads(json.dumps(ns["respuesta_api"](a))))
    assert b == a and (b.stop_reason, b.usage, b.id, b.model) == (a.stop_reason, a.usage, a.id, a.model)


# --- Across the grader: the learner's side gets every field and the learner's own classes ---

_RECOGE = '''\
def bucle(modelo, inicio, entorno, tope):
    M, vistos = list(inicio), []
    for _ in range(tope):
        try:
            r = modelo(M, HERRAMIENTAS)
        except ErrorDeLaAPI as e:
            vistos.append([type(e).__name__, e.status, e.tipo, e.reintentar_tras, e.cuerpo["error"]["type"]])
            continue
        vistos.append([type(r).__name__, r.stop_reason, sorted(r.usage), r.id, r.model, list(r) == r])
        M.append(("asistente", r))
        if r.stop_reason != "tool_use":
            break
        M.append(("usuario", [ejecutar(ll, entorno) for ll in r if ll["type"] == "tool_use"]))
    return repr(vistos), M
'''


class _ComoElHijo(transporte.Transporte):
    """EnEsteInterprete with every tool and model call crossing as calificar.py's child sends it:
    JSON both ways, through juez.ejecuta_herramienta and hijo's way of raising what came back."""

    def __init__(self, en_este):
        self.en_este = en_este

    def prepara(self):
        return self.en_este.prepara()

    def llama(self, argumentos, herramientas, funciones):
        def remota(nombre):
            def herramienta(destino, *args, **kwargs):
                pedido = json.loads(json.dumps({"nombre": nombre, "args": list(args), "kwargs": kwargs,
                                                "entorno": {"mismo": True}}))
                r = json.loads(json.dumps(juez.ejecuta_herramienta(funciones, pedido)))
                if "excepcion" in r:
                    raise hijo._clase(r["excepcion"]["tipo"])(*r["excepcion"]["args"])
                return r["valor"], r.get("entorno")
            return herramienta
        return self.en_este.llama(argumentos, herramientas, {n: remota(n) for n in funciones})


def _vistos(ns, como_el_hijo):
    reto = corpus.carga_reto("el-bucle")
    publico = calificador.espacio(calificador.fuentes_publicas(reto))
    suyo, problema, _ = entrega.carga_entrega(calificador.fuentes_publicas(reto), _RECOGE)
    assert problema is None
    t = transporte.EnEsteInterprete(suyo, "bucle")
    t = _ComoElHijo(t) if como_el_hijo else t
    ll, texto, res = ns["llamada"], ns["texto"], ns["resultado"]
    guion = [[SISTEMA, PIDE], [ns["error_http"](529), [ll("t1", "leer", ruta="notas.txt")], [texto("Ya.")]],
             [None, [res("t1", ns["ENTORNO"]["notas.txt"])], None]]
    juego = calificador.juegos(publico)["herramientas"]
    r, *_ = calificador.ejecuta(t, {"guion": guion, "tope": 5}, ns["ENTORNO"], juego,
                                calificador.gasto_nuevo(), "bucle", publico=publico)
    return r["valor"][0]


def test_the_learners_loop_gets_every_field_and_its_own_error_class_in_the_page_and_the_child(ns):
    en_la_pagina = _vistos(ns, False)
    assert en_la_pagina == _vistos(ns, True)
    assert en_la_pagina.startswith("[['ErrorDeLaAPI', 529, 'overloaded_error', None, 'overloaded_error'], "
                                   "['Respuesta', 'tool_use', ['input_tokens', 'output_tokens'], "
                                   "'msg_guionizado_2', 'modelo-guionizado', True], ['Respuesta', 'end_turn'")


def test_respuesta_api_reads_the_fields_of_a_reply_from_another_load_of_guionizado(ns):
    modelo, r, v = _dos_turnos(ns)
    a = modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    otra = {"__name__": "__main__"}
    exec(lee_py("guionizado.py"), otra)  # a later cell loads it again: another class Respuesta
    assert otra["respuesta_api"](a) == ns["respuesta_api"](a)
    assert otra["respuesta_api"](list(a))["usage"]["input_tokens"] == 0  # a bare list: no request to count


# --- The conversation view ------------------------------------------------------------------

def _con_un_529(ns):
    fin = [ns["texto"]("Hecho.")]
    modelo = ns["ModeloGuionizado"](_guion(ns, [ns["error_http"](529), fin], [None, None]))
    falla(modelo, [SISTEMA, PIDE], ns["HERRAMIENTAS"])
    modelo([SISTEMA, PIDE], ns["HERRAMIENTAS"])
    return modelo


def test_the_view_of_a_run_has_each_replys_stop_reason_and_tokens_and_a_fault_as_what_it_is(ns):
    import vista
    fallo, bien = vista.de_turnos(_con_un_529(ns)._turnos)
    assert (fallo["http"]["status"], fallo["marca"], fallo["esperado"], fallo["motivo"]) == (529, None, None, None)
    assert fallo["error"] == "ErrorDeLaAPI: HTTP 529, overloaded_error: Overloaded"
    assert [m["rol"] for m in fallo["datos"]["mensajes"]] == ["sistema", "usuario"]
    assert bien["motivo"] == "end_turn" and bien["http"] is None and bien["uso"]["input_tokens"] > 0


def test_the_text_view_says_the_api_did_not_answer_and_that_the_retry_resends_the_same(ns, capsys):
    ns["ver_conversacion"](_con_un_529(ns))
    salida = capsys.readouterr().out
    assert "y la API no contesta: ErrorDeLaAPI: HTTP 529, overloaded_error: Overloaded" in salida
    assert "turno 2: el modelo recibe 2 mensajes; los mismos que en el turno anterior\ny contesta:" in salida
