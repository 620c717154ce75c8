"""respuesta_api against the official SDKs' own types: every reply that the lessons' cells and the
challenges' references get from the scripted model validates as the body a real API sends, an
anthropic.types.Message and an openai.types.chat.ChatCompletion.

The SDKs are pinned in requirements.txt for this test alone; nothing else imports them.
"""
import builtins
import contextlib
import io
import sys
import types

import pytest

import calificador
import carga
import comun
import corpus
import entrega
import transporte
from construir import leer

anthropic_types = pytest.importorskip("anthropic.types", reason="pip install -r requirements.txt")
openai_chat = pytest.importorskip("openai.types.chat", reason="pip install -r requirements.txt")
import pydantic  # noqa: E402  (the SDKs bring it)

# Appended to guionizado.py's source: each reply the model gives is also kept in _ANOTADAS.
_GANCHO = '''

def _contesta(*argumentos, _original=_contesta):
    respuesta = _original(*argumentos)
    __import__("builtins")._ANOTADAS.append(respuesta)
    return respuesta
'''


@pytest.fixture
def anotadas():
    builtins._ANOTADAS = []
    yield builtins._ANOTADAS
    del builtins._ANOTADAS


def _fuente(nombre):
    return comun.lee_py(nombre) + (_GANCHO if nombre == "guionizado.py" else "")


def _valida(respuestas, ns):
    assert respuestas
    for r in respuestas:
        m = anthropic_types.Message.model_validate(ns["respuesta_api"](r, "anthropic"))
        assert (m.stop_reason, m.usage.input_tokens, m.usage.output_tokens) == (
            r.stop_reason, r.usage["input_tokens"], r.usage["output_tokens"])
        assert [b.type for b in m.content] == [b["type"] for b in r]
        c = openai_chat.ChatCompletion.model_validate(ns["respuesta_api"](r, "openai"))
        assert c.choices[0].finish_reason and c.usage.completion_tokens == r.usage["output_tokens"]


def test_the_sdks_refuse_what_is_not_their_type(ns):
    r = ns["Respuesta"]([ns["texto"]("Hola.")])
    mal = dict(ns["respuesta_api"](r), stop_reason="cansado")
    with pytest.raises(pydantic.ValidationError):
        anthropic_types.Message.model_validate(mal)
    mal = ns["respuesta_api"](r, "openai")
    mal["choices"][0]["finish_reason"] = "end_turn"
    with pytest.raises(pydantic.ValidationError):
        openai_chat.ChatCompletion.model_validate(mal)


def test_every_reply_of_every_lesson_cell_is_a_message_and_a_chat_completion(anotadas, monkeypatch):
    def open_url(url):
        return io.StringIO(_fuente(url.rsplit("/", 1)[-1]))
    paquete = sys.modules.get("pyodide") or types.ModuleType("pyodide")
    http = types.ModuleType("pyodide.http")
    http.open_url, paquete.http = open_url, http
    monkeypatch.setitem(sys.modules, "pyodide", paquete)
    monkeypatch.setitem(sys.modules, "pyodide.http", http)
    monkeypatch.setattr(builtins, "input", lambda *a: "sí")
    monkeypatch.setattr("time.sleep", lambda s: None)
    ns = {}
    for ruta in corpus.lecciones():
        with open(ruta, encoding="utf-8") as f:
            leccion = leer.leer(ruta, f.read())[0]
        ns = {"__name__": "__main__"}
        for bloque in leccion["bloques"]:
            if bloque["tipo"] != "celda" or bloque.get("opciones", {}).get("termina") == "detenida":
                continue
            with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(Exception):
                exec(compile(bloque["codigo"], ruta, "exec"), ns)
    _valida(anotadas, ns)
    motivos = {r.stop_reason for r in anotadas}
    assert {"tool_use", "end_turn"} <= motivos, motivos


def test_every_reply_the_references_get_is_a_message_and_a_chat_completion(anotadas, ns):
    for nombre in corpus.retos():
        with open(corpus.archivo(nombre), encoding="utf-8") as f:
            reto = carga.carga(nombre, f.read(), _fuente("guionizado.py"), _fuente("entorno.py"))
        suyo, problema, salida = entrega.carga_entrega(calificador.fuentes_publicas(reto), reto.solucion)
        antes = len(anotadas)
        informe = calificador.califica(reto, transporte.EnEsteInterprete(suyo, reto.funcion, problema), 7)
        assert informe["score"] == informe["max_score"] and len(anotadas) > antes, nombre
    _valida(anotadas, ns)
    motivos = {r.stop_reason for r in anotadas}
    assert {"tool_use", "end_turn", "max_tokens", "refusal"} <= motivos, motivos


def test_the_user_parts_guionizado_names_are_chat_completions_own(ns):
    # The refusal of a block Chat Completions cannot carry lists what a user message can:
    # every member of the SDK's ChatCompletionContentPartParam, by its type.
    import typing
    tipos = {typing.get_args(typing.get_type_hints(parte)["type"])[0]
             for parte in typing.get_args(openai_chat.ChatCompletionContentPartParam)}
    assert tipos == set(ns["_PARTES_DEL_USUARIO"]) == {"text", "image_url", "input_audio", "file"}


def test_the_user_parts_peticion_sends_are_chat_completions_messages(ns):
    base64 = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}}
    url = {"type": "image", "source": {"type": "url", "url": "https://example.com/foto.jpg"}}
    M = [("sistema", "Describe."), ("usuario", [base64, url, ns["texto"]("¿Qué se ve?")])]
    mensaje = pydantic.TypeAdapter(openai_chat.ChatCompletionMessageParam)
    partes = pydantic.TypeAdapter(list[openai_chat.ChatCompletionContentPartParam])  # the SDK's is lazy
    mensajes = ns["peticion"](M, [], api="openai")["messages"]
    for m in mensajes:
        assert mensaje.validate_python(m)["role"] == m["role"]
    assert partes.validate_python(mensajes[1]["content"]) == mensajes[1]["content"]
    assert [p["type"] for p in mensajes[1]["content"]] == ["image_url", "image_url", "text"]
