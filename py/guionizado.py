"""ModeloGuionizado: un modelo de lenguaje de mentira que sigue un guion escrito de antemano.

    modelo = ModeloGuionizado(guion)     # guion: [(mensajes_esperados, respuesta), ...], uno por turno
    respuesta = modelo(M, HERRAMIENTAS)  # la respuesta del turno: una lista de bloques nueva cada vez

En cada llamada, como haría una API de verdad, primero revisa la petición:
la lista de herramientas y el protocolo de uso de herramientas (si falla, ErrorDeProtocolo).
Después compara M con los mensajes que el guion esperaba en ese turno (si difiere, FueraDeGuion).

M es una lista de pares (rol, contenido), con rol "sistema", "usuario" o "asistente",
o bien, con la forma de la API, de diccionarios {"role": ..., "content": ...}. Sin mezclar.
"""
import copy as _copy
import json as _json
import re as _re


class ErrorDeProtocolo(ValueError):
    """La petición incumple el protocolo: una API real la rechazaría con un error 400."""


class FueraDeGuion(ValueError):
    """El arnés ha enviado algo distinto de lo que esperaba el guion."""


class ModeloGuionizado:
    def __init__(self, guion):
        self._guion = _copy.deepcopy(list(guion))
        self.turno = 0

    def __call__(self, M, herramientas=None):
        self.turno += 1
        _revisa_herramientas(herramientas)
        M = _normaliza(M)
        fallos = _fallos(M)
        if fallos:
            raise ErrorDeProtocolo("turno %d: %s" % (self.turno, "\n".join(fallos)))
        if self.turno > len(self._guion):
            raise FueraDeGuion("el guion tiene %d turnos; se ha pedido el %d"
                               % (len(self._guion), self.turno))
        esperados, respuesta = self._guion[self.turno - 1]
        diferencia = _primera_diferencia(_normaliza(esperados), M)
        if diferencia:
            raise FueraDeGuion("turno %d, %s" % (self.turno, diferencia))
        return _copy.deepcopy(respuesta)


# --- El protocolo de uso de herramientas -------------------------------------------------

def fallos_de_protocolo(M):
    """Devuelve la lista de incumplimientos del protocolo en la conversación M (vacía si la cumple)."""
    try:
        return _fallos(_normaliza(M))
    except ErrorDeProtocolo as e:
        return [str(e)]


def _fallos(M):
    fallos, primera_vez = [], {}
    llamadas_previas = []
    for i, (rol, contenido) in enumerate(M, 1):
        bloques = contenido if isinstance(contenido, list) else []
        llamadas = [b["id"] for b in bloques if b["type"] == "tool_use"]
        respuestas = [b["tool_use_id"] for b in bloques if b["type"] == "tool_result"]
        aqui = "mensaje %d (%s)" % (i, rol)

        if llamadas_previas:
            sin_respuesta = [t for t in llamadas_previas if rol != "usuario" or t not in respuestas]
            if sin_respuesta:
                fallos.append(_sin_resultado(i - 1, sin_respuesta))
        if llamadas and rol != "asistente":
            fallos.append("%s: los bloques tool_use solo pueden ir en mensajes del asistente" % aqui)
        if respuestas and rol != "usuario":
            fallos.append("%s: los bloques tool_result solo pueden ir en mensajes del usuario" % aqui)
        elif respuestas:
            inesperados = [t for t in respuestas if t not in llamadas_previas]
            if inesperados:
                fallos.append("%s: tool_use_id inesperado en los bloques tool_result: %s. Cada bloque "
                              "tool_result necesita su bloque tool_use en el mensaje anterior."
                              % (aqui, ", ".join(_unicos(inesperados))))
            for t in _unicos(respuestas):
                if t in llamadas_previas and respuestas.count(t) > 1:
                    fallos.append("%s: %s tiene %d bloques tool_result; cada tool_use necesita "
                                  "exactamente uno." % (aqui, t, respuestas.count(t)))
            primero_otro = next((j for j, b in enumerate(bloques) if b["type"] != "tool_result"), None)
            if primero_otro is not None and any(b["type"] == "tool_result" for b in bloques[primero_otro:]):
                fallos.append("%s: los bloques tool_result deben ir antes que cualquier otro bloque, "
                              "y el bloque %d (%s) va delante de alguno"
                              % (aqui, primero_otro + 1, bloques[primero_otro]["type"]))
        for t in llamadas:
            if t in primera_vez:
                fallos.append("%s: los ids de tool_use deben ser únicos, y %s ya aparecía en el mensaje %d"
                              % (aqui, t, primera_vez[t]))
            else:
                primera_vez[t] = i
        llamadas_previas = llamadas if rol == "asistente" else []
    if llamadas_previas:
        fallos.append(_sin_resultado(len(M), llamadas_previas))
    return fallos


def _sin_resultado(i, ids):
    return ("mensaje %d (asistente): hay ids de tool_use sin su bloque tool_result justo después: %s. "
            "Cada bloque tool_use necesita su bloque tool_result en el mensaje siguiente."
            % (i, ", ".join(_unicos(ids))))


def _unicos(xs):
    return list(dict.fromkeys(xs))


# --- Forma de la petición ----------------------------------------------------------------

_ROLES = {"system": "sistema", "user": "usuario", "assistant": "asistente"}
_CAMPOS = {"text": {"text": (str, "una cadena")},
           "tool_use": {"id": (str, "una cadena"), "name": (str, "una cadena"), "input": (dict, "un objeto")},
           "tool_result": {"tool_use_id": (str, "una cadena")}}
_NOMBRE = _re.compile(r"[a-zA-Z0-9_-]{1,64}")


def _normaliza(M):
    """Pasa M a una lista de pares (rol, contenido) con valores JSON, o lanza ErrorDeProtocolo."""
    if not isinstance(M, (list, tuple)):
        raise ErrorDeProtocolo("la conversación debe ser una lista de mensajes, no %s" % type(M).__name__)
    forma, salida = None, []
    for i, m in enumerate(M, 1):
        if isinstance(m, dict) and set(m) == {"role", "content"} and m["role"] in _ROLES:
            esta, rol, contenido = "dict", _ROLES[m["role"]], m["content"]
        elif isinstance(m, (tuple, list)) and len(m) == 2 and m[0] in _ROLES.values():
            esta, (rol, contenido) = "par", m
        else:
            raise ErrorDeProtocolo("mensaje %d: debe ser un par (rol, contenido) con rol 'sistema', "
                                   "'usuario' o 'asistente', o un diccionario {'role', 'content'}; "
                                   "llega %s" % (i, _corto(m)))
        if forma and esta != forma:
            raise ErrorDeProtocolo("mensaje %d: la conversación mezcla pares (rol, contenido) con "
                                   "diccionarios {'role', 'content'}; usa una sola forma" % i)
        forma = esta
        aqui = "mensaje %d (%s)" % (i, rol)
        contenido = _a_json(contenido, aqui)
        if isinstance(contenido, list):
            for j, b in enumerate(contenido, 1):
                _revisa_bloque(b, "%s, bloque %d" % (aqui, j))
        elif not isinstance(contenido, str):
            raise ErrorDeProtocolo("%s: el contenido debe ser una cadena o una lista de bloques" % aqui)
        salida.append((rol, contenido))
    return salida


def _revisa_bloque(b, aqui):
    if not isinstance(b, dict) or b.get("type") not in _CAMPOS:
        raise ErrorDeProtocolo("%s: un bloque es un diccionario con type 'text', 'tool_use' o "
                               "'tool_result'; llega %s" % (aqui, _corto(b)))
    for campo, (tipo, nombre) in _CAMPOS[b["type"]].items():
        if not isinstance(b.get(campo), tipo):
            raise ErrorDeProtocolo("%s (%s): falta el campo %s o no es %s" % (aqui, b["type"], campo, nombre))


def _a_json(x, aqui):
    """Copia x como valor JSON puro: tuplas a listas, subclases a su tipo base; otra cosa es un error."""
    if x is None or isinstance(x, bool):
        return x
    if isinstance(x, str):
        return str.__str__(x)
    if isinstance(x, int):
        return int.__int__(x)
    if isinstance(x, float):
        return float.__float__(x)
    if isinstance(x, (list, tuple)):
        return [_a_json(v, aqui) for v in x]
    if isinstance(x, dict):
        if not all(type(k) is str for k in dict.keys(x)):
            raise ErrorDeProtocolo("%s: las claves de un objeto JSON son cadenas" % aqui)
        return {k: _a_json(v, aqui) for k, v in dict.items(x)}
    raise ErrorDeProtocolo("%s: %s no es un valor JSON" % (aqui, type(x).__name__))


def _revisa_herramientas(herramientas):
    if herramientas is None:
        return
    if not isinstance(herramientas, (list, tuple)):
        raise ErrorDeProtocolo("las herramientas deben ser una lista, no %s" % type(herramientas).__name__)
    vistos = set()
    for i, h in enumerate(herramientas, 1):
        nombre = h.get("name") if isinstance(h, dict) else None
        aqui = "herramienta %d (%r)" % (i, nombre)
        if not isinstance(h, dict):
            raise ErrorDeProtocolo("herramienta %d: debe ser un diccionario {name, description, "
                                   "input_schema}" % i)
        if not isinstance(nombre, str) or not _NOMBRE.fullmatch(nombre):
            raise ErrorDeProtocolo("%s: el nombre debe cumplir ^[a-zA-Z0-9_-]{1,64}$" % aqui)
        if nombre in vistos:
            raise ErrorDeProtocolo("%s: los nombres de las herramientas deben ser únicos" % aqui)
        vistos.add(nombre)
        if "input_schema" not in h:
            raise ErrorDeProtocolo("%s: falta input_schema" % aqui)
        esquema = h["input_schema"]
        if not isinstance(esquema, dict) or esquema.get("type") != "object":
            raise ErrorDeProtocolo("%s: input_schema debe ser un esquema de objeto, "
                                   "con \"type\": \"object\"" % aqui)


# --- La diferencia con el guion ---------------------------------------------------------

def _primera_diferencia(esperados, recibidos):
    for i, ((rol_e, cont_e), (rol_r, cont_r)) in enumerate(zip(esperados, recibidos), 1):
        if rol_e != rol_r:
            return "mensaje %d: rol esperado %r, recibido %r" % (i, rol_e, rol_r)
        dentro = _diferencia_contenido(cont_e, cont_r)
        if dentro:
            return "mensaje %d (%s)%s" % (i, rol_e, dentro)
    if len(recibidos) != len(esperados):
        i = min(len(recibidos), len(esperados)) + 1
        rol, que = (esperados[i - 1][0], "falta") if len(recibidos) < len(esperados) else (recibidos[i - 1][0], "sobra")
        return ("mensaje %d (%s): %s; el guion espera %d mensajes y han llegado %d"
                % (i, rol, que, len(esperados), len(recibidos)))
    return None


def _diferencia_contenido(esperado, recibido):
    if isinstance(esperado, list) and isinstance(recibido, list):
        for j, (be, br) in enumerate(zip(esperado, recibido), 1):
            dentro = _diferencia_valor("", be, br)
            if dentro:
                return ", bloque %d: %s" % (j, dentro)
        if len(esperado) > len(recibido):
            j = len(recibido) + 1
            return ", bloque %d: falta; se esperaba %s" % (j, _corto(esperado[j - 1]))
        if len(recibido) > len(esperado):
            j = len(esperado) + 1
            return ", bloque %d: sobra: %s" % (j, _corto(recibido[j - 1]))
        return None
    if isinstance(esperado, str) and isinstance(recibido, str):
        return None if esperado == recibido else ": texto esperado %s, recibido %s" % (
            _corto(esperado), _corto(recibido))
    return ": contenido esperado %s, recibido %s" % (_corto(esperado), _corto(recibido))


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

    api="anthropic": Messages API (system aparte; roles user/assistant; bloques tal cual).
    api="openai": Chat Completions (tool_calls en el asistente; un mensaje role "tool" por resultado).
    """
    M = _normaliza(M)
    herramientas = _a_json(list(herramientas or []), "herramientas")
    if api == "anthropic":
        return _peticion_anthropic(M, herramientas, modelo)
    if api == "openai":
        return _peticion_openai(M, herramientas, modelo)
    raise ValueError("api debe ser 'anthropic' u 'openai', no %r" % (api,))


_EN_INGLES = {v: k for k, v in _ROLES.items()}


def _peticion_anthropic(M, herramientas, modelo):
    cuerpo = {"model": modelo, "max_tokens": 1024}
    sistema = [c if isinstance(c, str) else _textos(c) for rol, c in M if rol == "sistema"]
    if sistema:
        cuerpo["system"] = "\n\n".join(sistema)
    cuerpo["messages"] = [{"role": _EN_INGLES[rol], "content": c} for rol, c in M if rol != "sistema"]
    if herramientas:
        cuerpo["tools"] = herramientas
    return cuerpo


def _peticion_openai(M, herramientas, modelo):
    mensajes = []
    for rol, c in M:
        bloques = [{"type": "text", "text": c}] if isinstance(c, str) else c
        if rol == "asistente":
            m = {"role": "assistant", "content": _textos(bloques) or None}
            llamadas = [{"id": b["id"], "type": "function",
                         "function": {"name": b["name"],
                                      "arguments": _json.dumps(b["input"], ensure_ascii=False)}}
                        for b in bloques if b["type"] == "tool_use"]
            if llamadas:
                m["tool_calls"] = llamadas
            mensajes.append(m)
            continue
        # Chat Completions no tiene is_error: el error viaja solo como texto del resultado.
        for b in bloques:
            if b["type"] == "tool_result":
                contenido = b.get("content", "")
                mensajes.append({"role": "tool", "tool_call_id": b["tool_use_id"],
                                 "content": contenido if isinstance(contenido, str)
                                 else _json.dumps(contenido, ensure_ascii=False)})
        if any(b["type"] == "text" for b in bloques):
            mensajes.append({"role": _EN_INGLES[rol], "content": _textos(bloques)})
    cuerpo = {"model": modelo, "messages": mensajes}
    if herramientas:
        cuerpo["tools"] = [{"type": "function",
                            "function": {"name": h["name"], "description": h.get("description", ""),
                                         "parameters": h["input_schema"]}}
                           for h in herramientas]
    return cuerpo


def _textos(bloques):
    return "\n".join(b["text"] for b in bloques if b["type"] == "text")
