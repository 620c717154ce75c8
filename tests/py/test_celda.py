"""A learner-style cell runs unchanged, its own `open_url` line included, and prints the right trace."""
import contextlib
import io
import os

from comun import instala_open_url

CELDAS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "celdas")


def _celda(nombre):
    with open(os.path.join(CELDAS, nombre), encoding="utf-8") as f:
        return f.read()


def _ejecuta(codigo):
    instala_open_url()
    salida, ns = io.StringIO(), {"__name__": "__main__"}
    error = None
    with contextlib.redirect_stdout(salida):
        try:
            exec(codigo, ns)
        except Exception as e:
            error = e
    return salida.getvalue(), ns, error


def test_learner_cell_prints_the_right_trace():
    salida, ns, error = _ejecuta(_celda("arnes.py"))
    assert error is None, error
    assert salida == _celda("arnes.salida")


def test_constant_id_in_the_harness_breaks_the_protocol_at_turn_2():
    codigo = _celda("arnes.py")
    assert 'resultado(b["id"]' in codigo
    salida, ns, error = _ejecuta(codigo.replace('resultado(b["id"]', 'resultado("t1"'))
    assert type(error).__name__ == "ErrorDeProtocolo"
    assert ns["modelo"].turno == 2
    assert str(error).startswith("turno 2: mensaje 3 (asistente): hay ids de tool_use sin su bloque "
                                 "tool_result justo después: t2.")
    assert "t1 tiene 2 bloques tool_result" in str(error)
