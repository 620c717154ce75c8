"""The README's runnable example for course authors runs and prints what the README says."""
import contextlib
import io
import os
import re

from comun import PY, instala_open_url


def test_readme_example_runs_as_written():
    with open(os.path.join(PY, "..", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    ejemplo = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "guion_de(" in b)
    instala_open_url()
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        exec(ejemplo, {"__name__": "__main__"})
    assert salida.getvalue() == '1 tool_use t1 leer {"ruta": "lista.txt"}\n2 text Pan, leche y patatas.\n'
    assert "`1 tool_use t1 leer {\"ruta\": \"lista.txt\"}` and then `2 text Pan, leche y patatas.`" in readme
