# Llama a confirmar sin argumentos, y con argumentos de más, y sigue como si nada.
def ejecutar(ll, entorno, confirmar):
    for argumentos in ((), (ll, ll), ({"ll": ll},)):
        try:
            confirmar(*argumentos)
        except TypeError:
            pass
    try:
        confirmar(ll=ll, otra=1)
    except TypeError:
        pass
    return error(ll["id"], "no se ha ejecutado: el usuario no lo ha permitido")
