# Devuelve trece mil bloques bien formados: la parte de confianza los validaría uno a uno.
B = {"type": "tool_result", "tool_use_id": "", "content": "", "is_error": False}


def observaciones(respuesta, entorno):
    return [B] * 13_000
