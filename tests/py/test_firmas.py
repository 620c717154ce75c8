"""py/firmas.py: a firma is one entry, on both sides of the call; an unknown one fails naming it.

Plain functions: tests/node/ runs them in Pyodide too.
"""
import dataclasses

import ayuda
import calificador
import carga
import corpus
import entrega
import firmas
import transporte


def test_an_unknown_firma_fails_naming_it_and_where_firmas_are():
    for nombre in ("bucles", None):
        try:
            firmas.de(nombre)
        except ValueError as e:
            assert str(e) == ("firma desconocida: %r; las firmas son 'respuesta', 'llamada', 'bucle', 'permiso' "
                              "(py/firmas.py)" % (nombre,))
        else:
            raise AssertionError("firmas.de(%r) returned" % nombre)


def test_a_new_firma_is_one_entry_taken_by_the_author_check_and_both_sides_of_a_call():
    reto = corpus.carga_reto("llamar-herramientas")
    referencia = calificador.espacio(calificador.fuentes_publicas(reto) + [reto.solucion])
    h = ayuda.Ayuda(referencia, 1)
    ns, problema, _ = entrega.carga_entrega(
        calificador.fuentes_publicas(reto), "def f(entorno, ll):\n    return [leer(entorno, ll), sorted(entorno)]\n")
    assert problema is None
    # f(entorno, ll): the learner's side swaps what crossed; the rest is the firma "llamada"'s.
    nueva = dataclasses.replace(firmas.FIRMAS["llamada"], nombre="al-reves",
                                llamada_de=lambda ns, argumentos, especiales: argumentos[1::-1])
    firmas.FIRMAS["al-reves"] = nueva
    try:
        assert not [p for p in carga.revisa(_con_firma("al-reves"), "x.reto.py") if "FIRMA" in p]
        r, _, registro, _ = calificador.ejecuta(transporte.EnEsteInterprete(ns, "f"), "a.txt", {"a.txt": "hola"},
                                                h.herramientas, calificador.gasto_nuevo(), "al-reves")
    finally:
        del firmas.FIRMAS["al-reves"]
    assert r["valor"] == ["hola", ["a.txt"]] and [n for n, *_ in registro] == ["leer"]
    assert [p for p in carga.revisa(_con_firma("al-reves"), "x.reto.py") if "FIRMA" in p] == [
        'x.reto.py:1: FIRMA debe ser "respuesta", "llamada", "bucle" o "permiso", no \'al-reves\'']


def _con_firma(nombre):
    return 'FIRMA = "%s"\n' % nombre
