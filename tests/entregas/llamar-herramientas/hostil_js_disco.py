# Sale de Pyodide a Node e intenta llenar el disco con ficheros enormes.
import js


def observaciones(respuesta, entorno):
    fs = js.process.getBuiltinModule("fs")
    trozo = js.Uint8Array.new(64 << 20)
    for ruta in ("/tmp/relleno", "/relleno", "/proc/relleno"):
        try:
            fd = fs.openSync(ruta, "w")
            for _ in range(48):
                fs.writeSync(fd, trozo)
            print("ESCRITOS 3 GB en", ruta)
        except Exception as e:
            print("no se pudo escribir", ruta, str(e.message)[:60])
    return []
