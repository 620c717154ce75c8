# Sale de Pyodide a Node y llena /dev/shm, que en muchos sistemas es memoria: mil ficheros de 1 MB.
import js


def observaciones(respuesta, entorno):
    fs = js.process.getBuiltinModule("fs")
    trozo = js.Uint8Array.new(1 << 20)
    for i in range(1000):
        try:
            fs.writeFileSync("/dev/shm/relleno%d" % i, trozo)
        except Exception as e:
            print("parado en el fichero", i, str(e.message)[:60])
            break
    return []
