"""{red} at build time: construir/red.py, and build.py's errors for it, with the file:line of what
the author wrote."""
import json
import shutil
from pathlib import Path

import pytest

from construir import red, retos
from construir.errores import ErrorDeConstruccion
from construir.leer import leer

RAIZ = Path(__file__).resolve().parents[2]

CURSO = RAIZ / "lessons" / "llm-agents"
CABECERA = "---\ntitulo: Con red\nslug: con-red\norden: 9\nresumen: Una lección con su petición.\n---\n\nTexto.\n\n"


def _publico(contexto):
    ns = {"__name__": "__main__"}
    for nombre in ("guionizado.py", "entorno.py"):
        exec((RAIZ / "py" / nombre).read_text(encoding="utf-8"), ns)
    exec(contexto, ns)
    return ns


def _ultima_peticion(guion):
    """The model's last turn, written out here rather than through guion_de."""
    inicio, respuestas, visto = guion[:3]
    M = list(inicio)
    for r, v in zip(respuestas[:-1], visto[:-1]):
        M += [("asistente", r), ("usuario", v)]
    return M


def test_the_requests_are_peticion_of_the_last_turn_with_the_lessons_tools():
    archivo = CURSO / "llamar-herramientas.reto.py"
    esperado = retos.esperado(str(archivo), archivo.read_text(encoding="utf-8"))
    guion = esperado["conversacion"]["guion"]
    ns = _publico(esperado["contexto"])
    cuerpos = red.peticiones("x.md", 1, esperado)
    assert set(cuerpos) == {"anthropic", "openai"}
    for api, cuerpo in cuerpos.items():
        assert cuerpo == ns["peticion"](_ultima_peticion(guion), ns["HERRAMIENTAS"], api=api)
    a = cuerpos["anthropic"]
    # inicio is the system prompt and the user's question; then two messages per earlier turn.
    assert a["system"] == guion[0][0][1]
    assert len(a["messages"]) == 1 + 2 * (len(guion[1]) - 1)
    assert a["messages"][-1] == {"role": "user", "content": guion[2][-2]}
    assert a["tools"] == ns["HERRAMIENTAS"] and [h["name"] for h in a["tools"]] == ["leer", "escribir", "listar", "buscar"]
    assert [t["function"]["name"] for t in cuerpos["openai"]["tools"]] == ["leer", "escribir", "listar", "buscar"]


def test_a_context_that_redefines_the_tools_gives_its_own():
    guion = [[["usuario", "hola"]], [[{"type": "text", "text": "adiós"}]], [None]]
    esperado = {"reto": "r", "contexto": "HERRAMIENTAS = HERRAMIENTAS[:1]", "conversacion": {"guion": guion}}
    cuerpos = red.peticiones("x.md", 1, esperado)
    assert [h["name"] for h in cuerpos["anthropic"]["tools"]] == ["leer"]
    assert cuerpos["anthropic"]["messages"] == [{"role": "user", "content": "hola"}]


MALA = {"reto": "r", "contexto": "",
        "conversacion": {"guion": [[["usuario", "hola"]],
                                   [[{"type": "tool_use", "id": "t1", "name": "leer"}], [{"type": "text", "text": "ya"}]],
                                   [[{"type": "tool_result", "tool_use_id": "t1", "content": "x"}], None]]}}


def test_a_conversation_peticion_refuses_is_a_build_error_at_the_directive():
    with pytest.raises(ErrorDeConstruccion) as e:
        red.peticiones("lessons/llm-agents/x.md", 12, MALA)
    assert len(e.value.problemas) == 1
    assert e.value.problemas[0].startswith("lessons/llm-agents/x.md:12: no se puede escribir la petición del reto «r»: "
                                           "ErrorDeProtocolo: ")


@pytest.fixture
def curso(tmp_path):
    shutil.copy(CURSO / "llamar-herramientas.reto.py", tmp_path / "r.reto.py")
    return tmp_path


def _leccion(texto):
    doc, lineas = leer("con-red.md", CABECERA + texto)
    return doc, lineas


def test_build_names_an_unknown_challenge_at_its_reto_line(curso):
    doc, lineas = _leccion("```{red}\n:reto: nadie\n```\n")
    assert red.cargar(curso, "con-red.md", doc, lineas) == [
        f"con-red.md:11: no existe el reto «nadie»: falta {curso / 'nadie.reto.py'}"]


def test_build_gives_peticions_error_at_the_directives_line(curso, monkeypatch):
    monkeypatch.setattr(retos, "esperado", lambda ruta, fuente: MALA)
    doc, lineas = _leccion("Antes.\n\n```{red}\n:reto: r\n```\n")
    [problema] = red.cargar(curso, "con-red.md", doc, lineas)
    assert problema.startswith("con-red.md:12: no se puede escribir la petición del reto «r»: ErrorDeProtocolo: ")


def test_build_reuses_the_expectations_of_the_lessons_reto(curso, monkeypatch):
    doc, lineas = _leccion("```{reto}\n:reto: r\n```\n\n```{red}\n:reto: r\n```\n")
    assert retos.cargar(curso, "con-red.md", doc, lineas) == []
    monkeypatch.setattr(retos, "esperado", lambda ruta, fuente: pytest.fail("computed again"))
    assert red.cargar(curso, "con-red.md", doc, lineas) == []
    assert doc["bloques"][-1]["red"]["reto"] == "r"
    json.dumps(doc["bloques"][-1]["red"])  # plain JSON



def test_a_turn_and_its_reply_side_by_side_and_no_reply_for_a_scripted_http_error():
    archivo = CURSO / "fallos-de-la-api.reto.py"
    esperado = retos.esperado(str(archivo), archivo.read_text(encoding="utf-8"))
    # Turn 1 of its script is a 529; turn 2 resends the same two messages and gets the calls.
    cuerpos = red.peticiones("x.md", 3, esperado, turno=2, respuesta=True)
    assert [m["role"] for m in cuerpos["anthropic"]["messages"]] == ["user"]
    anthropic, openai = cuerpos["respuestas"]["anthropic"], cuerpos["respuestas"]["openai"]
    assert (anthropic["type"], anthropic["stop_reason"], anthropic["id"]) == ("message", "tool_use", "msg_guionizado_2")
    assert [b["type"] for b in anthropic["content"]] == ["text", "tool_use", "tool_use"]
    assert openai["choices"][0]["finish_reason"] == "tool_calls" and openai["usage"]["prompt_tokens"] > 0
    assert "respuestas" not in red.peticiones("x.md", 3, esperado, turno=2)
    with pytest.raises(ErrorDeConstruccion) as e:
        red.peticiones("x.md", 3, esperado, turno=1, respuesta=True)
    assert "x.md:3:" in str(e.value.problemas[0]) and "error HTTP" in str(e.value.problemas[0])
    with pytest.raises(ErrorDeConstruccion) as e:
        red.peticiones("x.md", 3, esperado, turno=9)
    assert "el guion tiene 4 turnos" in str(e.value.problemas[0])
