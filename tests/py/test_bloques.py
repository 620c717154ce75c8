"""construir/bloques.py: the course index's blocks from curso.yaml, and their errors at curso.yaml's line."""
import pytest

from construir import bloques
from construir.errores import ErrorDeConstruccion


def _docs(*slugs):
    return [{"meta": {"slug": s, "orden": n}} for n, s in enumerate(slugs)]


def _agrupar(yaml_bloques, docs, existentes=None):
    texto = "titulo: Curso\ndescripcion: Uno.\n" + yaml_bloques
    existentes = {d["meta"]["slug"] for d in docs} if existentes is None else existentes
    return bloques.agrupar("curso.yaml", texto, docs, existentes)


def _problemas(*args):
    with pytest.raises(ErrorDeConstruccion) as e:
        _agrupar(*args)
    return e.value.problemas


def test_without_blocks_the_index_is_one_untitled_list():
    docs = _docs("a", "b")
    assert _agrupar("", docs) == [{"titulo": None, "lecciones": docs}]


def test_blocks_group_the_lessons_in_order():
    docs = _docs("a", "b", "c")
    grupos = _agrupar("bloques:\n  - titulo: Uno\n    lecciones: [a]\n  - titulo: Dos\n    lecciones:\n      - b\n      - c\n", docs)
    assert [(g["titulo"], [d["meta"]["slug"] for d in g["lecciones"]]) for g in grupos] == [("Uno", ["a"]), ("Dos", ["b", "c"])]


def test_a_block_naming_a_missing_lesson_fails_at_its_line():
    assert _problemas("bloques:\n  - titulo: Uno\n    lecciones:\n      - a\n      - zeta\n", _docs("a")) == [
        "curso.yaml:7: el bloque «Uno» nombra «zeta», que no es ninguna lección del curso (falta zeta.md)"]


def test_a_lesson_in_no_block_fails_at_bloques():
    assert _problemas("bloques:\n  - titulo: Uno\n    lecciones: [a]\n", _docs("a", "b")) == [
        "curso.yaml:3: la lección «b» no está en ningún bloque: añádela a la lista «lecciones» de uno"]


def test_a_lesson_in_two_blocks_fails_at_the_second():
    assert _problemas("bloques:\n  - titulo: Uno\n    lecciones: [a]\n  - titulo: Dos\n    lecciones: [a]\n", _docs("a")) == [
        "curso.yaml:7: «a» ya está en el bloque «Uno»; cada lección va en un solo bloque"]


def test_blocks_out_of_orden_fail_at_the_later_lesson():
    [problema] = _problemas("bloques:\n  - titulo: Uno\n    lecciones:\n      - b\n      - a\n", _docs("a", "b"))
    assert problema.startswith("curso.yaml:7: «a» (orden 0) va después de «b» (orden 1)")


def test_a_malformed_block_fails_at_its_line():
    assert _problemas("bloques:\n  - titulo: Uno\n    lecciones: a\n", _docs("a")) == [
        "curso.yaml:4: el bloque 1 debe tener solo «titulo» (un texto) y «lecciones» (una lista de slugs, no vacía)"]
    assert _problemas("bloques: Uno\n", _docs("a")) == [
        "curso.yaml:3: «bloques» debe ser una lista de bloques, cada uno con «titulo» y «lecciones»"]


def test_a_lesson_that_failed_to_read_is_not_reported_again():
    # "b" exists but did not load (its own error is shown): naming it is fine, and so is its absence from docs.
    assert _agrupar("bloques:\n  - titulo: Uno\n    lecciones: [a, b]\n", _docs("a"), {"a", "b"})[0]["titulo"] == "Uno"
