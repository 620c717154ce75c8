"""py/entrega.py: a submission's file read as an editor holds it, run, and what it prints, capped.

Plain functions: tests/node/ runs them in Pyodide too.
"""
import builtins
import io

import entrega


def test_files_are_read_as_an_editor_would():
    texto = "x = 'ñ'\ny = 2\n"
    assert entrega.fuente_de(b"\xef\xbb\xbf" + texto.encode()) == texto
    assert entrega.fuente_de(texto.replace("\n", "\r\n").encode()) == texto
    latin = "# -*- coding: latin-1 -*-\n" + texto
    assert entrega.fuente_de(latin.encode("latin-1")) == latin
    for malo, dice in ((b"x = 1\ny = '\xff'\n", "no está en UTF-8 (ni declara otra codificación): "
                                                "mira el byte 0xff de la línea 2"),
                       (b"x = '\xff'\n", "no está en UTF-8 (ni declara otra codificación): "
                                        "mira el byte 0xff de la línea 1"),
                       (b"# coding: ascii\nx = '\xe1'\n", "no está en ascii, la codificación que declara"),
                       (b"# -*- coding: no-existe -*-\n", "declara una codificación que no sirve"),
                       (b"x = 1\n\0\n", "tiene bytes nulos")):
        try:
            entrega.fuente_de(malo)
        except ValueError as e:
            assert str(e).startswith(dice), (malo, str(e))
        else:
            raise AssertionError(malo)


def test_a_file_that_fails_to_load_says_how_and_keeps_what_it_printed():
    ns, problema, salida = entrega.carga_entrega([], "print('probando')\nraise SystemExit('adiós')\n", "e.py")
    assert problema == "Al cargar tu entrega (línea 2) salta SystemExit: adiós" and salida == "probando\n"
    _, problema, _ = entrega.carga_entrega([], "raise KeyboardInterrupt\n", "e.py")
    assert problema == "Al cargar tu entrega (línea 1) salta KeyboardInterrupt"  # its own, not a Stop
    _, problema, _ = entrega.carga_entrega([], "def f(:\n", "e.py")
    assert problema.startswith("Tu entrega tiene un error de sintaxis en la línea 1: ")
    ns, problema, salida = entrega.carga_entrega(["X = 1\n"], "Y = X + 1\n", "e.py")
    assert (problema, salida, ns["Y"]) == (None, "", 2)


def test_printing_past_the_cap_is_counted_not_kept():
    salida = entrega.Salida()
    for _ in range(10_000):
        salida.write("x" * 10)
    assert len(salida.partes) == 2_000 and salida.n == entrega.TOPE_SALIDA
    assert salida.texto().endswith("[… 80000 caracteres más sin mostrar]")


def test_past_the_cap_print_is_skipped_but_still_reaches_the_learners_own_files():
    propio, real = io.StringIO(), builtins.print
    with entrega.Salida() as salida:
        for i in range(5_000):
            print("línea", i)
        assert builtins.print is not real  # the cheap one, past the cap
        print("a mi fichero", file=propio)
        print("y a stdout")
    assert builtins.print is real
    assert propio.getvalue() == "a mi fichero\n"
    # 5000 - 1920 prints after the one that reached the cap, and one more.
    assert salida.n == entrega.TOPE_SALIDA and salida.texto().endswith("y 3081 llamadas más a print]")


def test_a_writer_kept_past_the_call_never_leaves_print_swapped():
    import logging
    guardado = []
    with entrega.Salida() as salida:  # a logging handler created while the file loads keeps it
        manejador = logging.StreamHandler()
    guardado.append(manejador)
    real = builtins.print
    manejador.stream.write("x" * (entrega.TOPE_SALIDA + 10))
    assert builtins.print is real and salida.perdidos == 10


def test_past_the_cap_a_stdout_the_learner_redirected_still_gets_its_print():
    import contextlib
    propio = io.StringIO()
    with entrega.Salida():
        print("x" * (entrega.TOPE_SALIDA + 1))
        with contextlib.redirect_stdout(propio):
            print("hola")
    assert propio.getvalue() == "hola\n"


def test_a_file_too_deep_to_compile_is_the_submissions_problem():
    import sys
    if sys.platform == "emscripten":  # Pyodide's compiler has no such guard: the wasm stack overflows
        return                        # and the process dies (the corpus' especial_anidado.py covers it)
    _, problema, _ = entrega.carga_entrega([], "x = " + "1+" * 200_000 + "1\n", "e.py")
    assert problema.startswith("Python no puede compilar tu entrega (RecursionError: ")
