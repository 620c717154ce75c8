"""El entorno del bloque: unos ficheros de texto, las cuatro herramientas que los manejan
y los ayudantes para escribir bloques, mostrarlos y montar guiones.

El entorno es un diccionario de rutas a contenidos. Cada herramienta recibe el entorno
y sus argumentos, todos cadenas, y devuelve una cadena.
"""
import json as _json

ENTORNO = {"lista.txt": "pan, leche, patatas",
           "notas.txt": "El sábado vienen cuatro a cenar.",
           "recetas/gazpacho.txt": "Gazpacho: tomates, pepino, pimiento, ajo.",
           "recetas/tortilla.txt": "Tortilla: huevos, patatas, cebolla."}


# --- Las cuatro herramientas ------------------------------------------------------------

def leer(entorno, ruta):
    return entorno[ruta]


def escribir(entorno, ruta, contenido):
    entorno[ruta] = contenido
    return "escritos %d caracteres en %s" % (len(contenido), ruta)


def listar(entorno, carpeta):
    return "\n".join(sorted(ruta for ruta in entorno if ruta.startswith(carpeta)))


def buscar(entorno, patron):
    return "\n".join("%s: %s" % (ruta, linea)
                     for ruta in sorted(entorno)
                     for linea in entorno[ruta].splitlines()
                     if patron in linea)


FUNCIONES = {"leer": leer, "escribir": escribir, "listar": listar, "buscar": buscar}


def objeto(**campos):
    """Esquema de un objeto con estos campos de texto, todos obligatorios y ninguno más."""
    return {"type": "object",
            "properties": {nombre: {"type": "string", "description": descripcion}
                           for nombre, descripcion in campos.items()},
            "required": list(campos),
            "additionalProperties": False}


HERRAMIENTAS = [
    {"name": "leer",
     "description": "Devuelve el contenido completo del fichero que está en esa ruta. "
                    "No cambia nada.",
     "input_schema": objeto(ruta="Ruta del fichero, por ejemplo 'recetas/tortilla.txt'.")},
    {"name": "escribir",
     "description": "Guarda el contenido en el fichero de esa ruta. Si el fichero ya existe, "
                    "BORRA todo lo que tenía y lo sustituye; si no existe, lo crea. "
                    "Devuelve cuántos caracteres ha escrito.",
     "input_schema": objeto(ruta="Ruta del fichero que se escribe.",
                            contenido="Texto completo que tendrá el fichero.")},
    {"name": "listar",
     "description": "Devuelve las rutas de los ficheros que empiezan por esa carpeta, una por "
                    "línea y en orden alfabético ('' las lista todas). No cambia nada.",
     "input_schema": objeto(carpeta="Principio de las rutas, por ejemplo 'recetas/'.")},
    {"name": "buscar",
     "description": "Busca el patrón, tal cual y distinguiendo mayúsculas, en cada línea de cada "
                    "fichero. Devuelve una línea 'ruta: línea' por coincidencia, o una cadena "
                    "vacía si no hay ninguna. No cambia nada.",
     "input_schema": objeto(patron="Texto exacto que se busca.")},
]


# --- Bloques ----------------------------------------------------------------------------

def texto(t):
    return {"type": "text", "text": t}


def llamada(id, nombre, **argumentos):
    return {"type": "tool_use", "id": id, "name": nombre, "input": argumentos}


def resultado(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": False}


def error(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def muestra(b):
    """Una línea que resume el bloque: text, image, tool_use o tool_result.

    El contenido de un tool_result puede ser un texto o una lista de bloques text, image,
    document o search_result; sus partes y sus líneas se separan con " / ".
    """
    if b["type"] == "text":
        return "text " + b["text"]
    if b["type"] in ("image", "document"):
        return b["type"]
    if b["type"] == "search_result":
        return "search_result " + str(b.get("title", ""))
    if b["type"] == "tool_use":
        return "tool_use %s %s %s" % (b["id"], b["name"], _json.dumps(b["input"], ensure_ascii=False))
    contenido = b.get("content", "")
    partes = [contenido] if isinstance(contenido, str) else [
        p["text"] if p["type"] == "text" else muestra(p) for p in contenido]
    return "tool_result %s %s" % (b["tool_use_id"], " / ".join(partes).replace("\n", " / "))


def guion_de(inicio, respuestas, visto):
    """El guion de ModeloGuionizado: cada respuesta, con la conversación que la precede.

    visto[k] son las observaciones que el arnés debe devolver tras respuestas[k]
    (la última puede ser None: tras la respuesta final no hay más turnos). Una respuesta puede
    ser también una de guionizado.py con su stop_reason (con_motivo, cortada, rechazada) o un
    error HTTP (error_http): tras un error, la conversación no cambia (el reintento envía la
    misma petición), y su visto no se usa.
    """
    guion, M = [], list(inicio)
    for r, v in zip(respuestas, visto):
        guion.append((M, r))
        if isinstance(r, dict) and "error" in r:
            continue
        M = M + [("asistente", r["content"] if isinstance(r, dict) else r), ("usuario", v)]
    return guion


# --- Ver una conversación ----------------------------------------------------------------

def ver_conversacion(x):
    """Enseña una conversación M o, si x es un ModeloGuionizado, lo que ha pasado en cada turno:
    los mensajes que ha recibido el modelo y lo que ha contestado o por qué los ha rechazado.

    En la página la dibuja: cada mensaje con su número, su rol y quién lo escribe, y cada llamada
    con la misma letra que su resultado; con un modelo, turno a turno, con botones para pasar de
    uno a otro. Fuera de la página (en Python sin navegador) escribe una línea por bloque.
    Un mensaje o un bloque mal formado se enseña tal como está: ver lo que se envió es lo que
    ayuda a arreglarlo.
    """
    turnos = getattr(x, "_turnos", None)
    if isinstance(turnos, list):
        if not turnos:
            print("El modelo aún no ha recibido ningún turno: llámalo, y ver_conversacion(modelo) "
                  "enseñará lo que recibió y lo que contestó.")
            return
        turnos, M = list(turnos), None
    elif isinstance(x, (list, tuple)):
        turnos, M = None, [_par(m) for m in x]
        if not M:
            print("La conversación está vacía: no tiene ningún mensaje.")
            return
    elif callable(x):
        print("Este modelo no guarda sus turnos; un ModeloGuionizado sí. Para ver una conversación, "
              "pasa a ver_conversacion() su lista de mensajes.")
        return
    else:
        raise TypeError("ver_conversacion() espera una lista de mensajes o un ModeloGuionizado, "
                        "no %s" % type(x).__name__)
    try:
        import _pagina  # solo existe en la página
        if _pagina.turnos(turnos) if turnos is not None else _pagina.conversacion(M):
            return
    except Exception:  # sin página, o sin poder dibujarla: se escribe
        pass
    print("\n".join(_turnos_en_texto(turnos) if turnos is not None else _en_texto(M)))


def _par(m):
    """m como par (rol, contenido), aunque venga con la forma de la Messages API; otra cosa, como
    un mensaje de rol "?" con m de único bloque."""
    if isinstance(m, dict) and "role" in m and "content" in m:
        m = ({"user": "usuario", "assistant": "asistente", "system": "sistema"}.get(m["role"], m["role"]),
             m["content"])
    if isinstance(m, (list, tuple)) and len(m) == 2 and isinstance(m[1], (str, list, tuple)):
        return (m[0] if isinstance(m[0], str) else repr(m[0])), (m[1] if isinstance(m[1], str) else list(m[1]))
    return "?", [m]


def _en_texto(M, desde=1):
    """Una línea por bloque, desde el mensaje número desde: número, rol y muestra(b)."""
    lineas = []
    for n, (rol, contenido) in enumerate(M[desde - 1:], desde):
        for b in [texto(contenido)] if isinstance(contenido, str) else contenido:
            try:
                linea = muestra(b)
            except Exception:  # un bloque mal formado, tal cual
                linea = repr(b)
            lineas.append("%d %-9s %s" % (n, rol, linea))
    return lineas


def _turnos_en_texto(turnos):
    """Cada turno: lo que recibe el modelo (lo nuevo, si sigue al turno anterior) y lo que hace."""
    lineas, antes = [], None
    if turnos[0].get("turno", 1) > 1:
        lineas.append("(el modelo guarda sus últimos %d turnos: estos empiezan en el %d)"
                      % (len(turnos), turnos[0]["turno"]))
    for k, t in enumerate(turnos, 1):
        M = [_par(m) for m in t["recibidos"]]  # tal como llegó, aunque no se pudiera leer
        nuevos = antes is not None and M[:len(antes)] == antes
        uno = "1 mensaje" if len(M) == 1 else "%d mensajes" % len(M)
        mismos = nuevos and len(M) == len(antes)  # solo tras un error HTTP: el reintento
        lineas.append("turno %d: el modelo recibe %s%s" % (t.get("turno", k), uno, "; los mismos que en el turno "
                                                           "anterior" if mismos else "; los nuevos:" if nuevos else ""))
        lineas += ["  " + x for x in _en_texto(M, len(antes) + 1 if nuevos else 1)]
        if "respuesta" in t:
            antes = M + [("asistente", t["respuesta"])]
            lineas.append("y contesta:")
            lineas += ["  " + x for x in _en_texto(antes, len(antes))]
        elif t.get("http"):  # un error HTTP del guion: la API no contesta
            antes = M
            lineas.append("y la API no contesta: %s" % t["error"])
        else:
            antes = None
            lineas.append("y %s rechaza: %s" % ("lo" if len(M) == 1 else "los", t["error"]))
            if t["esperado"] is not None:
                lineas.append("en el mensaje %d, el guion esperaba:" % t["mensaje"])
                lineas += ["  " + x for x in _en_texto(M[:t["mensaje"] - 1] + [t["esperado"]], t["mensaje"])]
    return lineas


# --- ¿Cumple la llamada el esquema de su herramienta? -----------------------------------

_TIPOS = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
          "object": (dict,), "array": (list, tuple), "null": (type(None),)}
_BASICAS = {"type", "properties", "required", "additionalProperties", "description", "title"}


def incumple(ll):
    """None si la llamada cumple el esquema de su herramienta; si no, el motivo, en una frase corta.

    Busca la herramienta en HERRAMIENTAS del espacio de nombres donde se ejecuta este código.
    """
    if not isinstance(ll, dict):
        return "la llamada debe ser un bloque tool_use, no %s" % type(ll).__name__
    esquemas = {h["name"]: h["input_schema"] for h in HERRAMIENTAS}
    nombre, argumentos = ll.get("name"), ll.get("input")
    if nombre not in esquemas:
        return "no existe la herramienta %r" % (nombre,)
    esquema = esquemas[nombre]
    if not isinstance(argumentos, dict):
        return "input debe ser un objeto, no %s" % _tipo_json(argumentos)
    propiedades = esquema.get("properties", {})
    for campo in esquema.get("required", []):
        if campo not in argumentos:
            return "falta el campo %r" % (campo,)
    # En JSON Schema sobran campos solo si el esquema lo dice: sin additionalProperties, o con
    # True, se admite cualquier otro campo ("additionalProperties are allowed by default", dice el
    # JSON Schema Test Suite). Los esquemas del curso, los de objeto(), lo ponen a False.
    if esquema.get("additionalProperties", True) is False and "patternProperties" not in esquema:
        for campo in argumentos:
            if campo not in propiedades:
                return "sobra el campo %r" % (campo,)
    for campo, valor in argumentos.items():
        if campo not in propiedades:
            continue
        tipos = propiedades[campo].get("type")
        tipos = [tipos] if isinstance(tipos, str) else tipos or []
        if tipos and not any(_es_de_tipo(valor, t) for t in tipos):
            return "el campo %r debe ser %s, no %s" % (campo, " o ".join(tipos), _tipo_json(valor))
    if _solo_basico(esquema):
        return None
    return _incumple_jsonschema(argumentos, esquema)


def _es_de_tipo(valor, tipo):
    if isinstance(valor, bool) and tipo != "boolean":
        return False
    if tipo == "integer" and isinstance(valor, float):
        return valor.is_integer()  # como en JSON Schema: 2.0 es un entero
    return isinstance(valor, _TIPOS.get(tipo, object))


def _tipo_json(valor):
    for nombre in ("boolean", "integer", "number", "string", "object", "array", "null"):
        if _es_de_tipo(valor, nombre):
            return nombre
    return type(valor).__name__


def _solo_basico(esquema):
    """Si bastan las reglas de incumple: un additionalProperties que es un esquema necesita jsonschema."""
    return set(esquema) <= _BASICAS and isinstance(esquema.get("additionalProperties", True), bool) and all(
        set(p) <= {"type", "description", "title"} for p in esquema.get("properties", {}).values())


def _incumple_jsonschema(argumentos, esquema):
    try:
        from jsonschema import Draft202012Validator
    except ImportError:  # sin jsonschema bastan las cinco reglas de arriba
        return None
    fallo = next(iter(sorted(Draft202012Validator(esquema).iter_errors(argumentos),
                             key=lambda e: list(e.absolute_path))), None)
    return None if fallo is None else en_castellano(fallo)


_FRASES = {"enum": "{campo} debe ser uno de {v}", "const": "{campo} debe ser {v}",
           "pattern": "{campo} no cumple el patrón {v}",
           "minimum": "{campo} debe ser como mínimo {v}", "maximum": "{campo} debe ser como máximo {v}",
           "exclusiveMinimum": "{campo} debe ser mayor que {v}",
           "exclusiveMaximum": "{campo} debe ser menor que {v}",
           "minLength": "{campo} debe tener al menos {v} caracteres",
           "maxLength": "{campo} debe tener como mucho {v} caracteres",
           "minItems": "{campo} debe tener al menos {v} elementos",
           "maxItems": "{campo} debe tener como mucho {v} elementos",
           "uniqueItems": "{campo} no puede repetir elementos",
           "type": "{campo} debe ser {tipos}, no {tipo}"}


def en_castellano(fallo):
    """El motivo de un error de jsonschema (un ValidationError), en una frase corta en castellano,
    como los que da incumple: "falta el campo 'ruta'", "el campo 'veces' debe ser integer, no string"."""
    ruta, v, x = [str(p) for p in fallo.absolute_path], fallo.validator_value, fallo.instance
    if fallo.validator == "required":
        return "falta el campo %r" % ".".join(ruta + [next(c for c in v if c not in x)])
    if fallo.validator == "additionalProperties":
        propiedades = fallo.schema.get("properties", {})
        sobra = next((k for k in x if k not in propiedades), None)
        if sobra is not None:
            return "sobra el campo %r" % ".".join(ruta + [sobra])
    campo = "el campo %r" % ".".join(ruta) if ruta else "input"
    frase = _FRASES.get(fallo.validator, "{campo} no cumple {nombre!r} del esquema")
    return frase.format(campo=campo, nombre=fallo.validator, tipo=_tipo_json(x),
                        v=", ".join(map(repr, v)) if isinstance(v, list) else repr(v),
                        tipos=" o ".join(v) if isinstance(v, list) else v)
