"""construir/leer.py's authoring errors: a front matter or a fence it cannot read, at its file:line."""
import pytest

from autoria import CABECERA, RUTA, claves_del_dict
from construir.errores import ErrorDeConstruccion
from construir.leer import leer

CASOS = [
    pytest.param(CABECERA.replace("orden: 99", "orden: [99"),
                 "5: YAML no válido en la cabecera: expected ',' or ']', but got ':'", id="broken YAML"),
    pytest.param("Texto.\n", "1: falta la cabecera: la lección debe empezar con una línea '---', los metadatos "
                             "en YAML y otra línea '---'", id="no front matter"),
    pytest.param("---\ntitulo: Lección rota\n\nTexto.\n", "1: la cabecera no se cierra: falta la segunda línea '---'",
                 id="a front matter left open"),
    pytest.param("---\n- titulo\n- slug\n---\n\nTexto.\n", "2: la cabecera debe ser una lista de 'clave: valor'",
                 id="a front matter that is a list"),
    pytest.param(CABECERA + "- un punto\n\n  ```{celda}\n  print(1)\n  ```\n",
                 "12: la directiva {celda} está dentro de una lista o una cita; las directivas van solas, al nivel "
                 "superior del texto", id="a directive inside a list"),
    pytest.param(CABECERA + "```{celda}\nprint(1)\n",
                 "10: la directiva ```{celda} no se cierra: falta la línea ``` final", id="an unclosed fence"),
    # A fence left open swallows what follows it; the error is at its opening line.
    pytest.param(CABECERA + "```{celda}\nprint(1)\n\nMás texto.\n\n```{celda}\nprint(2)\n```\n",
                 "10: la directiva ```{celda} no se cierra: falta la línea ``` final antes de la línea 15 (```{celda}), "
                 "que abre otro bloque (si esa línea es parte de la directiva, usa ```` para abrirla y cerrarla)",
                 id="a cell left open before prose and a cell"),
    pytest.param(CABECERA + "```{celda}\nprint(1)\n\nMás texto.\n\n```python\nx = 1\n```\n",
                 "10: la directiva ```{celda} no se cierra: falta la línea ``` final antes de la línea 15 (```python), "
                 "que abre otro bloque (si esa línea es parte de la directiva, usa ```` para abrirla y cerrarla)",
                 id="a cell left open before prose and a code block"),
    pytest.param(CABECERA + "```{celda}\nprint(1)\n\nMás texto, que sería parte de la celda.\n",
                 "10: la directiva ```{celda} no se cierra: falta la línea ``` final", id="a cell left open to the end"),
    pytest.param(CABECERA + "```python\nx = 1\n\n```{celda}\nprint(2)\n```\n",
                 "10: el bloque ```python no se cierra: falta la línea ``` final antes de la línea 13 (```{celda}), "
                 "que abre otro bloque (si esa línea es parte del bloque, usa ```` para abrirlo y cerrarlo)",
                 id="a code block left open before a cell"),
    pytest.param(CABECERA + "Más texto.\n\n~~~\nx = 1\n",
                 "12: el bloque ~~~ no se cierra: falta la línea ~~~ final", id="a code block left open to the end"),
    pytest.param(CABECERA + "- un punto\n\n  ```python\n  x = 1\n\n- otro punto\n",
                 "12: el bloque ```python no se cierra: falta la línea ``` final", id="a code block in a list left open"),
]


@pytest.mark.parametrize("texto, esperado", CASOS)
def test_a_lesson_that_cannot_be_read_fails_at_the_line_of_its_fault(texto, esperado):
    with pytest.raises(ErrorDeConstruccion) as e:
        leer(RUTA, texto)
    assert e.value.problemas == [f"{RUTA}:{esperado}"]
    assert claves_del_dict(e.value.problemas) == []
