# Captura con un except: desnudo, y convierte en un error también el KeyboardInterrupt de
# Detener.
import sys


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return error(ll["id"], "no se ha ejecutado: " + motivo)
    try:
        devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
    except:  # noqa: E722
        e = sys.exc_info()[1]
        return error(ll["id"], str(e) or type(e).__name__)
    return resultado(ll["id"], devuelto)
