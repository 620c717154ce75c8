"""The grader's Python modules, each after those it imports. Every list of them comes from here:
the page's worker (construir/activos.py bundles them), calificar.py's runtime folder
(aislamiento.py copies them, nodo.mjs imports them before its snapshot), the build's cache of
expectations (construir/retos.py), and the stdlib's bytecode (the Makefile, construir/bytecode.py).
"""
MODULOS = ["explicaciones.py", "redaccion.py", "valores.py", "firmas.py", "entrega.py", "transporte.py", "ayuda.py",
           "carga.py", "vista.py", "calificador.py"]
# What the page never imports: it gets a challenge's data from the build, never its file.
SOLO_EN_CALIFICAR = ["carga.py"]
