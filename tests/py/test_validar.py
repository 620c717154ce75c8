"""construir/validar.py's authoring errors: a lesson that reads but breaks the schema or a rule it cannot express."""
import pytest

from autoria import CABECERA, LECTURAS, RUTA, VALIDADOR, claves_del_dict
from construir.leer import leer
from construir.validar import validar

CASOS = [
    pytest.param(CABECERA + "```{celda}\n:id: a\n:color: rojo\nprint(1)\n```\n",
                 "12: «:color:» no se admite en {celda}; se admite: :id:, :usa:, :termina:", id="an unknown option"),
    pytest.param(CABECERA + "```{celda}\n:uza: a\nprint(1)\n```\n",
                 "11: «:uza:» no se admite en {celda}; ¿querías decir «:usa:»?", id="a misspelt option"),
    pytest.param(CABECERA + "```{cuestionario}\nhola\n```\n",
                 "10: directiva desconocida {cuestionario}; las que existen son: celda, pregunta, reto, red, conversacion, "
                 "plegado",
                 id="an unknown directive"),
    pytest.param(CABECERA + "```{celda}\n:id: larga\n" + "print(1)\n" * 31 + "```\n",
                 "10: la celda «larga» tiene 31 líneas; el máximo es 30: pártela en varias celdas (con :usa:) o acórtala",
                 id="a cell too long to mount whole"),
    pytest.param(CABECERA + "```{celda}\n:usa: nadie\nprint(1)\n```\n",
                 "11: «:usa: nadie» no nombra ninguna celda anterior de esta lección", id=":usa: of a missing cell"),
    pytest.param(CABECERA + "```{celda}\n:id: a\nprint(1)\n```\n\n```{celda}\n:id: a\nprint(2)\n```\n",
                 "16: ya hay otra celda con id «a»", id="two cells with the same id"),
    pytest.param(CABECERA + "```{celda}\n:id: vacia\n```\n", "12: el código de {celda} está vacío", id="an empty cell"),
    pytest.param(CABECERA.replace("orden: 99\n", "") + "```{celda}\nprint(1)\n```\n",
                 "1: falta «orden» en la cabecera", id="a missing front-matter key"),
    # A misspelt key is reported at its own line, once, with the key it was meant to be.
    pytest.param(CABECERA.replace("resumen:", "resúmen:"),
                 "5: «resúmen» no se admite en la cabecera; ¿querías decir «resumen»?", id="a misspelt front-matter key"),
    pytest.param(CABECERA.replace("slug: rota", "slug: Rota_1"),
                 "3: «slug» vale 'Rota_1': usa solo minúsculas sin tildes, números y guiones", id="a bad slug"),
    pytest.param(CABECERA.replace("orden: 99", "orden: noventa"),
                 "4: «orden» debe ser un número entero, no 'noventa'", id="an orden in words"),
    # A bad entry of a list is reported at that entry, by its number.
    pytest.param(LECTURAS, "10: «url» de la lectura 2 debe empezar por https:// (vale 'http://example.org/dos')",
                 id="a bad url in the second reading"),
    pytest.param(LECTURAS.replace("    url: http://example.org/dos\n", ""), "9: falta «url» en la lectura 2",
                 id="a second reading without its url"),
    pytest.param(LECTURAS.replace("url: http://example.org/dos", "url: https://example.org/dos\n    enlace: x"),
                 "11: «enlace» no se admite en la lectura 2; se admite: titulo, url", id="a second reading with an unknown key"),
    pytest.param(CABECERA + "```{reto}\n:reto: llamar-herramientas\nEscribe la función.\n```\n",
                 "12: el cuerpo de {reto} va vacío: el enunciado y el código inicial están en el .reto.py",
                 id="a {reto} with a body"),
    pytest.param(CABECERA + "```{reto}\n:reto: el-bucle\n```\n\n```{reto}\n:reto: el-bucle\n```\n",
                 "15: el reto «el-bucle» ya está en esta lección", id="a challenge placed twice"),
    pytest.param(CABECERA + "```{red}\n```\n", "10: falta «:reto:» en {red}", id="a {red} without its :reto:"),
    pytest.param(CABECERA + "```{red}\n:reto: llamar-herramientas\nLa petición.\n```\n",
                 "12: el cuerpo de {red} va vacío: la petición sale de la conversación del reto que nombra :reto:",
                 id="a {red} with a body"),
    pytest.param(CABECERA + "```{red}\n:reto: llamar-herramientas\n```\n\n```{red}\n:reto: llamar-herramientas\n```\n",
                 "15: la petición del reto «llamar-herramientas» ya está en esta lección, en otro {red}",
                 id="two {red}s of one challenge"),
    pytest.param(CABECERA + "```{pregunta}\n:tipo: foo\n¿Algo?\n- [ ] a\n- [x] b\n> ok\n```\n",
                 "11: «:tipo:» de {pregunta} vale 'foo', y solo se admite: unica, multiple, vf, prediccion, linea, hueco",
                 id="a question of an unknown kind"),
    pytest.param(CABECERA + "```{plegado}\nLa petición entera.\n```\n", "10: falta «:resumen:» en {plegado}",
                 id="a fold without its summary"),
    pytest.param(CABECERA + "```{plegado}\n:resumen: Las notas de la API\n```\n", "12: el cuerpo de {plegado} está vacío",
                 id="an empty fold"),
    pytest.param(CABECERA + "````{plegado}\n:resumen: Consulta\nTexto.\n\n```{red}\n:reto: el-bucle\n```\n````\n",
                 "14: {plegado} solo lleva texto, y aquí hay una directiva {red}: ponla fuera del plegado "
                 "(un {red} se pliega solo)", id="a directive inside a fold"),
]


@pytest.mark.parametrize("texto, esperado", CASOS)
def test_a_lesson_that_breaks_a_rule_fails_at_the_line_of_what_the_author_wrote(texto, esperado):
    doc, lineas = leer(RUTA, texto)
    problemas = validar(VALIDADOR, RUTA, doc, lineas)
    assert problemas == [f"{RUTA}:{esperado}"]
    assert claves_del_dict(problemas) == []
