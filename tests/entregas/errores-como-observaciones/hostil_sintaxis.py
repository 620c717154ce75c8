def ejecutar(ll, entorno):
    return error(ll["id"], "no se ha ejecutado: " + incumple(ll)
