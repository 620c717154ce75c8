"""py/carga.py: a .reto.py checked without running it, with file:line, and loaded as a Reto.

Plain functions: tests/node/ runs them in Pyodide too. The rule map (REGLAS) of every challenge
on disk is test_reglas.py's.
"""
import carga
import corpus


def _fuente(nombre):
    with open(corpus.RETOS + "/%s.reto.py" % nombre, encoding="utf-8") as f:
        return f.read()


def test_a_challenge_file_missing_a_name_is_refused_with_its_line():
    fuente = _fuente("llamar-herramientas")
    assert carga.revisa(fuente, "x.reto.py") == []
    roto = fuente.replace('FUNCION = "observaciones"', "FUNCION = 3").replace(
        "\ndef pruebas(h):", "\ndef pruebas_viejas(h):")
    linea = fuente.splitlines().index('FUNCION = "observaciones"') + 1
    assert carga.revisa(roto, "x.reto.py") == [
        "x.reto.py:%d: FUNCION debe ser un texto (el nombre de la función que escribe quien aprende)" % linea,
        "x.reto.py:%d: falta pruebas, pruebas(h): las pruebas, visibles y ocultas" % len(roto.splitlines()),
    ]
    errata = fuente.replace("\nPLANTILLA = ", "\nPLANTILA = ")
    donde = next(i for i, fila in enumerate(errata.splitlines(), 1) if fila.startswith("PLANTILA = "))
    assert carga.revisa(errata, "x.reto.py") == [
        "x.reto.py:%d: PLANTILA no es un nombre de un reto: ¿querías decir PLANTILLA, el código con el que "
        "empieza el editor?" % donde]
    try:
        carga.carga("x", roto, "", "")
    except ValueError as e:
        assert str(e).startswith("x.reto.py:%d: FUNCION debe ser un texto" % linea)
    else:
        raise AssertionError("carga accepted a broken challenge")


def test_an_unknown_firma_is_refused_at_its_line():
    fuente = _fuente("permisos").replace('FIRMA = "permiso"', 'FIRMA = "permisos"')
    linea = next(i for i, fila in enumerate(fuente.splitlines(), 1) if fila.startswith("FIRMA = "))
    assert carga.revisa(fuente, "p.reto.py") == [
        'p.reto.py:%d: FIRMA debe ser "respuesta", "llamada", "bucle" o "permiso", no \'permisos\'' % linea]


def test_a_file_written_with_the_older_name_argumento_still_loads():
    fuente = _fuente("permisos").replace('FIRMA = "permiso"', 'ARGUMENTO = "permiso"')
    assert carga.revisa(fuente, "p.reto.py") == []
    assert carga.carga("permisos", fuente, "", "").firma == "permiso"


def test_a_loaded_challenge_is_a_record_with_the_files_names_and_the_page_gets_two_of_them():
    fuente = _fuente("el-bucle")
    reto = carga.carga("el-bucle", fuente, "# guionizado", "# entorno")
    assert (reto.nombre, reto.funcion, reto.firma) == ("el-bucle", "bucle", "bucle")
    assert reto.solucion.startswith("def bucle(") and callable(reto.pruebas) and "tope" in reto.reglas
    assert carga.publico(fuente, "el-bucle.reto.py") == {"enunciado": reto.enunciado, "plantilla": reto.plantilla}
