# Sale de Pyodide a Node y lanza procesos sin parar, que además intentan seguir vivos después.
# El proceso de la entrega puede no sobrevivir a su propia bomba: falla igual.
import js


def observaciones(respuesta, entorno):
    child_process = js.process.getBuiltinModule("child_process")
    opciones = js.JSON.parse('{"detached": true, "stdio": "ignore"}')
    lanzados, fallos = 0, 0
    for _ in range(200):
        hijo = child_process.spawn(js.process.execPath, ["-e", "setInterval(() => {}, 1000)"], opciones)
        hijo.on("error", lambda *_: None)
        if getattr(hijo, "pid", None) is None:
            fallos += 1
        else:
            lanzados += 1
    print("lanzados", lanzados, "sin lanzar", fallos)
    raise RuntimeError("sigo aquí")
