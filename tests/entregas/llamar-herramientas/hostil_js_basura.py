# Sale de Pyodide a Node y escribe en el canal con el calificador algo que no es un mensaje.
import js


def observaciones(respuesta, entorno):
    fs = js.process.getBuiltinModule("fs")
    fs.writeSync(int(js.process.argv[js.process.argv.length - 1]), "esto no es JSON\n")
    return []
