"""Drawing conversations in the page: what entorno.py's ver_conversacion() finds as the module
_pagina (with the API call of guionizado.py's ModeloReal, which the page makes), and the refused
turn a cell's error carries (py/vista.py's turns, sent drawn as its trees, which turnos.js builds).

Only a cell draws: a challenge's Comprobar runs the same code in the same worker, and its tests
report their own refusals (comprobador.py), so a ver_conversacion() there prints its text.
"""
import json
import sys
import types

# A conversation past this, as JSON, is printed as text instead: drawing it would hold the page
# (and the message would copy it whole), and a cell's printed output is capped anyway.
TOPE_VISTA = 2_000_000
# Each text of a view (a block's text, a call's input, a result's content) past this many
# characters is cut before it is drawn, and its block says how many were left out ("omitidos",
# py/vista.py draws it): a 40 MB result draws its start, as a long output shows its start.
TOPE_TEXTO = 20_000

en_celda = False  # set by ejecutor.py around a cell's run
_dibujar_js = None  # JS: dibujar(drawn turns as JSON text, size) -> false past the run's drawings cap
_llamar_api_js = None  # JS: llamarApi(request as JSON text) -> the page's answer as JSON text, or None (Stop)


def configurar(dibujar, llamar_api=None):
    global _dibujar_js, _llamar_api_js
    _dibujar_js, _llamar_api_js = dibujar, llamar_api


def _llamar_api(peticion):
    """guionizado.py's ModeloReal asks the page to make its API call (the page holds the key, so it
    never enters Python): {"status", "cuerpo", "reintentar_tras"} or {"fallo": why not}; None outside
    a cell (Comprobar runs in this worker too, and keeps the scripted model)."""
    if _llamar_api_js is None or not en_celda:
        return None
    sys.stdout.flush()
    sys.stderr.flush()
    texto = _llamar_api_js(json.dumps(peticion, ensure_ascii=False))
    if texto is None:
        raise KeyboardInterrupt
    return json.loads(texto)


def _dibujar(turnos):
    """Send py/vista.py's turns to the page, drawn; False (the caller prints them) if it cannot.
    Their size, for both caps, is their data's as JSON (a tree adds its markup)."""
    if _dibujar_js is None or not en_celda:
        return False
    tamano = len(json.dumps(_acotar(turnos), ensure_ascii=False))
    if tamano > TOPE_VISTA:
        return False
    import vista
    sys.stdout.flush()  # what the cell printed before comes before the drawing
    sys.stderr.flush()
    return bool(_dibujar_js(json.dumps(vista.arboles(turnos), ensure_ascii=False), tamano))


def _acotar(turnos):
    """turnos with every text of every block cut to TOPE_TEXTO characters (in place)."""
    for turno in turnos:
        for m in turno["datos"]["mensajes"] + ([turno["esperado"]] if turno.get("esperado") else []):
            for b in m["bloques"]:
                for campo in ("texto", "entrada", "contenido"):
                    if len(b.get(campo) or "") > TOPE_TEXTO:
                        b["omitidos"] = len(b[campo]) - TOPE_TEXTO
                        b[campo] = b[campo][:TOPE_TEXTO]
    return turnos


def _conversacion(M):
    import vista  # only when a conversation is shown: the boot does not pay for it
    return _dibujar(vista.de_conversacion(M))


def _turnos(turnos):
    import vista
    return _dibujar(vista.de_turnos(turnos))


_pagina = sys.modules["_pagina"] = types.ModuleType("_pagina")
_pagina.conversacion, _pagina.turnos, _pagina.llamar_api = _conversacion, _turnos, _llamar_api


def rechazo(exc):
    """The refused turn of a ModeloGuionizado's error in exc's chain, drawn ({"turno", "arbol"}, as
    py/vista.py's arboles), or None. Never raises: it runs while a cell's error is reported."""
    vistos = set()
    try:
        while exc is not None and id(exc) not in vistos:
            vistos.add(id(exc))
            if isinstance(getattr(exc, "_conversacion", None), dict):
                import vista
                turno = _acotar(vista.de_turnos([exc._conversacion]))[0]
                if len(json.dumps(turno, ensure_ascii=False)) > TOPE_VISTA:
                    return None
                return vista.arboles([turno], con_error=False)[0]  # the traceback says the error
            exc = exc.__cause__ or exc.__context__
    except Exception:  # a learner's own _conversacion: no view, the traceback says it all
        pass
    return None
