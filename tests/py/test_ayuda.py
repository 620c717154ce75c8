"""py/ayuda.py: the challenge author's kit, h, that pruebas(h) and CONVERSACION(h) build with.

Plain functions: tests/node/ runs them in Pyodide too.
"""
import ayuda
import calificador
import corpus


def _publico():
    return calificador.espacio(calificador.fuentes_publicas(corpus.carga_reto("llamar-herramientas")))


def test_hidden_inputs_change_with_the_seed():
    publico = _publico()
    a, b = ayuda.Ayuda(publico, 1).azar, ayuda.Ayuda(publico, 2).azar
    assert a.id() != b.id() and (a.ruta, a.palabra) != (b.ruta, b.palabra)
    assert ayuda.Ayuda(publico, 1).azar.id() == ayuda.Ayuda(publico, 1).azar.id()
    assert ayuda.Ayuda(publico, 1).azar.elige("abcdef") == ayuda.Ayuda(publico, 1).azar.elige("abcdef")


def test_each_tool_set_adds_its_tool_to_the_lessons_four():
    juegos = ayuda.juegos(_publico())
    cuatro = [h["name"] for h in juegos["herramientas"]["herramientas"]]
    assert cuatro == ["leer", "escribir", "listar", "buscar"]
    for nombre, juego in juegos.items():
        nombres = [h["name"] for h in juego["herramientas"]]
        assert juego["nombre"] == nombre and nombres[:4] == cuatro and set(juego["funciones"]) == set(nombres)
    assert [h["name"] for h in juegos["con_anotar"]["herramientas"]][4:] == ["anotar"]


def test_a_test_names_its_tool_set_and_a_hidden_one_says_so():
    h = ayuda.Ayuda(_publico(), 1)
    visible = h.prueba("una", [h.texto("hola")])
    oculta = h.oculta("otra", [h.texto("hola")], herramientas=h.con_contar)
    assert (visible["juego"]["nombre"], visible["oculta"], visible["entorno"]) == ("herramientas", False, h.ENTORNO)
    assert (oculta["nombre"], oculta["juego"]["nombre"], oculta["oculta"]) == ("Oculta: otra", "con_contar", True)
