"""ModeloGuionizado: un modelo de lenguaje de mentira que sigue un guion escrito de antemano.

    modelo = ModeloGuionizado(guion)     # guion: [(mensajes_esperados, respuesta), ...], uno por turno
    respuesta = modelo(M, HERRAMIENTAS)  # la respuesta del turno: una lista de bloques nueva cada vez

En cada llamada, como haría una API de verdad, primero revisa la petición: la lista de
herramientas y la conversación (si falla, ErrorDeProtocolo). Después compara M con los mensajes
que el guion esperaba en ese turno (si difiere, FueraDeGuion).

M es una lista de pares (rol, contenido), con rol "sistema", "usuario" o "asistente", o bien,
con la forma de la Messages API, de diccionarios {"role": "user", "assistant" o "system",
"content": ...}. Sin mezclar. Los pares ("sistema", texto) del principio son el texto de sistema,
que peticion() pone aparte, en el parámetro system de la API. Más adelante, un mensaje de sistema
va justo después de uno del usuario, y le sigue uno del asistente o ninguno (varios seguidos
cuentan como uno): son los mensajes de sistema a mitad de conversación que documenta Anthropic,
con role "system".

fallos_de_protocolo(M) dice qué incumple una conversación, y peticion(M, HERRAMIENTAS) da el
cuerpo de la petición que recibiría una API real (la Messages API o Chat Completions).

La respuesta es una Respuesta: la lista de bloques, con stop_reason, usage, id y model, y
respuesta_api(respuesta) da el cuerpo que enviaría la API real. Un turno del guion puede ser
también una respuesta cortada, una negativa o un error HTTP (ver «La respuesta entera»).

ModeloReal(api=..., modelo=...) se llama igual que ModeloGuionizado, pero contesta un modelo de
verdad: solo en las celdas de la página, cuando lo activas en su recuadro «Modelo real» (ver
«Un modelo de verdad», al final).
"""
import copy as _copy
import json as _json
import math as _math
import re as _re


class ErrorDeProtocolo(ValueError):
    """La petición incumple el protocolo. Cada mensaje dice qué regla incumple y por qué; las que
    pone el curso, más estrictas que la API real, lo dicen: «convención del curso»."""
    # Lo mismo, como datos (la vista señala con ellos el mensaje; las explicaciones eligen por la
    # regla): _regla, la clave corta de la primera regla incumplida (las de _REGLAS); _reglas, las
    # de todos los fallos, en orden; _mensaje, _bloque y _herramienta, los números (desde 1) del
    # mensaje, el bloque y la herramienta que nombra primero, o None.
    _regla = _mensaje = _bloque = _herramienta = None
    _reglas = ()


class FueraDeGuion(ValueError):
    """El arnés ha enviado algo distinto de lo que esperaba el guion."""
    # Como en ErrorDeProtocolo: _regla es "fuera_de_guion" o "guion_agotado" (el guion no tiene
    # más turnos); _mensaje y _bloque, el primer mensaje y bloque que difieren, o None.
    _regla = _mensaje = _bloque = _herramienta = None
    _reglas = ()


class ModeloGuionizado:
    def __init__(self, guion):
        self._guion = _copy.deepcopy(list(guion))
        self.turno = 0
        # Lo que enseña ver_conversacion(modelo): en cada turno, lo recibido y la respuesta o el
        # error (None: no se guarda nada, como en el calificador, que no lo enseña).
        self._turnos = []

    def __call__(self, M, herramientas=None):
        self.turno += 1
        try:
            _revisa_herramientas(herramientas)
            M = _normaliza(M)  # una copia: lo que haga después el arnés con su M no la cambia
        except ErrorDeProtocolo as e:
            raise self._rechaza(e, _copia(M)) from None
        fallos = _fallos_de_la_peticion(M, herramientas)
        if fallos:
            raise self._rechaza(_error(ErrorDeProtocolo, fallos, "turno %d: " % self.turno), M)
        if self.turno > len(self._guion):
            agotado = "el guion tiene %d turnos; se ha pedido el %d" % (len(self._guion), self.turno)
            raise self._rechaza(_con_sitio(FueraDeGuion(agotado), "guion_agotado"), M)
        esperados, respuesta = self._guion[self.turno - 1]
        esperados = _normaliza(esperados)
        diferencia = _primera_diferencia(esperados, M)
        if diferencia:
            raise self._rechaza(_error(FueraDeGuion, [diferencia], "turno %d, " % self.turno), M, esperados)
        return _contesta(self, M, herramientas, respuesta)

    def _rechaza(self, error, M, esperados=()):
        """El error, con lo que hace falta para señalar en la conversación el mensaje y el bloque
        que nombra (y, si se sale del guion, lo que el guion esperaba en ese mensaje)."""
        n, j = error._mensaje, error._bloque
        error._conversacion = {"turno": self.turno, "recibidos": M, "mensaje": n, "bloque": j,
                               "error": "%s: %s" % (type(error).__name__, error),
                               "esperado": esperados[n - 1] if n and n <= len(esperados) else None}
        self._guarda(error._conversacion)
        return error

    def _guarda(self, turno):
        if self._turnos is not None:
            self._turnos.append(turno)
            del self._turnos[:-_TOPE_GUARDADOS]


# Un bucle sin tope llama al modelo sin fin: se guardan sus últimos turnos, no todos, para
# que la memoria no crezca con él (ver_conversacion dice desde qué turno enseña).
_TOPE_GUARDADOS = 200


def _copia(M):
    """Lo que llegó y no se pudo normalizar, copiado tal cual para enseñarlo (ver_conversacion y
    la vista de la página leen cualquier forma de mensaje)."""
    if not isinstance(M, (list, tuple)):
        return []
    try:
        return _copy.deepcopy(list(M))
    except Exception:  # algo que no se deja copiar: se enseña tal como está ahora
        return list(M)


# Las claves de las reglas, una por regla que se puede incumplir: estables, para que otros ficheros
# elijan por ellas (una explicación por regla). Las de FueraDeGuion, al final.
_REGLAS = (
    # la forma de la conversación y de sus mensajes
    "lista_de_mensajes", "forma_del_mensaje", "formas_mezcladas", "forma_del_contenido", "valor_json",
    "sin_mensajes", "sistema_primero", "sistema_tras_usuario", "sistema_antes_del_asistente",
    "sistema_solo_texto", "contenido_vacio", "texto_vacio", "espacios_al_final",
    # la forma de los bloques
    "tipo_de_bloque", "bloque_de_la_api", "campo_de_la_api", "campo_que_sobra", "campo_que_falta",
    "valor_del_campo", "id_de_tool_use", "error_sin_contenido",
    # las llamadas y sus resultados
    "tool_use_en_asistente", "tool_result_en_usuario", "tool_use_id_inesperado",
    "resultados_repetidos", "resultados_primero", "ids_repetidos", "sin_resultado", "repartidos",
    "sin_herramientas",
    # las herramientas
    "lista_de_herramientas", "forma_de_la_herramienta", "herramienta_de_la_api",
    "nombre_de_herramienta", "nombre_largo", "nombres_repetidos", "esquema_de_objeto",
    "esquema_invalido",
    # FueraDeGuion
    "fuera_de_guion", "guion_agotado")


class _Fallo(str):
    """El texto de un incumplimiento, con su regla y su sitio como datos (los de ErrorDeProtocolo)."""


def _con_sitio(x, regla, mensaje=None, bloque=None, herramienta=None):
    """x (un error o un _Fallo) con su regla y su sitio: los números del mensaje, el bloque y la
    herramienta que nombra, o None."""
    x._regla, x._mensaje, x._bloque, x._herramienta = regla, mensaje, bloque, herramienta
    return x


def _fallo(regla, texto, *sitio):
    return _con_sitio(_Fallo(texto), regla, *sitio)


def _rechazo(regla, texto, *sitio):
    """El ErrorDeProtocolo de una sola regla incumplida en un sitio."""
    return _error(ErrorDeProtocolo, [_fallo(regla, texto, *sitio)])


def _error(clase, fallos, prefijo=""):
    """El error de una lista de fallos: su texto, uno por línea, y los datos del primero."""
    primero = fallos[0]
    error = _con_sitio(clase(prefijo + "\n".join(fallos)), primero._regla, primero._mensaje,
                       primero._bloque, primero._herramienta)
    error._reglas = tuple(f._regla for f in fallos)
    return error


# --- El protocolo ---------------------------------------------------------------------------
# Cada regla cita su fuente: las páginas de la documentación de Anthropic «Handle tool calls» (HTC),
# «Parallel tool use» (PTU) y «Mid-conversation system messages» (MSM), la referencia de la Messages
# API (MAR), o la respuesta 400 de la propia API, citada tal como la escribe. Las reglas más
# estrictas que la API lo dicen en su mensaje: «convención del curso».

def fallos_de_protocolo(M):
    """Devuelve la lista de incumplimientos del protocolo en la conversación M (vacía si la cumple).

    Revisa la conversación sola; ModeloGuionizado y peticion() revisan también las herramientas.
    """
    try:
        return [str(f) for f in _fallos(_normaliza(M))]
    except ErrorDeProtocolo as e:
        return [str(e)]


def _fallos_de_la_peticion(M, herramientas):
    fallos = _fallos(M)
    # El 400 de la API: "Requests which include `tool_use` or `tool_result` blocks must define tools."
    if not herramientas and any(b["type"] in ("tool_use", "tool_result") for _, c in M
                                if isinstance(c, list) for b in c):
        fallos.append(_fallo("sin_herramientas", "la conversación tiene bloques tool_use o tool_result, "
                             "y la petición no declara herramientas: la API pide la lista de "
                             "herramientas en ese caso"))
    return fallos


def _fallos(M):
    fallos, primera_vez = [], {}
    # esperadas: las llamadas cuyos resultados pueden llegar en este mensaje; origen: el mensaje de
    # cada una; fin: el último mensaje del turno del asistente que las hizo.
    esperadas, origen, fin = [], {}, 0
    # El 400 de la API con "messages": []: "messages: at least one message is required".
    if all(rol == "sistema" for rol, _ in M):
        fallos.append(_fallo("sin_mensajes", "la conversación no tiene ningún mensaje del usuario ni del "
                             "asistente, y la API pide al menos uno (el texto de sistema va aparte, en el "
                             "parámetro system)"))
    for i, (rol, contenido) in enumerate(M, 1):
        bloques = contenido if isinstance(contenido, list) else []
        llamadas = [b["id"] for b in bloques if b["type"] == "tool_use"]
        respuestas = [b["tool_use_id"] for b in bloques if b["type"] == "tool_result"]
        aqui = "mensaje %d (%s)" % (i, rol)
        fallos += _fallos_de_contenido(M, i, aqui)
        # MAR: "Consecutive `user` or `assistant` turns in your request will be combined into a
        # single turn": dos mensajes seguidos del asistente son una sola respuesta, y los resultados
        # de las llamadas de los dos van en el mensaje que sigue al segundo.
        sigue_el_turno = rol == "asistente" and i > 1 and M[i - 2][0] == "asistente"

        siguen = []
        if esperadas and not sigue_el_turno:
            faltan = [t for t in esperadas if rol != "usuario" or t not in respuestas]
            if faltan and rol == "usuario" and _llegan_despues(M, i, faltan):
                if i == fin + 1:
                    fallos += _por_mensaje("repartidos", _repartidos, origen, faltan)
                siguen = faltan
            elif faltan:
                fallos += _por_mensaje("sin_resultado", _sin_resultado, origen, faltan)
        # HTC: la respuesta del asistente lleva los bloques tool_use; los resultados vuelven en un
        # mensaje del usuario.
        if llamadas and rol != "asistente":
            fallos.append(_fallo("tool_use_en_asistente", "%s: los bloques tool_use solo pueden ir en "
                                 "mensajes del asistente" % aqui, i))
        if respuestas and rol != "usuario":
            fallos.append(_fallo("tool_result_en_usuario", "%s: los bloques tool_result solo pueden ir "
                                 "en mensajes del usuario" % aqui, i))
        elif respuestas:
            # El 400 de la API: "unexpected `tool_use_id` found in `tool_result` blocks: … Each
            # `tool_result` block must have a corresponding `tool_use` block in the previous message."
            inesperados = [t for t in respuestas if t not in esperadas]
            if inesperados:
                fallos.append(_fallo("tool_use_id_inesperado", "%s: tool_use_id inesperado en los "
                                     "bloques tool_result: %s. Cada bloque tool_result necesita su "
                                     "bloque tool_use en el mensaje anterior."
                                     % (aqui, ", ".join(_unicos(inesperados))), i))
            # El 400 de la API: "each tool_use must have a single result. Found multiple
            # `tool_result` blocks with id: …"
            for t in _unicos(respuestas):
                if t in esperadas and respuestas.count(t) > 1:
                    fallos.append(_fallo("resultados_repetidos", "%s: %s tiene %d bloques tool_result; "
                                         "cada tool_use necesita exactamente uno."
                                         % (aqui, t, respuestas.count(t)), i))
            # HTC: "In the user message containing tool results, the tool_result blocks must come
            # FIRST in the content array. Any text must come AFTER all tool results."
            primero_otro = next((j for j, b in enumerate(bloques) if b["type"] != "tool_result"), None)
            if primero_otro is not None and any(b["type"] == "tool_result" for b in bloques[primero_otro:]):
                fallos.append(_fallo("resultados_primero", "%s: los bloques tool_result deben ir antes "
                                     "que cualquier otro bloque, y el bloque %d (%s) va delante de alguno"
                                     % (aqui, primero_otro + 1, bloques[primero_otro]["type"]), i))
        # El 400 de la API: "`tool_use` ids must be unique".
        for t in llamadas:
            if t in primera_vez:
                fallos.append(_fallo("ids_repetidos", "%s: los ids de tool_use deben ser únicos, y %s ya "
                                     "aparecía en el mensaje %d" % (aqui, t, primera_vez[t]), i))
            else:
                primera_vez[t] = i
        if rol == "asistente":
            if not sigue_el_turno:
                esperadas, origen = [], {}
            esperadas = esperadas + llamadas
            origen.update((t, i) for t in llamadas if t not in origen)
            fin = i
        else:
            esperadas = siguen
    if esperadas:
        fallos += _por_mensaje("sin_resultado", _sin_resultado, origen, esperadas)
    return fallos


def _fallos_de_contenido(M, i, aqui):
    """Lo que la API rechaza en el contenido del mensaje i, aparte del protocolo de herramientas."""
    rol, contenido = M[i - 1]
    bloques, fallos = contenido if isinstance(contenido, list) else [], []
    # Los mensajes de sistema del principio son el parámetro system; los de más adelante, mensajes.
    al_principio = all(r == "sistema" for r, _ in M[:i])
    if rol == "sistema":
        if not al_principio:
            fallos += _fallos_de_un_sistema_a_mitad(M, i, aqui)
        # MAR: el parámetro system es una cadena o una lista de bloques text; MSM: el contenido de
        # un mensaje de sistema es también solo texto.
        if any(b["type"] != "text" for b in bloques):
            fallos.append(_fallo("sistema_solo_texto", "%s: el texto de sistema solo puede tener "
                                 "bloques text, como el parámetro system de la API" % aqui, i))
    # El 400 de la API: "all messages must have non-empty content except for the optional final
    # assistant message". Un mensaje de sistema a mitad de conversación es un mensaje más.
    if contenido in ("", []) and not al_principio and not (i == len(M) and rol == "asistente"):
        fallos.append(_fallo("contenido_vacio", "%s: el contenido está vacío, y la API solo lo "
                             "permite en un último mensaje del asistente" % aqui, i))
    # Los 400 de la API: "text content blocks must be non-empty" y "text content blocks must contain
    # non-whitespace text". Una cadena es "shorthand for an array of one content block of type
    # "text"" (MAR).
    # (el bloque, o None para una cadena; cómo se dice; el texto)
    textos = [(None, "", contenido)] if isinstance(contenido, str) and contenido else []
    textos += [(j, ", bloque %d (text)" % j, b["text"]) for j, b in enumerate(bloques, 1) if b["type"] == "text"]
    fallos += [_fallo("texto_vacio", "%s%s: el texto está vacío o solo tiene espacios, y la API pide "
                      "algo más que espacios" % (aqui, donde), i, j) for j, donde, t in textos if not t.strip()]
    # El 400 de la API: "final assistant content cannot end with trailing whitespace": el texto
    # con el que acaba el último mensaje, si es del asistente.
    j, donde, t = textos[-1] if textos and (isinstance(contenido, str) or bloques[-1]["type"] == "text") \
        else (None, "", "")
    if i == len(M) and rol == "asistente" and t.strip() and t != t.rstrip():
        fallos.append(_fallo("espacios_al_final", "%s%s: el último mensaje del asistente no puede acabar "
                             "en espacios ni saltos de línea, y la API lo rechaza si acaba así"
                             % (aqui, donde), i, j))
    # El 400 de la API: "content cannot be empty if `is_error` is true".
    fallos += [_fallo("error_sin_contenido", "%s, bloque %d (tool_result): con is_error True, content no "
                      "puede estar vacío: debe decir cuál ha sido el error" % (aqui, j), i, j)
               for j, b in enumerate(bloques, 1)
               if b["type"] == "tool_result" and b.get("is_error") and b.get("content", "") in ("", [])]
    return fallos


def _fallos_de_un_sistema_a_mitad(M, i, aqui):
    """Un mensaje de sistema después del primer mensaje del usuario o del asistente.

    Los del principio son el parámetro system (MAR: "there is no "system" role for input messages
    in the Messages API" habla de ese parámetro, y es lo que dice aún la referencia). MSM añade los
    mensajes de sistema a mitad de conversación: "You append a {"role": "system"} message at the
    point in the conversation where the new instruction becomes relevant", y "must immediately
    follow a `user` turn […] and must precede an `assistant` turn or end the array": justo después
    de un mensaje del usuario, y seguido de uno del asistente o al final. Varios seguidos son uno:
    "Consecutive system messages are accepted and treated as a single system section, which follows
    the same placement rule as a whole"; se revisan juntos, desde el primero. Solo algunos modelos
    los admiten; un modelo guionizado los admite todos.
    """
    antes = M[i - 2][0]
    if antes == "sistema":
        return []  # lo revisa el primero de los que van seguidos
    ultimo = i
    while ultimo < len(M) and M[ultimo][0] == "sistema":
        ultimo += 1
    # Cuando van varios seguidos, el mensaje lo dice, y nombra el primero o el último.
    if ultimo == i:
        uno, al_que, estos = "un mensaje de sistema a mitad de conversación", "a un mensaje de sistema a " \
            "mitad de conversación", ("y este va", "y a este le")
    else:
        uno = "los mensajes de sistema seguidos a mitad de conversación (del %d al %d) cuentan como uno" \
            % (i, ultimo)
        uno, al_que, estos = uno + ", que", uno + ", al que", ("y estos van", "y a estos les")
    fallos = []
    if antes != "usuario":
        fallos.append(_fallo("sistema_tras_usuario", "%s: %s va justo después de un mensaje del usuario, %s "
                             "detrás de uno del %s (los mensajes de sistema del principio van aparte, en el "
                             "parámetro system)" % (aqui, uno, estos[0], antes), i))
    if ultimo < len(M) and M[ultimo][0] != "asistente":
        fallos.append(_fallo("sistema_antes_del_asistente", "mensaje %d (sistema): %s le sigue uno del "
                             "asistente, o ninguno, %s sigue uno del %s"
                             % (ultimo, al_que, estos[1], M[ultimo][0]), ultimo))
    return fallos


def _llegan_despues(M, i, ids):
    """Si los mensajes del usuario que siguen al mensaje i traen los resultados de ids, sin nada
    más que bloques tool_result delante: MAR, "Consecutive `user` or `assistant` turns in your
    request will be combined into a single turn", así que la API los toma como un solo mensaje."""
    faltan, anterior = set(ids), M[i - 1][1]
    for rol, contenido in M[i:]:
        if rol != "usuario" or not isinstance(anterior, list) or any(
                b["type"] != "tool_result" for b in anterior):
            return False
        faltan -= {b["tool_use_id"] for b in contenido if b["type"] == "tool_result"} \
            if isinstance(contenido, list) else set()
        if not faltan:
            return True
        anterior = contenido
    return False


def _por_mensaje(regla, frase, origen, ids):
    """Un fallo por mensaje del asistente que hizo alguna de las llamadas ids."""
    por_mensaje = {}
    for t in _unicos(ids):
        por_mensaje.setdefault(origen[t], []).append(t)
    return [_fallo(regla, frase(n, ts), n) for n, ts in sorted(por_mensaje.items())]


def _sin_resultado(i, ids):
    # El 400 de la API: "`tool_use` ids were found without `tool_result` blocks immediately after:
    # … Each `tool_use` block must have a corresponding `tool_result` block in the next message."
    # HTC: "Tool result blocks must immediately follow their corresponding tool use blocks in the
    # message history. You cannot include any messages between the assistant's tool use message
    # and the user's tool result message."
    return ("mensaje %d (asistente): hay ids de tool_use sin su bloque tool_result justo después: %s. "
            "Cada bloque tool_use necesita su bloque tool_result en el mensaje siguiente."
            % (i, ", ".join(_unicos(ids))))


def _repartidos(i, ids):
    # Regla del curso, no de la API. PTU pide los resultados "all together in the next user
    # message", pero la API junta los mensajes seguidos del usuario (ver _llegan_despues), y PTU
    # solo advierte, de "Sending separate user messages for each tool result": "This reduces
    # parallel tool use".
    return ("mensaje %d (asistente): los bloques tool_result de %s no van en el mensaje siguiente, "
            "sino en otro mensaje del usuario que va detrás (convención del curso: los resultados de "
            "una respuesta van todos juntos en el mensaje siguiente; la API juntaría los mensajes "
            "seguidos del usuario en uno, pero repartir los resultados enseña al modelo a no hacer "
            "llamadas en paralelo)" % (i, ", ".join(_unicos(ids))))


def _unicos(xs):
    return list(dict.fromkeys(xs))


# --- Forma de la petición ----------------------------------------------------------------

_ROLES = {"user": "usuario", "assistant": "asistente", "system": "sistema"}  # los roles de la API
# La forma de cada bloque, de cada fuente (el campo source de image y document, según su type) y
# de cada herramienta, tal como la documenta la API: los tipos *Param del SDK oficial de Anthropic
# (anthropic/types/: TextBlockParam, ImageBlockParam, Base64ImageSourceParam, ToolParam…), que
# repiten su referencia. {forma: {campo: (qué admite, cómo se dice)}}: qué admite es un tipo de
# Python, o una lista con los únicos valores que admite la API. Los campos de _OPCIONALES pueden
# faltar; los demás son obligatorios. Un campo que no está en su forma es el 400 de la API
# "…: Extra inputs are not permitted", salvo los de _OTROS_CAMPOS_DE_LA_API.
_CADENA, _OBJETO = (str, "una cadena"), (dict, "un objeto")
_FORMAS = {
    "text": {"text": _CADENA},
    "image": {"source": _OBJETO},
    "document": {"source": _OBJETO, "title": _CADENA, "context": _CADENA},
    "search_result": {"source": _CADENA, "title": _CADENA,
                      "content": (list, "una lista de bloques text")},
    "tool_use": {"id": _CADENA, "name": _CADENA, "input": _OBJETO},
    "tool_result": {"tool_use_id": _CADENA,
                    "content": ((str, list), "una cadena o una lista de bloques text, image, "
                                             "document o search_result"),
                    "is_error": (bool, "True o False")},
    # El 400 de la API: "image.source.base64.media_type: Input should be 'image/jpeg',
    # 'image/png', 'image/gif' or 'image/webp'".
    "image.base64": {"media_type": (["image/jpeg", "image/png", "image/gif", "image/webp"], None),
                     "data": _CADENA},
    "image.url": {"url": _CADENA},
    "image.file": {"file_id": _CADENA},
    "document.base64": {"media_type": (["application/pdf"], None), "data": _CADENA},
    "document.text": {"media_type": (["text/plain"], None), "data": _CADENA},
    "document.url": {"url": _CADENA},
    "document.content": {"content": ((str, list), "una cadena o una lista de bloques text o image")},
    "document.file": {"file_id": _CADENA},
    "herramienta": {"name": _CADENA, "description": _CADENA, "input_schema": _OBJETO,
                    "type": (["custom"], "'custom' (o el de una herramienta definida por la API)")},
}
_OPCIONALES = {"document": ("title", "context"), "tool_result": ("content", "is_error"),
               "herramienta": ("description", "type")}
# Los tipos de fuente de cada bloque que la lleva.
_FUENTES = {"image": ["base64", "url", "file"], "document": ["base64", "text", "url", "content", "file"]}
# Los campos que llevan bloques dentro (todos se llaman content), y de qué tipos. HTC: el content
# de un tool_result es una cadena o "a list of nested content blocks", de tipo text, image,
# document o search_result (el SDK: "Content block in a tool result. Can be text, image, document,
# or search_result").
_BLOQUES_DENTRO = {"tool_result": ("text", "image", "document", "search_result"),
                   "search_result": ("text",), "document.content": ("text", "image")}
# Campos que la API admite y el curso no usa (sus valores tienen formas propias que el curso no
# enseña): se rechazan como «convención del curso».
_OTROS_CAMPOS_DE_LA_API = {
    "text": ("cache_control", "citations"), "image": ("cache_control", "transformations"),
    "document": ("cache_control", "citations"), "search_result": ("cache_control", "citations"),
    "tool_use": ("cache_control", "caller", "toolset_name"),
    "tool_result": ("cache_control", "toolset_name"),
    "herramienta": ("cache_control", "strict", "input_examples", "defer_loading",
                    "allowed_callers", "eager_input_streaming")}
# Los tipos de bloque de un mensaje: el curso usa estos cuatro. La API admite también los de
# _OTROS_BLOQUES_DE_LA_API (su ContentBlockParam), que el curso rechaza como «convención del curso»;
# un type que no está en ninguna de las dos listas lo rechaza la propia API.
_EN_UN_MENSAJE = ("text", "image", "tool_use", "tool_result")
_OTROS_BLOQUES_DE_LA_API = (
    "document", "search_result", "thinking", "redacted_thinking", "server_tool_use",
    "web_search_tool_result", "web_fetch_tool_result", "code_execution_tool_result",
    "bash_code_execution_tool_result", "text_editor_code_execution_tool_result",
    "tool_search_tool_result", "container_upload")
# Los caracteres de un id de tool_use y de un nombre de herramienta (la longitud del nombre se
# revisa aparte, en _revisa_herramientas).
_ID = _NOMBRE = _re.compile(r"[a-zA-Z0-9_-]+")
# Las herramientas que define la API tienen un type con fecha: web_search_20250305, bash_20250124.
_DE_LA_API = _re.compile(r"[a-z][a-z0-9_]*_\d{8}")


def _normaliza(M):
    """Pasa M a una lista de pares (rol, contenido) con valores JSON, o lanza ErrorDeProtocolo."""
    if not isinstance(M, (list, tuple)):
        raise _rechazo("lista_de_mensajes", "la conversación debe ser una lista de mensajes, no %s"
                       % type(M).__name__)
    forma, salida = None, []
    for i, m in enumerate(M, 1):
        rol_api = m.get("role") if isinstance(m, dict) else None
        if rol_api == "system" and i == 1:
            # MAR: "if you want to include a system prompt, you can use the top-level system
            # parameter"; MSM: un mensaje con role "system" va a mitad de conversación, nunca el primero.
            raise _rechazo("sistema_primero", "mensaje 1: en la Messages API, el texto de sistema del "
                           "principio va aparte, en el parámetro system, no como un mensaje; un mensaje "
                           "con role 'system' solo puede ir a mitad de conversación, justo después de "
                           "uno del usuario. Con pares, escribe ('sistema', texto) al principio, y "
                           "peticion() lo pone en system.", 1)
        if isinstance(m, dict) and set(m) == {"role", "content"} and isinstance(rol_api, str) \
                and rol_api in _ROLES:
            esta, rol, contenido = "dict", _ROLES[rol_api], m["content"]
        elif isinstance(m, (tuple, list)) and len(m) == 2 and m[0] in ("sistema", "usuario", "asistente"):
            esta, (rol, contenido) = "par", m
        else:
            raise _rechazo("forma_del_mensaje", "mensaje %d: debe ser un par (rol, contenido) con rol "
                           "'sistema', 'usuario' o 'asistente', o un diccionario {'role', 'content'} con "
                           "role 'user', 'assistant' o 'system'; llega %s" % (i, _corto(m)), i)
        if forma and esta != forma:
            raise _rechazo("formas_mezcladas", "mensaje %d: la conversación mezcla pares (rol, contenido) "
                           "con diccionarios {'role', 'content'}; usa una sola forma" % i, i)
        forma = esta
        aqui = "mensaje %d (%s)" % (i, rol)
        contenido = _a_json(contenido, aqui, i)
        # MAR: "Each input message content may be either a single string or an array of content blocks".
        if isinstance(contenido, list):
            for j, b in enumerate(contenido, 1):
                _revisa_bloque(b, "%s, bloque %d" % (aqui, j), _EN_UN_MENSAJE, (i, j), convencion=True)
        elif not isinstance(contenido, str):
            raise _rechazo("forma_del_contenido", "%s: el contenido debe ser una cadena o una lista de "
                           "bloques" % aqui, i)
        salida.append((rol, contenido))
    return salida


def _revisa_bloque(b, aqui, tipos, sitio, convencion=False):
    """Revisa que b sea un bloque de uno de estos tipos, con la forma que documenta la API. sitio:
    (mensaje, bloque), los números del bloque de primer nivel que lo lleva."""
    tipo = b.get("type") if isinstance(b, dict) else None
    if tipo not in tipos:
        regla, motivo = "tipo_de_bloque", ""
        if convencion and tipo in _OTROS_BLOQUES_DE_LA_API:
            regla, motivo = "bloque_de_la_api", (" (convención del curso: la API admite también "
                                                 "bloques %s, pero el curso usa solo estos)" % tipo)
        raise _rechazo(regla, "%s: un bloque es un diccionario con type %s%s; llega %s"
                       % (aqui, _o(["'%s'" % t for t in tipos]), motivo, _corto(b)), *sitio)
    aqui = "%s (%s)" % (aqui, tipo)
    _revisa_forma(b, tipo, aqui, sitio)
    # El 400 de la API: "tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'".
    if tipo == "tool_use" and not _ID.fullmatch(b["id"]):
        raise _rechazo("id_de_tool_use", "%s: el id debe cumplir ^[a-zA-Z0-9_-]+$, y es %r"
                       % (aqui, b["id"]), *sitio)


def _revisa_forma(d, forma, aqui, sitio, ruta=""):
    """Revisa los campos del diccionario d contra _FORMAS[forma], y lo que lleva dentro: su fuente
    y sus bloques. sitio: los números de su mensaje y bloque, o (None, None, herramienta). ruta va
    delante del nombre de cada campo en los mensajes ("source.")."""
    campos = _FORMAS[forma]
    for k in d:
        if k in campos or k == "type":
            continue
        if k in _OTROS_CAMPOS_DE_LA_API.get(forma, ()):
            raise _rechazo("campo_de_la_api", "%s: sobra el campo %s%s (convención del curso: la API "
                           "lo admite, pero el curso no lo usa)" % (aqui, ruta, k), *sitio)
        # El 400 de la API: "messages.0.content.0.tool_result.error: Extra inputs are not permitted".
        import difflib  # solo al rechazar: el campo conocido que más se parece
        parecido = difflib.get_close_matches(k, list(campos), 1)
        raise _rechazo("campo_que_sobra", "%s: sobra el campo %s%s, y la API no admite campos que no "
                       "conoce%s" % (aqui, ruta, k, "; ¿querías decir %s%s?" % (ruta, parecido[0])
                                     if parecido else ""), *sitio)
    for campo, (admite, nombre) in campos.items():
        if campo not in d and campo in _OPCIONALES.get(forma, ()):
            continue
        nombre = nombre or _o(["'%s'" % v for v in admite])
        if campo not in d:
            raise _rechazo("campo_que_falta", "%s: falta el campo %s%s, que debe ser %s"
                           % (aqui, ruta, campo, nombre), *sitio)
        if not (d[campo] in admite if isinstance(admite, list) else isinstance(d[campo], admite)):
            raise _rechazo("valor_del_campo", "%s: %s%s debe ser %s, y es %s"
                           % (aqui, ruta, campo, nombre, _corto(d[campo])), *sitio)
    if forma in _FUENTES:
        fuente, tipos = d["source"], _FUENTES[forma]
        nombre = _o(["'%s'" % t for t in tipos])
        if "type" not in fuente:
            raise _rechazo("campo_que_falta", "%s: falta el campo %ssource.type, que debe ser %s"
                           % (aqui, ruta, nombre), *sitio)
        if fuente["type"] not in tipos:
            raise _rechazo("valor_del_campo", "%s: %ssource.type debe ser %s, y es %s"
                           % (aqui, ruta, nombre, _corto(fuente["type"])), *sitio)
        _revisa_forma(fuente, "%s.%s" % (forma, fuente["type"]), aqui, sitio, ruta + "source.")
    if forma in _BLOQUES_DENTRO and isinstance(d.get("content"), list):
        for k, parte in enumerate(d["content"], 1):
            _revisa_bloque(parte, "%s, %scontent %d" % (aqui, ruta, k), _BLOQUES_DENTRO[forma], sitio)


def _o(nombres):
    """'a', 'b' o 'c'."""
    return ", ".join(nombres[:-1]) + " o " + nombres[-1] if len(nombres) > 1 else nombres[0]


def _a_json(x, aqui, *sitio):
    """Copia x como valor JSON puro: tuplas a listas, subclases a su tipo base; otra cosa es un error."""
    if x is None or isinstance(x, bool):
        return x
    if isinstance(x, str):
        return str.__str__(x)
    if isinstance(x, int):
        return int.__int__(x)
    if isinstance(x, float):
        # JSON no tiene NaN ni infinito: los SDK de las dos API se niegan a enviarlos
        # (json.dumps(..., allow_nan=False): "Out of range float values are not JSON compliant").
        if not _math.isfinite(x):
            raise _rechazo("valor_json", "%s: %r no es un valor JSON (JSON no tiene NaN ni infinito, y "
                           "los SDK de las API no lo envían)" % (aqui, x), *sitio)
        return float.__float__(x)
    if isinstance(x, (list, tuple)):
        return [_a_json(v, aqui, *sitio) for v in x]
    if isinstance(x, dict):
        if not all(type(k) is str for k in dict.keys(x)):
            raise _rechazo("valor_json", "%s: las claves de un objeto JSON son cadenas" % aqui, *sitio)
        return {k: _a_json(v, aqui, *sitio) for k, v in dict.items(x)}
    raise _rechazo("valor_json", "%s: %s no es un valor JSON" % (aqui, type(x).__name__), *sitio)


def _revisa_herramientas(herramientas):
    if herramientas is None:
        return
    if not isinstance(herramientas, (list, tuple)):
        raise _rechazo("lista_de_herramientas", "las herramientas deben ser una lista, no %s"
                       % type(herramientas).__name__)
    vistos = set()
    for i, h in enumerate(herramientas, 1):
        nombre = h.get("name") if isinstance(h, dict) else None
        aqui, sitio = "herramienta %d (%r)" % (i, nombre), (None, None, i)
        if not isinstance(h, dict):
            raise _rechazo("forma_de_la_herramienta", "herramienta %d: debe ser un diccionario "
                           "{name, description, input_schema}" % i, *sitio)
        h = _a_json(h, aqui, *sitio)
        # La API define herramientas propias, sin input_schema: las de servidor, que ejecuta ella
        # ({"type": "web_search_20250305", "name": "web_search"}), y otras como bash_20250124. El
        # curso no las usa.
        if isinstance(h.get("type"), str) and _DE_LA_API.fullmatch(h["type"]):
            raise _rechazo("herramienta_de_la_api", "%s: es una herramienta definida por la API (%s), "
                           "que no lleva input_schema (convención del curso: el curso usa solo "
                           "herramientas propias, con name, description e input_schema)"
                           % (aqui, h["type"]), *sitio)
        _revisa_forma(h, "herramienta", aqui, sitio)
        # Las dos documentaciones piden ^[a-zA-Z0-9_-]{1,64}$: la de Chat Completions, "Must be a-z,
        # A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64", y la de la
        # Messages API. El 400 de la Messages API es más ancho: "tools.0.custom.name: String should
        # match pattern '^[a-zA-Z0-9_-]{1,128}$'". El curso pide lo que dicen las dos documentaciones.
        if not _NOMBRE.fullmatch(nombre):
            raise _rechazo("nombre_de_herramienta", "%s: el nombre debe cumplir ^[a-zA-Z0-9_-]{1,64}$, "
                           "como piden las dos API: de 1 a 64 letras sin tilde, cifras, _ o -, sin espacios"
                           % aqui, *sitio)
        if len(nombre) > 64:
            raise _rechazo("nombre_largo", "%s: el nombre tiene %d caracteres, y las dos API piden 64 como "
                           "mucho en su documentación (^[a-zA-Z0-9_-]{1,64}$): %s"
                           % (aqui, len(nombre), "Chat Completions lo rechaza, y la Messages API, según su "
                              "error 400, admite hasta 128" if len(nombre) <= 128 else
                              "las dos lo rechazan"), *sitio)
        # El 400 de la API: "tools: Tool names must be unique."
        if nombre in vistos:
            raise _rechazo("nombres_repetidos", "%s: los nombres de las herramientas deben ser únicos"
                           % aqui, *sitio)
        vistos.add(nombre)
        # MAR: input_schema es un esquema con "type": "object" (el SDK: InputSchemaTyped,
        # type: Required[Literal["object"]]).
        esquema = h["input_schema"]
        if esquema.get("type") != "object":
            raise _rechazo("esquema_de_objeto", "%s: input_schema debe ser un esquema de objeto, "
                           "con \"type\": \"object\"" % aqui, *sitio)
        # El 400 de la API: "tools.0.custom.input_schema: JSON schema is invalid. It must match
        # JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12)".
        fallo = _fallo_del_esquema(esquema)
        if fallo:
            raise _rechazo("esquema_invalido", "%s: input_schema no es un JSON Schema válido (draft "
                           "2020-12), y la API lo exige: %s" % (aqui, fallo), *sitio)


_TIPOS_JSON = ("string", "integer", "number", "boolean", "object", "array", "null")
_ESQUEMAS_VISTOS = {}  # lo que dijo _fallo_del_esquema de cada esquema, en JSON


def _fallo_del_esquema(esquema):
    """Por qué esquema no es un JSON Schema draft 2020-12 válido, o None.

    Revisa siempre los valores de type; el resto, con el metaesquema de jsonschema, si se puede
    importar (como incumple en entorno.py).
    """
    try:
        clave = _json.dumps(esquema, sort_keys=True)
    except (TypeError, ValueError):
        return "no es un valor JSON"
    if clave not in _ESQUEMAS_VISTOS:
        if len(_ESQUEMAS_VISTOS) > 200:
            _ESQUEMAS_VISTOS.clear()
        _ESQUEMAS_VISTOS[clave] = _tipo_mal_escrito(esquema, []) or _fallo_del_metaesquema(esquema)
    return _ESQUEMAS_VISTOS[clave]


def _tipo_mal_escrito(esquema, ruta):
    """El primer type de esquema (o de los esquemas que lleva dentro) que no es un tipo de JSON Schema."""
    if not isinstance(esquema, dict):
        return None
    tipo = esquema.get("type")
    for t in (tipo if isinstance(tipo, list) else [tipo] if "type" in esquema else []):
        if t not in _TIPOS_JSON:
            return ("en %s, %s no es un tipo de JSON Schema (son %s)"
                    % (".".join(ruta + ["type"]), _corto(t), ", ".join(_TIPOS_JSON)))
    dentro = [(["properties", k], v) for k, v in esquema.get("properties", {}).items()] \
        if isinstance(esquema.get("properties"), dict) else []
    dentro += [([k], esquema[k]) for k in ("items", "additionalProperties", "not") if k in esquema]
    for k in ("anyOf", "oneOf", "allOf", "prefixItems"):
        if isinstance(esquema.get(k), list):
            dentro += [([k, str(n)], v) for n, v in enumerate(esquema[k])]
    for camino, sub in dentro:
        fallo = _tipo_mal_escrito(sub, ruta + camino)
        if fallo:
            return fallo
    return None


def _fallo_del_metaesquema(esquema):
    try:
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import best_match
    except ImportError:  # sin jsonschema basta la revisión de los type
        return None
    fallo = best_match(Draft202012Validator(Draft202012Validator.META_SCHEMA).iter_errors(esquema))
    if fallo is None:
        return None
    ruta = ".".join(str(p) for p in fallo.absolute_path) or "la raíz"
    return "en %s, %s no cumple el metaesquema (%s)" % (ruta, _corto(fallo.instance), fallo.validator)


# --- La diferencia con el guion ---------------------------------------------------------

def _primera_diferencia(esperados, recibidos):
    """La primera diferencia, como _Fallo con su mensaje y su bloque, o None."""
    for i, ((rol_e, cont_e), (rol_r, cont_r)) in enumerate(zip(esperados, recibidos), 1):
        if rol_e != rol_r:
            return _fallo("fuera_de_guion", "mensaje %d: rol esperado %r, recibido %r" % (i, rol_e, rol_r), i)
        j, dentro = _diferencia_contenido(cont_e, cont_r)
        if dentro:
            return _fallo("fuera_de_guion", "mensaje %d (%s)%s" % (i, rol_e, dentro), i, j)
    if len(recibidos) != len(esperados):
        i = min(len(recibidos), len(esperados)) + 1
        rol, que = (esperados[i - 1][0], "falta") if len(recibidos) < len(esperados) else (recibidos[i - 1][0], "sobra")
        return _fallo("fuera_de_guion", "mensaje %d (%s): %s; el guion espera %d mensajes y han llegado %d"
                      % (i, rol, que, len(esperados), len(recibidos)), i)
    return None


def _diferencia_contenido(esperado, recibido):
    """(el bloque que difiere, o None; cómo difiere, o None si no difiere)."""
    if isinstance(esperado, list) and isinstance(recibido, list):
        for j, (be, br) in enumerate(zip(esperado, recibido), 1):
            dentro = _diferencia_valor("", be, br)
            if dentro:
                return j, ", bloque %d: %s" % (j, dentro)
        if len(esperado) > len(recibido):
            j = len(recibido) + 1
            return j, ", bloque %d: falta; se esperaba %s" % (j, _corto(esperado[j - 1]))
        if len(recibido) > len(esperado):
            j = len(esperado) + 1
            return j, ", bloque %d: sobra: %s" % (j, _corto(recibido[j - 1]))
        return None, None
    if isinstance(esperado, str) and isinstance(recibido, str):
        return None, None if esperado == recibido else ": texto esperado %s, recibido %s" % (
            _corto(esperado), _corto(recibido))
    return None, ": contenido esperado %s, recibido %s" % (_corto(esperado), _corto(recibido))


def _diferencia_valor(ruta, esperado, recibido):
    """Describe la primera diferencia entre dos valores JSON, entrando en los objetos."""
    if isinstance(esperado, dict) and isinstance(recibido, dict):
        if ruta == "" and esperado.get("type") != recibido.get("type"):
            return "type esperado %r, recibido %r" % (esperado.get("type"), recibido.get("type"))
        for k in esperado:
            campo = ruta + k
            if k not in recibido:
                return "falta el campo %s (se esperaba %s)" % (campo, _corto(esperado[k]))
            dentro = _diferencia_valor(campo + ".", esperado[k], recibido[k])
            if dentro:
                return dentro
        for k in recibido:
            if k not in esperado:
                return "sobra el campo %s (con %s)" % (ruta + k, _corto(recibido[k]))
        return None
    if _iguales(esperado, recibido):
        return None
    if isinstance(esperado, str) and isinstance(recibido, str):
        esperado, recibido = _desde_la_diferencia(esperado, recibido)
    return "%s esperado %s, recibido %s" % (ruta.rstrip(".") or "valor", _corto(esperado), _corto(recibido))


def _desde_la_diferencia(a, b, antes=15):
    """Dos textos largos, recortados para que se vea dónde empiezan a diferir."""
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    if i <= antes or max(len(repr(a)), len(repr(b))) <= 60:
        return a, b
    return _Recorte("…" + a[i - antes:]), _Recorte("…" + b[i - antes:])


class _Recorte(str):
    """Un texto que empieza por «…»: repr() lo muestra con comillas pero con la elipsis fuera."""

    def __repr__(self):
        return "…" + str.__repr__(self[1:])


def _iguales(a, b):
    """Igualdad de valores JSON: true no es 1, y 1 es 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_iguales, a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_iguales(a[k], b[k]) for k in a)
    return a == b


def _corto(valor, n=60):
    texto = repr(valor)
    return texto if len(texto) <= n else texto[:n - 1] + "…"


# --- La misma conversación, en el cable --------------------------------------------------

def peticion(M, herramientas, api="anthropic", modelo="modelo-guionizado"):
    """El cuerpo JSON de la petición que recibiría una API real con esta conversación.

    api="anthropic": Messages API (el sistema del principio aparte; roles user, assistant y, a
    mitad de conversación, system; bloques tal cual).
    api="openai": Chat Completions (tool_calls en el asistente; un mensaje role "tool" por resultado).
    Como ModeloGuionizado, lanza ErrorDeProtocolo si la petición incumple el protocolo.
    """
    if api not in ("anthropic", "openai"):
        raise ValueError("api debe ser 'anthropic' u 'openai', no %r" % (api,))
    _revisa_herramientas(herramientas)
    M = _normaliza(M)
    fallos = _fallos_de_la_peticion(M, herramientas)
    if fallos:
        raise _error(ErrorDeProtocolo, fallos)
    herramientas = _a_json(list(herramientas or []), "herramientas")
    if api == "anthropic":
        return _peticion_anthropic(M, herramientas, modelo)
    return _peticion_openai(M, herramientas, modelo)


def _peticion_anthropic(M, herramientas, modelo):
    cuerpo = {"model": modelo, "max_tokens": 1024}
    # Los mensajes "sistema" del principio son el parámetro system (MAR); los de más adelante, en
    # su sitio y con role "system" (MSM).
    inicio = next((k for k, (rol, _) in enumerate(M) if rol != "sistema"), len(M))
    sistema = [c if isinstance(c, str) else "\n".join(b["text"] for b in c) for _, c in M[:inicio]]
    if sistema:
        cuerpo["system"] = "\n\n".join(sistema)
    roles = {"usuario": "user", "asistente": "assistant", "sistema": "system"}
    cuerpo["messages"] = [{"role": roles[rol], "content": c} for rol, c in M[inicio:]]
    if herramientas:
        cuerpo["tools"] = herramientas
    return cuerpo


def _peticion_openai(M, herramientas, modelo):
    # Un último mensaje vacío del asistente no añade nada (la Messages API lo admite y sigue desde
    # ahí); en Chat Completions sería un mensaje assistant sin content ni tool_calls, que esa API
    # rechaza (su referencia: content es "Required unless `tool_calls` or `function_call` is
    # specified"). No se envía.
    if M[-1][0] == "asistente" and M[-1][1] in ("", []):
        M = M[:-1]
        if all(rol == "sistema" for rol, _ in M):
            raise ValueError("Chat Completions no admite una conversación cuyo único mensaje es uno "
                             "vacío del asistente")
    # Los mensajes seguidos del asistente son un solo turno (MAR), y en Chat Completions un
    # mensaje con tool_calls va seguido de sus mensajes tool: se juntan en uno.
    juntos = []
    for rol, c in M:
        bloques = [{"type": "text", "text": c}] if isinstance(c, str) else c
        if rol == "asistente" and juntos and juntos[-1][0] == "asistente":
            juntos[-1] = (rol, juntos[-1][1] + bloques)
        else:
            juntos.append((rol, bloques))
    mensajes = []
    for rol, bloques in juntos:
        if rol == "sistema":
            # Chat Completions tiene mensajes de sistema, en cualquier sitio de la lista (su
            # referencia añade: "With o1 models and newer, use `developer` messages for this
            # purpose instead").
            mensajes.append({"role": "system", "content": _partes(bloques, "system")})
        elif rol == "asistente":
            contenido = _partes([b for b in bloques if b["type"] != "tool_use"], "assistant")
            m = {"role": "assistant", "content": None if contenido == [] else contenido}
            llamadas = [{"id": b["id"], "type": "function",
                         "function": {"name": b["name"],
                                      "arguments": _json.dumps(b["input"], ensure_ascii=False)}}
                        for b in bloques if b["type"] == "tool_use"]
            if llamadas:
                m["tool_calls"] = llamadas
            mensajes.append(m)
        else:
            # Los bloques tool_result van primero (_fallos): los mensajes tool, en su orden, y
            # después los bloques del propio usuario conservan el orden de los bloques. El 400 de
            # OpenAI: "An assistant message with 'tool_calls' must be followed by tool messages
            # responding to each 'tool_call_id'." Chat Completions no tiene is_error: un error
            # viaja solo como texto.
            for b in (b for b in bloques if b["type"] == "tool_result"):
                contenido = b.get("content", "")
                mensajes.append({"role": "tool", "tool_call_id": b["tool_use_id"],
                                 "content": _partes(contenido, "tool") if contenido else ""})
            resto = [b for b in bloques if b["type"] != "tool_result"]
            if resto:
                mensajes.append({"role": "user", "content": _partes(resto, "user")})
    cuerpo = {"model": modelo, "messages": mensajes}
    if herramientas:
        cuerpo["tools"] = [{"type": "function",
                            "function": {"name": h["name"], "description": h.get("description", ""),
                                         "parameters": h["input_schema"]}}
                           for h in herramientas]
    return cuerpo


# Las partes del content de un mensaje del usuario en Chat Completions, según su referencia (el SDK
# oficial de OpenAI: ChatCompletionContentPartParam): texto, imágenes, audio y ficheros. Los
# mensajes tool, system y assistant llevan solo partes de texto ("For tool messages, only type
# `text` is supported"). De los bloques del curso, solo text e image tienen parte equivalente.
_PARTES_DEL_USUARIO = {"text": "texto", "image_url": "imágenes", "input_audio": "audio",
                       "file": "ficheros"}


def _partes(bloques, rol):
    """El content de Chat Completions a partir de bloques: un solo bloque text, como su cadena (en
    las dos API una cadena abrevia un bloque text); si no, una lista de partes.

    Un bloque image pasa a una parte {"type": "image_url"}, cuya url es "Either a URL of the image
    or the base64 encoded image data", y solo en un mensaje del usuario; los bloques document y
    search_result de un tool_result no tienen sitio en un mensaje tool.
    """
    if isinstance(bloques, str):
        return bloques
    lista = ["%s (%s)" % (que, tipo) for tipo, que in _PARTES_DEL_USUARIO.items()]
    porque = ": en Chat Completions solo los mensajes del usuario llevan algo más que texto: %s y %s" % (
        ", ".join(lista[1:-1]), lista[-1])
    if rol == "user":
        porque = (": los mensajes del usuario llevan %s y %s, y de los bloques del curso solo text e image "
                  "tienen parte equivalente" % (", ".join(lista[:-1]), lista[-1]))
    partes = []
    for b in bloques:
        if b["type"] == "text":
            partes.append({"type": "text", "text": b["text"]})
            continue
        if b["type"] != "image" or rol != "user":
            raise ValueError("Chat Completions no admite bloques %s en un mensaje %s%s" % (b["type"], rol, porque))
        fuente = b["source"]
        if fuente.get("type") not in ("base64", "url"):
            raise ValueError("Chat Completions no admite esta imagen: la parte image_url de un mensaje del "
                             "usuario lleva su URL o sus datos en base64, no una fuente de tipo %s"
                             % fuente.get("type"))
        url = fuente.get("url") if fuente["type"] == "url" else \
            "data:%s;base64,%s" % (fuente.get("media_type"), fuente.get("data"))
        partes.append({"type": "image_url", "image_url": {"url": url}})
    if len(partes) == 1 and partes[0]["type"] == "text":
        return partes[0]["text"]
    return partes


# --- La respuesta entera, y los fallos de la API --------------------------------------------
# Las fuentes: las páginas de Anthropic «Stop reasons and fallback» (SRF,
# https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons) y «Claude API errors»
# (ERR, https://platform.claude.com/docs/en/api/errors), y la referencia de Chat Completions de
# OpenAI (CCR, https://platform.openai.com/docs/api-reference/chat/object).

class Respuesta(list):
    """Lo que contesta ModeloGuionizado en un turno: la lista de bloques de siempre (se imprime,
    se compara y pasa a JSON como esa lista) con los demás campos de un Message de la Messages API:

        stop_reason    por qué termina la respuesta: "tool_use" si tiene alguna llamada, "end_turn"
                       si no, o el que diga el guion ("max_tokens", "refusal", "stop_sequence",
                       "pause_turn")
        stop_sequence  siempre None: el modelo guionizado no tiene secuencias de parada
        usage          {"input_tokens", "output_tokens"}: una estimación (ver _tokens)
        id, model      el id de la respuesta ("msg_guionizado_<turno>") y el nombre del modelo

    Dos respuestas con los mismos bloques son iguales (==), aunque difieran esos campos.
    """

    def __init__(self, bloques=(), stop_reason=None, usage=None, id=None, model=None):
        super().__init__(bloques)
        self.stop_reason = stop_reason if stop_reason is not None else _motivo_de(self)
        self.stop_sequence = None
        self.usage = dict(usage) if usage else {"input_tokens": 0, "output_tokens": _tokens(list(self))}
        self.id = id or "msg_guionizado"
        self.model = model or _MODELO


class ErrorDeLaAPI(Exception):
    """Un error HTTP de la API, como el que lanza un guion con error_http().

        status           el código HTTP: 400, 429, 500 o 529
        tipo             el type del error: invalid_request_error, rate_limit_error, api_error u
                         overloaded_error (ERR: "400 - invalid_request_error", "429 -
                         rate_limit_error", "500 - api_error", "529 - overloaded_error")
        cuerpo           el JSON de error que devuelve la API, con la forma que documenta ERR:
                         {"type": "error", "error": {"type", "message"}, "request_id"}
        reintentar_tras  los segundos de la cabecera retry-after, o None si no la trae
    """

    def __init__(self, status, cuerpo, reintentar_tras=None):
        super().__init__(status, cuerpo, reintentar_tras)
        self.status, self.cuerpo, self.reintentar_tras = status, cuerpo, reintentar_tras
        error = cuerpo.get("error") if isinstance(cuerpo, dict) else None
        self.tipo = error.get("type") if isinstance(error, dict) else None

    def __str__(self):
        error = self.cuerpo.get("error") if isinstance(self.cuerpo, dict) else None
        mensaje = error.get("message") if isinstance(error, dict) else None
        tras = "" if self.reintentar_tras is None else " (retry-after: %s s)" % self.reintentar_tras
        return "HTTP %s, %s: %s%s" % (self.status, self.tipo, mensaje, tras)


_MODELO = "modelo-guionizado"
# SRF: los valores de stop_reason. model_context_window_exceeded y compaction no los da el modelo
# guionizado: no tiene ventana de contexto ni compactación.
_MOTIVOS = ("end_turn", "tool_use", "max_tokens", "stop_sequence", "pause_turn", "refusal")
# ERR: el type de cada status, y el message con el que el guion lo rellena si no dice otro (ERR
# enseña "Overloaded" en el 529; los demás son del curso).
_ERRORES = {400: ("invalid_request_error", "Invalid request"),
            429: ("rate_limit_error", "Rate limit exceeded"),
            500: ("api_error", "Internal server error"),
            529: ("overloaded_error", "Overloaded")}


# Lo que escribe un guion en el lugar de una respuesta, además de una lista de bloques.

def con_motivo(bloques, stop_reason):
    """Una respuesta del guion con el stop_reason que se diga, en vez del que le toca."""
    if stop_reason not in _MOTIVOS:
        raise ValueError("stop_reason debe ser uno de %s, no %r" % (", ".join(_MOTIVOS), stop_reason))
    return {"content": list(bloques), "stop_reason": stop_reason}


def cortada(bloques):
    """Una respuesta cortada por max_tokens. Si su último bloque es un tool_use, está incompleto
    (SRF: una respuesta cortada puede acabar en un tool_use a medias), y un arnés nunca lo ejecuta:
    escríbelo con el input que habría llegado hasta el corte."""
    return con_motivo(bloques, "max_tokens")


def rechazada(bloques=()):
    """Una respuesta en la que el modelo se niega a seguir: stop_reason "refusal" (SRF)."""
    return con_motivo(bloques, "refusal")


def error_http(status, reintentar_tras=None, mensaje=None):
    """Un turno en el que la API no contesta: el modelo lanza ErrorDeLaAPI con ese status (400, 429,
    500 o 529) y, si se dice, los segundos de retry-after. Un arnés que reintenta envía la misma
    petición, y la recibe el turno siguiente del guion: el guion dice qué recibe cada intento."""
    if status not in _ERRORES:
        raise ValueError("status debe ser uno de %s, no %r" % (", ".join(map(str, _ERRORES)), status))
    fallo = {"error": status}
    if reintentar_tras is not None:
        fallo["reintentar_tras"] = reintentar_tras
    if mensaje is not None:
        fallo["mensaje"] = mensaje
    return fallo


def es_fallo(entrada):
    """Si una entrada del guion es un error HTTP (error_http): tras él, la conversación no cambia."""
    return isinstance(entrada, dict) and "error" in entrada


def _contesta(modelo, M, herramientas, entrada):
    """El turno de modelo que ha pasado las revisiones: la Respuesta, o el ErrorDeLaAPI del guion."""
    if es_fallo(entrada):
        status = entrada["error"]
        tipo, mensaje = _ERRORES[status]
        cuerpo = {"type": "error", "error": {"type": tipo, "message": entrada.get("mensaje", mensaje)},
                  "request_id": "req_guionizado_%d" % modelo.turno}
        error = ErrorDeLaAPI(status, cuerpo, entrada.get("reintentar_tras"))
        modelo._guarda({"turno": modelo.turno, "recibidos": M, "mensaje": None, "bloque": None,
                        "error": "ErrorDeLaAPI: %s" % error, "esperado": None,
                        "http": {"status": status, "cuerpo": cuerpo, "reintentar_tras": error.reintentar_tras}})
        raise error
    bloques = entrada["content"] if isinstance(entrada, dict) else entrada
    motivo = entrada.get("stop_reason") if isinstance(entrada, dict) else None
    cuerpo = _peticion_anthropic(M, list(herramientas or []), _MODELO)  # ya revisadas: JSON
    respuesta = Respuesta(_copy.deepcopy(bloques), motivo,
                          {"input_tokens": _tokens(cuerpo), "output_tokens": _tokens(list(bloques))},
                          "msg_guionizado_%d" % modelo.turno)
    modelo._guarda({"turno": modelo.turno, "recibidos": M, "respuesta": bloques,
                    "stop_reason": respuesta.stop_reason, "usage": dict(respuesta.usage)})
    return respuesta


def _motivo_de(bloques):
    return "tool_use" if any(isinstance(b, dict) and b.get("type") == "tool_use" for b in bloques) else "end_turn"


def _tokens(valor):
    """La estimación de tokens del curso: los caracteres del JSON compacto de valor (sin espacios
    tras «,» y «:», con los caracteres no ASCII tal cual) entre 4, redondeando hacia arriba. Es
    determinista, y crece con la conversación como los tokens de verdad; los de verdad los cuenta
    la API (usage, o su endpoint de contar tokens) con el tokenizador de cada modelo, y OpenAI da
    como regla práctica «1 token ≈ 4 caracteres» en inglés.

    input_tokens estima el cuerpo de la petición de la Messages API (peticion(M, herramientas));
    output_tokens, la lista de bloques de la respuesta.
    """
    return -(-len(_json.dumps(valor, ensure_ascii=False, separators=(",", ":"))) // 4)


# --- La respuesta, en el cable -----------------------------------------------------------------

def respuesta_api(respuesta, api="anthropic"):
    """El cuerpo JSON de la respuesta que enviaría una API real: el espejo de peticion().

    api="anthropic": un Message de la Messages API (id, type, role, model, content, stop_reason,
    stop_sequence, usage).
    api="openai": un ChatCompletion de Chat Completions (choices[0].message, finish_reason, usage).
    respuesta es lo que devuelve el modelo; a una lista de bloques sin esos campos se le dan los de
    Respuesta (stop_reason según sus bloques, tokens de entrada 0).
    """
    if api not in ("anthropic", "openai"):
        raise ValueError("api debe ser 'anthropic' u 'openai', no %r" % (api,))
    # Los campos, también de una Respuesta de otra ejecución de este fichero (otra celda lo vuelve a cargar).
    respuesta = Respuesta(respuesta, *(getattr(respuesta, k, None) for k in ("stop_reason", "usage", "id", "model")))
    bloques = _a_json(list(respuesta), "la respuesta")
    if api == "anthropic":
        return {"id": respuesta.id, "type": "message", "role": "assistant", "model": respuesta.model,
                "content": bloques, "stop_reason": respuesta.stop_reason,
                "stop_sequence": respuesta.stop_sequence, "usage": dict(respuesta.usage)}
    return _respuesta_openai(respuesta, bloques)


# CCR: finish_reason es "stop" si el modelo llegó a un final natural o a una secuencia de parada,
# "length" si llegó al máximo de tokens de la petición, "tool_calls" si llamó a una herramienta y
# "content_filter" si se omitió contenido por sus filtros. refusal va a "content_filter" y
# pause_turn a "stop": convención del curso, Chat Completions no tiene esos dos.
_FINES = {"end_turn": "stop", "stop_sequence": "stop", "pause_turn": "stop", "tool_use": "tool_calls",
          "max_tokens": "length", "refusal": "content_filter"}


def _respuesta_openai(respuesta, bloques):
    textos = [b["text"] for b in bloques if b.get("type") == "text"]
    mensaje = {"role": "assistant", "content": "\n".join(textos) if textos else None, "refusal": None}
    llamadas = [{"id": b["id"], "type": "function",
                 "function": {"name": b["name"], "arguments": _json.dumps(b["input"], ensure_ascii=False)}}
                for b in bloques if b.get("type") == "tool_use"]
    if llamadas:
        mensaje["tool_calls"] = llamadas
    if respuesta.stop_reason == "refusal":  # CCR: el mensaje trae su negativa en refusal
        mensaje["refusal"], mensaje["content"] = mensaje["content"] or "", None
    uso = respuesta.usage
    return {"id": "chatcmpl-" + respuesta.id.replace("_", "-"), "object": "chat.completion", "created": 0,
            "model": respuesta.model,
            "choices": [{"index": 0, "message": mensaje, "finish_reason": _FINES[respuesta.stop_reason],
                         "logprobs": None}],
            "usage": {"prompt_tokens": uso["input_tokens"], "completion_tokens": uso["output_tokens"],
                      "total_tokens": uso["input_tokens"] + uso["output_tokens"]}}


def _de_respuesta_api(cuerpo):
    """La Respuesta de un Message de respuesta_api(): lo que cruza del calificador al arnés."""
    return Respuesta(cuerpo["content"], cuerpo["stop_reason"], cuerpo["usage"], cuerpo["id"], cuerpo["model"])


# --- Un modelo de verdad -------------------------------------------------------------------
# Las fuentes: la referencia de la Messages API (MSG, https://docs.anthropic.com/en/api/messages),
# la de Chat Completions (CCR, arriba) y «CORS» de Anthropic: una página solo puede llamar a la API
# con la cabecera anthropic-dangerous-direct-browser-access (la pone la página, no este fichero).

class ModeloNoDisponible(RuntimeError):
    """ModeloReal no puede llamar a un modelo aquí: la frase dice por qué y qué hacer."""


class RespuestaMalFormada(ValueError):
    """La API ha contestado algo que no tiene la forma de una respuesta suya."""


_URL_BASE = {"anthropic": "https://api.anthropic.com/v1", "openai": "https://api.openai.com/v1"}
_RUTA = {"anthropic": "/messages", "openai": "/chat/completions"}
_TOPE_MAX_TOKENS = 1024  # cada respuesta, como mucho; la página limita además las llamadas
_SOLO_EN_LA_PAGINA = ("ModeloReal solo llama a un modelo desde una celda de la página del curso: al "
                      "comprobar un reto, en el calificador o fuera de la página no puede. Usa ModeloGuionizado.")


class ModeloReal:
    """Un modelo de lenguaje de verdad, con la misma llamada que ModeloGuionizado:

        modelo = ModeloReal(api="anthropic", modelo="claude-haiku-4-5")
        respuesta = modelo(M, HERRAMIENTAS)   # una Respuesta, con stop_reason y usage de verdad

    api="anthropic" envía peticion(M, HERRAMIENTAS) a la Messages API; api="openai", a Chat
    Completions en url_base (OpenAI, OpenRouter o un servidor local como Ollama:
    url_base="http://localhost:11434/v1"). Antes de gastar una llamada revisa la petición como
    ModeloGuionizado (ErrorDeProtocolo); un error HTTP de la API es un ErrorDeLaAPI.

    La clave no se escribe aquí: la pide la página, en su recuadro «Modelo real», y nunca llega a
    Python. Solo funciona en las celdas, cuando lo has activado en ese recuadro.
    """

    def __init__(self, api="anthropic", modelo=None, url_base=None, max_tokens=_TOPE_MAX_TOKENS):
        if api not in _RUTA:
            raise ValueError("api debe ser 'anthropic' u 'openai', no %r" % (api,))
        if not isinstance(modelo, str) or not modelo:
            raise ValueError("di qué modelo quieres, por ejemplo ModeloReal(api=%r, modelo=\"...\")" % api)
        self.api, self.modelo = api, modelo
        self.url_base = (url_base or _URL_BASE[api]).rstrip("/")
        self.max_tokens = max(1, min(int(max_tokens), _TOPE_MAX_TOKENS))
        self.turno = 0
        self._turnos = []

    _rechaza = ModeloGuionizado._rechaza
    _guarda = ModeloGuionizado._guarda

    def __call__(self, M, herramientas=None):
        self.turno += 1
        try:
            _revisa_herramientas(herramientas)
            M = _normaliza(M)
        except ErrorDeProtocolo as e:
            raise self._rechaza(e, _copia(M)) from None
        fallos = _fallos_de_la_peticion(M, herramientas)
        if fallos:
            raise self._rechaza(_error(ErrorDeProtocolo, fallos, "turno %d: " % self.turno), M)
        cuerpo = peticion(M, herramientas, self.api, self.modelo)
        cuerpo["max_tokens"] = self.max_tokens
        contestacion = _a_la_pagina(self.api, self.url_base + _RUTA[self.api], cuerpo)
        if contestacion["status"] != 200:
            error = ErrorDeLaAPI(contestacion["status"], contestacion["cuerpo"], contestacion.get("reintentar_tras"))
            self._guarda({"turno": self.turno, "recibidos": M, "mensaje": None, "bloque": None,
                          "error": "ErrorDeLaAPI: %s" % error, "esperado": None,
                          "http": {"status": error.status, "cuerpo": error.cuerpo,
                                   "reintentar_tras": error.reintentar_tras}})
            raise error
        leer = _de_anthropic if self.api == "anthropic" else _de_openai
        try:
            respuesta = leer(contestacion["cuerpo"])
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            raise RespuestaMalFormada("la respuesta de la API no tiene la forma de una respuesta de %s (%s): %s"
                                      % (self.api, e, _corto(contestacion["cuerpo"], 200))) from None
        # "api": los tokens los ha contado la API, no son la estimación del curso (la vista lo dice).
        self._guarda({"turno": self.turno, "recibidos": M, "respuesta": list(respuesta),
                      "stop_reason": respuesta.stop_reason, "usage": dict(respuesta.usage, api=True)})
        return respuesta


def _a_la_pagina(api, url, cuerpo):
    """Lo que contesta la página a la petición: {"status", "cuerpo", "reintentar_tras"}. La página
    hace la llamada con la clave, que así nunca entra en Python; si no puede, dice por qué."""
    try:
        import _pagina  # solo existe en la página
        contestacion = _pagina.llamar_api({"api": api, "url": url, "cuerpo": cuerpo})
    except (ImportError, AttributeError):
        contestacion = None
    if contestacion is None:
        raise ModeloNoDisponible(_SOLO_EN_LA_PAGINA)
    if "fallo" in contestacion:
        raise ModeloNoDisponible(contestacion["fallo"])
    return contestacion


def _uso(entrada, salida):
    if not (isinstance(entrada, int) and isinstance(salida, int)):
        raise ValueError("usage sin sus números de tokens")
    return {"input_tokens": entrada, "output_tokens": salida}


def _de_anthropic(cuerpo):
    """La Respuesta de un Message de la Messages API (MSG), revisada: solo bloques text y tool_use."""
    if cuerpo["type"] != "message" or cuerpo["role"] != "assistant":
        raise ValueError("no es un message del asistente")
    bloques = []
    for b in cuerpo["content"]:
        if b["type"] == "text" and isinstance(b["text"], str):
            bloques.append({"type": "text", "text": b["text"]})
        elif b["type"] == "tool_use" and isinstance(b["input"], dict) and _NOMBRE.fullmatch(b["name"]):
            bloques.append({"type": "tool_use", "id": str(b["id"]), "name": b["name"], "input": b["input"]})
        else:
            raise ValueError("un bloque %r que el curso no sabe leer" % b.get("type"))
    uso = cuerpo["usage"]
    return Respuesta(bloques, str(cuerpo["stop_reason"]), _uso(uso["input_tokens"], uso["output_tokens"]),
                     str(cuerpo["id"]), str(cuerpo["model"]))


# CCR: finish_reason al revés (ver _FINES).
_MOTIVOS_OPENAI = {"stop": "end_turn", "tool_calls": "tool_use", "length": "max_tokens",
                   "content_filter": "refusal", "function_call": "tool_use"}


def _de_openai(cuerpo):
    """La Respuesta de un ChatCompletion (CCR), con sus tool_calls como bloques tool_use."""
    eleccion = cuerpo["choices"][0]
    mensaje = eleccion["message"]
    bloques = []
    texto = mensaje.get("content") or mensaje.get("refusal")
    if texto:
        bloques.append({"type": "text", "text": str(texto)})
    for llamada in mensaje.get("tool_calls") or []:
        entrada = _json.loads(llamada["function"]["arguments"] or "{}")
        if not isinstance(entrada, dict):
            raise ValueError("los arguments de una llamada no son un objeto JSON")
        bloques.append({"type": "tool_use", "id": str(llamada["id"]),
                        "name": str(llamada["function"]["name"]), "input": entrada})
    uso = cuerpo.get("usage") or {}
    return Respuesta(bloques, _MOTIVOS_OPENAI.get(eleccion.get("finish_reason"), "end_turn"),
                     _uso(uso.get("prompt_tokens", 0), uso.get("completion_tokens", 0)),
                     str(cuerpo.get("id", "")), str(cuerpo.get("model", "")))
