"""py/carga.py: a .reto.py checked without running it, with file:line, and loaded as a Reto.

Plain functions: tests/node/ runs them in Pyodide too. The rule map (REGLAS) of every challenge
on disk is test_reglas.py's.
"""
import carga
import corpus


def _fuente(nombre):
    with open(corpus.archivo(nombre), encoding="utf-8") as f:
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
    publico = carga.publico(fuente, "el-bucle.reto.py")
    assert (publico["enunciado"], publico["plantilla"]) == (reto.enunciado, reto.plantilla)
    assert set(publico) == {"enunciado", "plantilla", "pistas", "discusion"}  # never SOLUCION nor pruebas


def _con_publicos(publicos):
    fuente = _fuente("permisos")
    i = fuente.index("\nPISTAS = [")
    j = fuente.index('\n"""\n', fuente.index("\nDISCUSION = ", i)) + 5
    return fuente[:i] + "\n" + publicos + fuente[j:]


def test_hints_are_texts_in_order_each_with_the_failed_attempts_it_waits_for():
    fuente = _con_publicos('PISTAS = ["Primero el esquema.", ("Después, PERMISOS.", 2)]\nDISCUSION = "Por qué."\n')
    assert carga.publico(fuente, "p.reto.py")["pistas"] == [{"texto": "Primero el esquema.", "tras": 0},
                                                          {"texto": "Después, PERMISOS.", "tras": 2}]
    assert carga.publico(fuente, "p.reto.py")["discusion"] == "Por qué."
    sin = _con_publicos("")
    assert carga.revisa(sin, "p.reto.py") == []
    assert (carga.publico(sin, "p.reto.py")["pistas"], carga.publico(sin, "p.reto.py")["discusion"]) == ([], "")


def test_a_malformed_hint_or_one_that_copies_the_solution_is_refused_at_its_line():
    copia = '        return error(ll["id"], "no se ha ejecutado: " + motivo)'
    assert copia in _fuente("permisos")
    fuente = _con_publicos('PISTAS = [\n    "",\n    ("Tras dos.", -1),\n    "Mira: %s",\n]\nDISCUSION = 3\n'
                           % copia.strip().replace('"', '\\"'))
    linea = next(i for i, fila in enumerate(fuente.splitlines(), 1) if fila.startswith("PISTAS = ["))
    assert carga.revisa(fuente, "p.reto.py") == [
        "p.reto.py:%d: DISCUSION debe ser un texto (lo que se lee al superar el reto (por qué así, las "
        "alternativas), en Markdown; nunca el código de SOLUCION)" % (linea + 5),
        'p.reto.py:%d: la pista 1 debe ser un texto, o ("un texto", intentos) con los intentos fallidos con '
        "Comprobar tras los que se abre (un entero, 0 o más)" % (linea + 1),
        'p.reto.py:%d: la pista 2 debe ser un texto, o ("un texto", intentos) con los intentos fallidos con '
        "Comprobar tras los que se abre (un entero, 0 o más)" % (linea + 2),
        "p.reto.py:%d: la pista 3 copia una línea de SOLUCION (return error(ll[\"id\"], \"no se ha…): lo "
        "que se ve en la página no puede tener la solución" % (linea + 3)]
    errata = _con_publicos('PISTA = ["Una."]\n')
    assert carga.revisa(errata, "p.reto.py")[0].startswith(
        "p.reto.py:%d: PISTA no es un nombre de un reto: ¿querías decir PISTAS, las pistas" % linea)
