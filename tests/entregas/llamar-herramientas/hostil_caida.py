# Al cargarse, sale de Pyodide a Node y escribe en el canal una «caída» falsa que no es un texto
# y ocupa casi 1 MB, para que el informe la copie en cada prueba.
import json

import js

_fs = js.process.getBuiltinModule("fs")
_fs.writeSync(int(js.process.argv[js.process.argv.length - 1]),
              json.dumps({"caida": {"score": 23, "nota": ["x" * 900_000]}}) + "\n")


def observaciones(respuesta, entorno):
    return []
