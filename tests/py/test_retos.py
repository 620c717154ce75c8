"""construir/retos.py's public parts of a challenge: what the page gets of a .reto.py, and its file:line errors."""
import re
from pathlib import Path

import pytest

import corpus
from autoria import CURSO, RAIZ, claves_del_dict
from construir import retos
from construir.errores import ErrorDeConstruccion

RETOS = corpus.retos()


def test_the_lessons_have_challenges_to_check():
    assert RETOS


@pytest.mark.parametrize("nombre", RETOS)
def test_the_page_gets_a_challenges_statement_starting_code_hints_and_discussion_only(nombre):
    reto, archivo = corpus.carga_reto(nombre), Path(corpus.archivo(nombre)).resolve()
    publico = retos.publico(archivo.relative_to(RAIZ).as_posix(), archivo.read_text(encoding="utf-8"))
    assert set(publico) == {"enunciado", "plantilla", "pistas", "discusion"}
    assert (publico["enunciado"], publico["plantilla"]) == (reto.enunciado, reto.plantilla)
    assert all(set(p) == {"texto", "tras"} for p in publico["pistas"]) and isinstance(publico["discusion"], str)


def test_some_challenge_has_hints_and_a_discussion_for_the_test_above_to_check():
    # Hints and a discussion are optional (docs/autores.md): how many a challenge has is its author's call.
    publicos = [retos.publico(n, Path(corpus.archivo(n)).read_text(encoding="utf-8")) for n in RETOS]
    assert any(p["pistas"] and p["discusion"] for p in publicos)


def test_a_challenge_file_missing_a_name_fails_with_its_file_and_line():
    fuente = (CURSO / "llamar-herramientas.reto.py").read_text(encoding="utf-8")
    roto, cambios = re.subn(r"^FUNCION = .*$", "FUNCION = 3", fuente, count=1, flags=re.M)
    assert cambios == 1
    linea = next(n for n, fila in enumerate(fuente.splitlines(), 1) if fila.startswith("FUNCION = "))
    with pytest.raises(ErrorDeConstruccion) as e:
        retos.publico("lessons/llm-agents/roto.reto.py", roto)
    assert e.value.problemas == [f"lessons/llm-agents/roto.reto.py:{linea}: FUNCION debe ser un texto "
                                 "(el nombre de la función que escribe quien aprende)"]
    assert claves_del_dict(e.value.problemas) == []
