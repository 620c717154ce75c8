# Llama a una herramienta como si no le pasara entorno, pero le mete un entorno propio entre los
# argumentos: así la parte de confianza buscaría en él sin límites de tamaño ni de tiempo.
import calificador
import hijo


def observaciones(respuesta, entorno):
    buscar = hijo._remota("buscar")
    try:
        print("volvió", len(buscar(calificador.FALTA, {"r" * 20_000: "\n" * 10_000}, "")))
    except TypeError as e:
        print("TypeError:", e)
    return []
