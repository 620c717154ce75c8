"""The block's environment: tools, schemas, block builders, muestra, guion_de and incumple.

Plain functions of a fresh learner namespace `ns`: tests/node/ runs these same tests in Pyodide.
"""
import sys

from comun import falla


def test_the_environment_is_exactly_the_blocks(ns):
    assert ns["ENTORNO"] == {"lista.txt": "pan, leche, patatas",
                             "notas.txt": "El sábado vienen cuatro a cenar.",
                             "recetas/gazpacho.txt": "Gazpacho: tomates, pepino, pimiento, ajo.",
                             "recetas/tortilla.txt": "Tortilla: huevos, patatas, cebolla."}


def test_leer(ns):
    entorno = dict(ns["ENTORNO"])
    assert ns["leer"](entorno, "lista.txt") == "pan, leche, patatas"
    assert isinstance(falla(ns["leer"], entorno, "no-existe.txt"), KeyError)


def test_escribir_replaces_or_creates(ns):
    entorno = dict(ns["ENTORNO"])
    assert ns["escribir"](entorno, "lista.txt", "pan") == "escritos 3 caracteres en lista.txt"
    assert ns["escribir"](entorno, "nuevo.txt", "ñandú\n") == "escritos 6 caracteres en nuevo.txt"
    assert entorno["lista.txt"] == "pan" and entorno["nuevo.txt"] == "ñandú\n"


def test_listar_sorted_by_prefix(ns):
    entorno = dict(ns["ENTORNO"], **{"a.txt": ""})
    assert ns["listar"](entorno, "recetas/") == "recetas/gazpacho.txt\nrecetas/tortilla.txt"
    assert ns["listar"](entorno, "").split("\n") == sorted(entorno)
    assert ns["listar"](entorno, "fotos/") == ""


def test_buscar_every_matching_line(ns):
    entorno = dict(ns["ENTORNO"], **{"b.txt": "patatas fritas\nnada\npatatas asadas"})
    assert ns["buscar"](entorno, "patatas") == (
        "b.txt: patatas fritas\nb.txt: patatas asadas\nlista.txt: pan, leche, patatas\n"
        "recetas/tortilla.txt: Tortilla: huevos, patatas, cebolla.")
    assert ns["buscar"](entorno, "Patatas") == ""
    assert ns["buscar"](entorno, "salmorejo") == ""


def test_funciones_and_herramientas_agree(ns):
    assert ns["FUNCIONES"] == {"leer": ns["leer"], "escribir": ns["escribir"],
                               "listar": ns["listar"], "buscar": ns["buscar"]}
    assert [h["name"] for h in ns["HERRAMIENTAS"]] == ["leer", "escribir", "listar", "buscar"]
    for h in ns["HERRAMIENTAS"]:
        assert set(h) == {"name", "description", "input_schema"}
        assert len(h["description"]) > 40, h["name"]
        assert h["input_schema"]["required"] == list(h["input_schema"]["properties"])
    escribir = ns["HERRAMIENTAS"][1]
    assert "BORRA" in escribir["description"] and escribir["input_schema"]["required"] == ["ruta", "contenido"]


def test_objeto_builds_a_closed_object_schema(ns):
    assert ns["objeto"](ruta="Dónde.", contenido="Qué.") == {
        "type": "object",
        "properties": {"ruta": {"type": "string", "description": "Dónde."},
                       "contenido": {"type": "string", "description": "Qué."}},
        "required": ["ruta", "contenido"],
        "additionalProperties": False}


def test_block_builders(ns):
    assert ns["texto"]("hola") == {"type": "text", "text": "hola"}
    assert ns["llamada"]("t1", "leer", ruta="a") == {
        "type": "tool_use", "id": "t1", "name": "leer", "input": {"ruta": "a"}}
    assert ns["resultado"]("t1", "x") == {
        "type": "tool_result", "tool_use_id": "t1", "content": "x", "is_error": False}
    assert ns["error"]("t1", "x") == {
        "type": "tool_result", "tool_use_id": "t1", "content": "x", "is_error": True}


def test_muestra_exact_format(ns):
    muestra = ns["muestra"]
    assert muestra(ns["texto"]("Hola, ¿qué tal?")) == "text Hola, ¿qué tal?"
    assert muestra(ns["llamada"]("t2", "escribir", ruta="ñ.txt", contenido="a\nb")) == (
        'tool_use t2 escribir {"ruta": "ñ.txt", "contenido": "a\\nb"}')
    assert muestra(ns["resultado"]("t1", "a: 1\nb: 2")) == "tool_result t1 a: 1 / b: 2"
    assert muestra(ns["error"]("t3", "no existe")) == "tool_result t3 no existe"


def test_muestra_images_and_lists_in_a_tool_result(ns):
    muestra = ns["muestra"]
    imagen = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}}
    assert muestra(imagen) == "image"
    assert muestra(ns["resultado"]("t1", [ns["texto"]("a: 1\nb: 2"), ns["texto"]("c: 3")])) == (
        "tool_result t1 a: 1 / b: 2 / c: 3")
    assert muestra(ns["resultado"]("t2", [ns["texto"]("la foto:"), imagen])) == "tool_result t2 la foto: / image"
    assert muestra(ns["resultado"]("t3", [])) == muestra(ns["resultado"]("t3", "")) == "tool_result t3 "
    assert muestra({"type": "tool_result", "tool_use_id": "t4"}) == "tool_result t4 "


def test_guion_de(ns):
    inicio = [("sistema", "S"), ("usuario", "U")]
    r1, r2 = [ns["llamada"]("t1", "leer", ruta="a")], [ns["texto"]("fin")]
    v1 = [ns["resultado"]("t1", "A")]
    guion = ns["guion_de"](inicio, [r1, r2], [v1, None])
    assert guion == [(inicio, r1),
                     (inicio + [("asistente", r1), ("usuario", v1)], r2)]
    assert len(guion[0][0]) == 2  # each turn keeps its own list of messages


# --- incumple --------------------------------------------------------------------------------

def _ll(ns, nombre, **argumentos):
    return ns["llamada"]("t1", nombre, **argumentos)


def test_incumple_none_when_the_call_complies(ns):
    assert ns["incumple"](_ll(ns, "leer", ruta="lista.txt")) is None
    assert ns["incumple"](_ll(ns, "escribir", ruta="a", contenido="")) is None


def test_incumple_rules_in_order(ns):
    incumple = ns["incumple"]
    assert incumple(_ll(ns, "borrar", ruta="a")) == "no existe la herramienta 'borrar'"
    assert incumple({"type": "tool_use", "id": "t1", "name": "leer", "input": ["a"]}) == (
        "input debe ser un objeto, no array")
    assert incumple(_ll(ns, "leer", rutas=["lista.txt", "notas.txt"])) == "falta el campo 'ruta'"
    assert incumple(_ll(ns, "leer", ruta="a", modo="r")) == "sobra el campo 'modo'"
    assert incumple(_ll(ns, "leer", ruta=7)) == "el campo 'ruta' debe ser string, no integer"
    assert incumple("leer") == "la llamada debe ser un bloque tool_use, no str"


def _con_herramienta(ns, **propiedades):
    ns["HERRAMIENTAS"] = [{"name": "sumar", "description": "Suma.",
                           "input_schema": {"type": "object", "properties": propiedades,
                                            "required": list(propiedades)}}]


def test_incumple_json_types(ns):
    _con_herramienta(ns, n={"type": "integer"}, x={"type": "number"}, b={"type": "boolean"},
                     o={"type": "object"}, a={"type": "array"}, z={"type": "null"},
                     s={"type": ["string", "null"]})
    bien = dict(n=1, x=1.5, b=True, o={}, a=[1], z=None, s=None)
    incumple = ns["incumple"]
    assert incumple(_ll(ns, "sumar", **bien)) is None
    assert incumple(_ll(ns, "sumar", **dict(bien, x=2))) is None  # an integer is a number
    assert incumple(_ll(ns, "sumar", **dict(bien, n=True))) == "el campo 'n' debe ser integer, no boolean"
    assert incumple(_ll(ns, "sumar", **dict(bien, x=False))) == "el campo 'x' debe ser number, no boolean"
    assert incumple(_ll(ns, "sumar", **dict(bien, n="1"))) == "el campo 'n' debe ser integer, no string"
    assert incumple(_ll(ns, "sumar", **dict(bien, b=0))) == "el campo 'b' debe ser boolean, no integer"
    assert incumple(_ll(ns, "sumar", **dict(bien, o=[]))) == "el campo 'o' debe ser object, no array"
    assert incumple(_ll(ns, "sumar", **dict(bien, a={}))) == "el campo 'a' debe ser array, no object"
    assert incumple(_ll(ns, "sumar", **dict(bien, z=0))) == "el campo 'z' debe ser null, no integer"
    assert incumple(_ll(ns, "sumar", **dict(bien, s=1))) == "el campo 's' debe ser string o null, no integer"


def test_incumple_follows_additional_properties(ns):
    # JSON Schema allows fields outside properties unless the schema says otherwise; the course's
    # schemas say additionalProperties: false (objeto()), and the check follows each schema.
    _con_herramienta(ns, n={"type": "integer"})
    assert ns["incumple"](_ll(ns, "sumar", n=3, nota="x")) is None
    ns["HERRAMIENTAS"][0]["input_schema"]["additionalProperties"] = True
    assert ns["incumple"](_ll(ns, "sumar", n=3, nota="x")) is None
    ns["HERRAMIENTAS"][0]["input_schema"]["additionalProperties"] = False
    assert ns["incumple"](_ll(ns, "sumar", n=3, nota="x")) == "sobra el campo 'nota'"
    assert ns["objeto"](ruta="Ruta.")["additionalProperties"] is False


def test_incumple_additional_properties_as_a_schema_with_jsonschema(ns):
    _con_herramienta(ns, n={"type": "integer"})
    ns["HERRAMIENTAS"][0]["input_schema"]["additionalProperties"] = {"type": "string"}
    assert ns["incumple"](_ll(ns, "sumar", n=3, nota="x")) is None
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        return
    assert ns["incumple"](_ll(ns, "sumar", n=3, nota=4)) == "el campo 'nota' debe ser string, no integer"


def test_incumple_uses_the_herramientas_of_its_namespace(ns):
    _con_herramienta(ns, n={"type": "integer"})
    assert ns["incumple"](_ll(ns, "sumar", n=3)) is None
    assert ns["incumple"](_ll(ns, "leer", ruta="a")) == "no existe la herramienta 'leer'"


def test_incumple_other_keywords_with_jsonschema(ns):
    _con_herramienta(ns, unidad={"type": "string", "enum": ["g", "kg"]},
                     codigo={"type": "string", "pattern": "^[A-Z]{3}$"},
                     n={"type": "integer", "minimum": 1},
                     filtro={"type": "object", "properties": {"desde": {"type": "string"}},
                             "required": ["desde"], "additionalProperties": False},
                     etiquetas={"type": "array", "items": {"type": "string"}})
    bien = dict(unidad="g", codigo="ABC", n=1, filtro={"desde": "a"}, etiquetas=["x"])
    incumple = ns["incumple"]
    assert incumple(_ll(ns, "sumar", **bien)) is None
    assert incumple(_ll(ns, "sumar", **dict(bien, unidad="t"))) == "el campo 'unidad' debe ser uno de 'g', 'kg'"
    assert incumple(_ll(ns, "sumar", **dict(bien, codigo="ab"))) == (
        "el campo 'codigo' no cumple el patrón '^[A-Z]{3}$'")
    assert incumple(_ll(ns, "sumar", **dict(bien, n=0))) == "el campo 'n' debe ser como mínimo 1"
    assert incumple(_ll(ns, "sumar", **dict(bien, filtro={}))) == "falta el campo 'filtro.desde'"
    assert incumple(_ll(ns, "sumar", **dict(bien, filtro={"desde": "a", "x": 1}))) == (
        "sobra el campo 'filtro.x'")
    assert incumple(_ll(ns, "sumar", **dict(bien, filtro={"desde": 3}))) == (
        "el campo 'filtro.desde' debe ser string, no integer")
    assert incumple(_ll(ns, "sumar", **dict(bien, etiquetas=["x", 2]))) == (
        "el campo 'etiquetas.1' debe ser string, no integer")


def test_incumple_without_jsonschema_applies_the_five_rules_alone(ns):
    _con_herramienta(ns, unidad={"type": "string", "enum": ["g", "kg"]})
    guardado = sys.modules.get("jsonschema")
    sys.modules["jsonschema"] = None  # makes `import jsonschema` raise ImportError
    try:
        assert ns["incumple"](_ll(ns, "sumar", unidad="t")) is None
        assert ns["incumple"](_ll(ns, "sumar", unidad=1)) == "el campo 'unidad' debe ser string, no integer"
    finally:
        if guardado is None:
            del sys.modules["jsonschema"]
        else:
            sys.modules["jsonschema"] = guardado


# --- ver_conversacion, outside the page: the text form -----------------------------------

def _patatas(ns):
    """A two-turn run: a call, then a refused result."""
    inicio = [("sistema", "Trabajas con ficheros."), ("usuario", "¿Qué me falta?")]
    r = [[ns["texto"]("Miro."), ns["llamada"]("t1", "listar", carpeta="recetas/")], [ns["texto"]("Nada.")]]
    v = [[ns["resultado"]("t1", "recetas/a.txt\nrecetas/b.txt")], None]
    modelo = ns["ModeloGuionizado"](ns["guion_de"](inicio, r, v))
    M = list(inicio)
    M += [("asistente", modelo(M, ns["HERRAMIENTAS"])), ("usuario", [ns["resultado"]("t1", "x")])]
    falla(modelo, M, ns["HERRAMIENTAS"])
    return modelo, M


def test_ver_conversacion_prints_one_line_per_block_with_its_message(ns, capsys):
    _, M = _patatas(ns)
    ns["ver_conversacion"](M)
    assert capsys.readouterr().out == (
        "1 sistema   text Trabajas con ficheros.\n"
        "2 usuario   text ¿Qué me falta?\n"
        "3 asistente text Miro.\n"
        '3 asistente tool_use t1 listar {"carpeta": "recetas/"}\n'
        "4 usuario   tool_result t1 x\n")
    ns["ver_conversacion"]([{"role": "user", "content": "Hola"}, {"role": "assistant", "content": [ns["texto"]("¿Sí?")]}])
    assert capsys.readouterr().out == "1 usuario   text Hola\n2 asistente text ¿Sí?\n"


def test_ver_conversacion_of_a_model_prints_each_turn_what_is_new_and_what_it_did(ns, capsys):
    modelo, _ = _patatas(ns)
    ns["ver_conversacion"](modelo)
    assert capsys.readouterr().out == (
        "turno 1: el modelo recibe 2 mensajes\n"
        "  1 sistema   text Trabajas con ficheros.\n"
        "  2 usuario   text ¿Qué me falta?\n"
        "y contesta:\n"
        "  3 asistente text Miro.\n"
        '  3 asistente tool_use t1 listar {"carpeta": "recetas/"}\n'
        "turno 2: el modelo recibe 4 mensajes; los nuevos:\n"
        "  4 usuario   tool_result t1 x\n"
        "y los rechaza: FueraDeGuion: turno 2, mensaje 4 (usuario), bloque 1: content esperado "
        "'recetas/a.txt\\nrecetas/b.txt', recibido 'x'\n"
        "en el mensaje 4, el guion esperaba:\n"
        "  4 usuario   tool_result t1 recetas/a.txt / recetas/b.txt\n")


def test_ver_conversacion_says_what_it_takes(ns):
    e = falla(ns["ver_conversacion"], "hola")
    assert isinstance(e, TypeError) and "una lista de mensajes o un ModeloGuionizado, no str" in str(e)


def test_ver_conversacion_shows_a_malformed_message_as_it_is(ns, capsys):
    ns["ver_conversacion"]([("usuario", 3), ("asistente", [{"type": "tool_use"}])])
    assert capsys.readouterr().out == "1 ?         ('usuario', 3)\n2 asistente {'type': 'tool_use'}\n"


def test_ver_conversacion_says_why_there_is_nothing_to_show(ns, capsys):
    ns["ver_conversacion"](ns["ModeloGuionizado"]([]))
    assert capsys.readouterr().out.startswith("El modelo aún no ha recibido ningún turno: llámalo,")
    ns["ver_conversacion"](lambda M, herramientas: [])
    assert capsys.readouterr().out.startswith("Este modelo no guarda sus turnos; un ModeloGuionizado sí.")
    ns["ver_conversacion"]([])
    assert capsys.readouterr().out == "La conversación está vacía: no tiene ningún mensaje.\n"


def test_a_refusal_before_the_conversation_is_read_is_a_turn_too(ns, capsys):
    modelo = ns["ModeloGuionizado"]([])
    falla(modelo, [("usuario", "hola"), "adiós"], ns["HERRAMIENTAS"])
    falla(modelo, [("usuario", "hola")], "leer")
    ns["ver_conversacion"](modelo)
    assert capsys.readouterr().out == (
        "turno 1: el modelo recibe 2 mensajes\n"
        "  1 usuario   text hola\n"
        "  2 ?         'adiós'\n"
        "y los rechaza: ErrorDeProtocolo: mensaje 2: debe ser un par (rol, contenido) con rol 'sistema', "
        "'usuario' o 'asistente', o un diccionario {'role', 'content'} con role 'user', 'assistant' o 'system'; llega 'adiós'\n"
        "turno 2: el modelo recibe 1 mensaje\n"
        "  1 usuario   text hola\n"
        "y lo rechaza: ErrorDeProtocolo: las herramientas deben ser una lista, no str\n")
    assert [t["mensaje"] for t in modelo._turnos] == [2, None]


def test_a_model_called_without_end_keeps_its_last_200_turns(ns, capsys):
    modelo = ns["ModeloGuionizado"]([])  # every call is off the script, as a loop with no cap's
    for _ in range(250):
        falla(modelo, [("usuario", "hola")])
    assert [t["turno"] for t in modelo._turnos] == list(range(51, 251))
    ns["ver_conversacion"](modelo)
    assert capsys.readouterr().out.startswith(
        "(el modelo guarda sus últimos 200 turnos: estos empiezan en el 51)\nturno 51: el modelo recibe 1 mensaje\n")
