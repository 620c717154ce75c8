"""ModeloReal (py/guionizado.py) in CPython, against tests/api/falsa.py's answers: the same call and
reply as the scripted model, the request bodies the official SDKs' types accept, the API's errors
as ErrorDeLaAPI, the protocol checked before any call, and the one sentence where it cannot run.
The page's side (the key, the caps, the meter) is tests/e2e/modelo-real.test.mjs.
"""
import json
import sys
import types

import pytest

pytest.importorskip("anthropic.types", reason="pip install -r requirements.txt")
sys.path.insert(0, "tests/api")
import falsa  # noqa: E402

PIDE = ("usuario", "¿Qué tiempo hace en San Francisco?")
TIEMPO = [{"name": "get_weather", "description": "El tiempo de una ciudad",
           "input_schema": {"type": "object", "properties": {"location": {"type": "string"}},
                            "required": ["location"]}}]
RUTAS = {"anthropic": "/v1/messages", "openai": "/v1/chat/completions"}
CLAVES = {"x-api-key": "k", "authorization": "Bearer k", "anthropic-version": "2023-06-01", "anthropic-dangerous-direct-browser-access": "true"}


@pytest.fixture
def pagina():
    """A stand-in for the page's _pagina module: answers with tests/api/falsa.py, keeps what it got."""
    enviadas = []

    def llamar_api(peticion):
        enviadas.append(peticion)
        cuerpo = json.loads(json.dumps(peticion["cuerpo"]))  # what crosses to the page is JSON
        status, respuesta, extra = falsa.contestar(RUTAS[peticion["api"]], CLAVES, cuerpo)
        tras = extra.get("retry-after")
        return {"status": status, "cuerpo": respuesta, "reintentar_tras": tras and int(tras)}
    sys.modules["_pagina"] = types.SimpleNamespace(llamar_api=llamar_api)
    yield enviadas
    del sys.modules["_pagina"]


@pytest.mark.parametrize("api", ["anthropic", "openai"])
def test_a_loop_runs_against_the_api_as_against_the_script(ns, pagina, api):
    modelo = ns["ModeloReal"](api=api, modelo="claude-haiku-4-5" if api == "anthropic" else "gpt-4o-mini")
    r = modelo([PIDE], TIEMPO)
    assert (r.stop_reason, r[-1]["type"], r[-1]["name"]) == ("tool_use", "tool_use", "get_weather")
    M = [PIDE, ("asistente", list(r)), ("usuario", [ns["resultado"](r[-1]["id"], "18 grados")])]
    final = modelo(M, TIEMPO)
    assert final.stop_reason == "end_turn" and final[0]["type"] == "text"
    assert final.usage == ({"input_tokens": 2095, "output_tokens": 503} if api == "anthropic"
                           else {"input_tokens": 9, "output_tokens": 12})
    assert [p["url"] for p in pagina] == [("https://api.anthropic.com/v1/messages" if api == "anthropic"
                                           else "https://api.openai.com/v1/chat/completions")] * 2
    assert all(p["cuerpo"]["max_tokens"] == 1024 for p in pagina)  # the cap, whatever was asked
    assert [t["turno"] for t in modelo._turnos] == [1, 2]  # ver_conversacion(modelo) draws them


@pytest.mark.parametrize("modelo, status, tipo, tras", [("limitado", 429, "rate_limit_error", 7),
                                                        ("sobrecargado", 529, "overloaded_error", None)])
def test_an_http_error_is_the_apis_error(ns, pagina, modelo, status, tipo, tras):
    with pytest.raises(ns["ErrorDeLaAPI"]) as e:
        ns["ModeloReal"](modelo=modelo)([PIDE], TIEMPO)
    assert (e.value.status, e.value.tipo, e.value.reintentar_tras) == (status, tipo, tras)


def test_a_broken_conversation_is_refused_before_it_costs_a_call(ns, pagina):
    huerfano = [PIDE, ("asistente", "Miro."), ("usuario", [ns["resultado"]("t9", "x")])]
    with pytest.raises(ns["ErrorDeProtocolo"]):
        ns["ModeloReal"](modelo="m", max_tokens=5000)(huerfano, TIEMPO)
    assert pagina == []


def test_a_reply_without_the_apis_shape_is_refused(ns, pagina):
    sys.modules["_pagina"].llamar_api = lambda p: {"status": 200, "cuerpo": {"hola": 1}, "reintentar_tras": None}
    with pytest.raises(ns["RespuestaMalFormada"], match="no tiene la forma"):
        ns["ModeloReal"](modelo="m")([PIDE], TIEMPO)


def test_outside_the_page_it_says_why_in_one_sentence(ns):
    with pytest.raises(ns["ModeloNoDisponible"], match="solo llama a un modelo desde una celda"):
        ns["ModeloReal"](modelo="m")([PIDE], TIEMPO)


def test_the_page_says_why_when_it_cannot(ns, pagina):
    sys.modules["_pagina"].llamar_api = lambda p: {"fallo": "El modelo real está desactivado."}
    with pytest.raises(ns["ModeloNoDisponible"], match="^El modelo real está desactivado.$"):
        ns["ModeloReal"](modelo="m")([PIDE], TIEMPO)
