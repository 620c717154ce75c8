"""What an error usually means, in one line of Spanish, under Python's own message.

A cell's traceback (site/src/ejecutor.py, through de_celda) and a challenge's failed test
(redaccion.con_explicacion, on the page and in calificar.py alike) end with the line that
explica() finds for the exception, when it has one. The lines are all in EXPLICACIONES; the
cases are matched, in order, in explica(). Python's message is never replaced: this only adds.

Nothing imports this module while a page boots: ejecutor.py and redaccion.py import it when an
error is worded, so a page that never fails never loads it.
"""
import functools
import re

# Every line, by case: one sentence, addressing the learner as tú, code between `backticks` (a cell
# shows it as code; a challenge's report, plain text, drops them: en_texto). str.format fields: {nombre},
# {n} (a cell's number), {id} (its :id:), {sugerencia}, {modulo}, {clave}, {expresion}, {funcion},
# {argumentos}, {anadelos}, {atributo}, {dados}, {acepta}, {signo}, {cierre}, {esperada}, {tipo},
# {motivo}, {donde}, {linea}, {carga}.
EXPLICACIONES = {
    "nombre_en_celda": ("`{nombre}` se define en la Celda {n}: ejecútala antes que esta (o, si escribes la "
                        "lección, pon `:usa: {id}` en esta celda)."),
    "nombre_en_esta": ("`{nombre}` se define en esta misma celda, pero Python llega antes a la línea que lo usa: "
                       "dale valor antes de usarlo."),
    "nombre_sugerido": "Ni esta celda ni las anteriores definen `{nombre}`: ¿querías escribir `{sugerencia}`?",
    "nombre_importar": "Ni esta celda ni las anteriores definen `{nombre}`: ¿te falta `import {modulo}`?",
    "nombre_en_ninguna": ("Ni esta celda ni las anteriores definen `{nombre}`: revisa cómo lo has escrito, o dale "
                          "valor antes de usarlo."),
    "entrega_sugerido": "Ni tu código ni el reto definen `{nombre}`: ¿querías escribir `{sugerencia}`?",
    "entrega_importar": "Ni tu código ni el reto definen `{nombre}`: ¿te falta `import {modulo}`?",
    "entrega_en_ninguna": ("Ni tu código ni el reto definen `{nombre}`: revisa cómo lo has escrito, o dale valor "
                           "antes de usarlo."),
    "local_sin_valor": ("Esta función da valor a `{nombre}` (`{nombre} = …`), y eso hace de `{nombre}` una variable "
                        "suya en toda la función, también en las líneas de antes: si querías el `{nombre}` de fuera, "
                        "pon otro nombre a esa variable."),
    "local_tapa": ("Esta función da valor a `{nombre}` en la línea {linea} de {donde}, y eso hace de `{nombre}` una "
                   "variable suya en toda la función, también en las líneas de antes, que ya no ven la función "
                   "`{nombre}` del curso: pon otro nombre a esa variable."),
    "clave": ("`{expresion}` no tiene la clave `{clave}`: mira qué claves tiene (`print({expresion}.keys())`), o "
              "usa `{expresion}.get({clave})`, que da None cuando falta."),
    "clave_sin_expresion": ("El diccionario que se lee en esa línea no tiene la clave `{clave}`: mira qué claves "
                            "tiene (con `.keys()`), o léela con `.get({clave})`, que da None cuando falta."),
    "clave_en_llamada": ("`{funcion}()` ha buscado la clave `{clave}` en un diccionario que le pasas, y no está: "
                         "mira qué claves tiene (con `.keys()`) antes de llamarla."),
    "falta_argumento": ("La llamada a `{funcion}()` no le pasa {argumentos}: {anadelos} a la llamada "
                        "(`help({funcion})` muestra los parámetros que pide)."),
    "argumento_de_mas": ("`{funcion}()` no tiene ningún parámetro llamado `{nombre}`: corrige el nombre "
                         "(`help({funcion})` muestra los suyos) o quítalo de la llamada."),
    "posicionales_de_mas": ("La llamada a `{funcion}()` le pasa {dados} sin nombre, pero {acepta}: quita los que "
                            "sobran (en un método, el primer parámetro es `self`)."),
    "numero_y_texto": ("Python no suma un número y un texto: convierte el número con `str()` para unir textos "
                       "(o escribe un f-string, `f\"… {{n}}\"`), o el texto con `int()` para sumar números."),
    "no_es_funcion": ("Ese valor es un `{tipo}`, no una función: ¿has dado a una variable el nombre de una función "
                      "(`resultado = …`)? Mira qué vale ese nombre con `print()`."),
    "funcion_tapada": ("`{nombre}` era una función del curso, y {donde} le ha dado otro valor en su línea {linea}: "
                       "cambia allí ese nombre y ejecuta otra vez la Celda {carga}, que carga el curso, para "
                       "recuperar `{nombre}`."),
    "atributo_de_none": ("Ese valor es None, y None no tiene `.{atributo}`: suele venir de una función sin return, "
                         "o de un método como `.sort()` o `.append()`, que cambia la lista y devuelve None."),
    "esquema": "Los datos no cumplen el esquema: {motivo}.",
    "sangria_esperada": ("Tras una línea que acaba en `:` (def, if, for…) viene su bloque, sangrado: añade 4 "
                         "espacios al principio de esa línea."),
    "sangria_de_mas": ("Esa línea tiene más sangría que la anterior, que no acaba en dos puntos (`:`): alinéala "
                       "con las de su bloque."),
    "sangria_desigual": ("La sangría de esa línea no coincide con la de ningún bloque de arriba: alinéala "
                         "exactamente con las de su bloque, 4 espacios por nivel."),
    "tabuladores": "La sangría mezcla tabuladores y espacios: usa solo espacios, 4 por nivel.",
    "sangria": ("Python usa la sangría para saber qué líneas van dentro de cada bloque: alinea esa línea con las "
                "de su bloque, 4 espacios por nivel."),
    "sin_cerrar": "El `{signo}` que se abre en esa línea no se cierra: añade su `{cierre}` donde acaba la expresión.",
    "comillas": "Unas comillas se abren en esa línea y no se cierran: ciérralas con las mismas comillas.",
    "dos_puntos": "Falta `:` al final de esa línea: un def, un if, un for o un while acaban en `:`.",
    "sintaxis": ("Python no entiende esa línea, así que no ha ejecutado ninguna: mira esa línea y la anterior "
                 "(un paréntesis o unas comillas sin cerrar, un `:` que falta)."),
    "recursion": ("Una función se ha llamado a sí misma (o a otra que la llama) sin parar: comprueba que la "
                  "recursión llega a un caso que acaba, o escríbela con un bucle."),
    "otra_excepcion": ("Esta prueba espera que tu función lance `{esperada}`, y antes le ha saltado un `{tipo}`: "
                       "comprueba tú ese caso antes de la línea que falla y lanza allí la excepción, con el "
                       "motivo: `raise {esperada}(\"…\")`."),
    "tope_pasado": ("Tu código ha llamado al modelo más veces de las que permite `tope`: cuenta las llamadas al "
                    "modelo y, si llegas a `tope` sin una respuesta final, sal del bucle y devuelve `(None, M)`."),
    "guion_agotado": ("Tu código ha llamado al modelo más veces de las que tiene el guion: el bucle debe parar "
                      "cuando una respuesta no trae ninguna llamada (`tool_use`)."),
    "fuera_de_guion": ("El modelo guionizado solo contesta a la conversación de su guion, y esta se aparta de él: "
                       "el mensaje de arriba dice en qué turno, mensaje y bloque."),
    "fuera_de_guion_vista": ("El modelo guionizado solo contesta a la conversación de su guion, y esta se aparta "
                             "de él: la conversación de abajo marca dónde y muestra lo que esperaba."),
    "protocolo": ("La conversación incumple el protocolo: cada `tool_use` necesita, en el mensaje siguiente, un "
                  "`tool_result` con su id; el mensaje de arriba dice dónde falla."),
    "protocolo_vista": ("La conversación incumple el protocolo: cada `tool_use` necesita, en el mensaje "
                        "siguiente, un `tool_result` con su id; la conversación de abajo marca dónde falla."),
}

# An ErrorDeProtocolo's line, by the rule it names first (its _regla: py/guionizado.py's _REGLAS):
# what the rule asks and what to change; "sin_resultado", the pairing rule, and an unknown rule
# keep EXPLICACIONES["protocolo"] (or "protocolo_vista"), which points at where it fails.
PROTOCOLO = {
    "lista_de_mensajes": ("El modelo recibe la conversación entera, una lista de mensajes "
                          "(`[(\"usuario\", \"hola\")]`), nunca un mensaje suelto ni un texto."),
    "forma_del_mensaje": ("Cada mensaje es un par `(rol, contenido)` con rol `\"sistema\"`, `\"usuario\"` o "
                          "`\"asistente\"`, en castellano (`\"user\"` es el rol de la API), o un diccionario "
                          "`{\"role\", \"content\"}` con los roles de la API."),
    "formas_mezcladas": ("Una conversación usa una sola forma de mensaje, pares `(rol, contenido)` o diccionarios "
                         "`{\"role\", \"content\"}`: escribe todos sus mensajes de la misma."),
    "forma_del_contenido": ("El contenido de un mensaje es un texto o una lista de bloques (diccionarios con su "
                            "`type`): mira qué pones como segundo elemento de ese par."),
    "valor_json": ("Lo que va en la conversación viaja como JSON: solo textos, números, True, False, None, listas y "
                   "diccionarios con claves de texto (nada de NaN, conjuntos ni objetos de tus clases)."),
    "sin_mensajes": "La conversación necesita al menos un mensaje del usuario: el texto de sistema solo no basta.",
    "sistema_primero": ("En la Messages API el texto de sistema del principio no es un mensaje, sino el parámetro "
                        "`system`: con los pares del curso, escríbelo como `(\"sistema\", texto)` al principio."),
    "sistema_tras_usuario": ("Un mensaje de sistema a mitad de conversación va justo después de uno del usuario: "
                             "muévelo detrás de ese mensaje."),
    "sistema_antes_del_asistente": ("Tras un mensaje de sistema a mitad de conversación viene uno del asistente, o "
                                    "ninguno: no le pongas detrás otro del usuario."),
    "sistema_solo_texto": "El texto de sistema es solo texto: quita de ese mensaje los bloques que no son `text`.",
    "contenido_vacio": ("Un mensaje no puede ir vacío (`\"\"` o `[]`), salvo el último del asistente: quítalo o "
                        "ponle contenido."),
    "texto_vacio": ("Un texto de la conversación no puede estar vacío ni tener solo espacios: quita ese texto o "
                    "escribe algo en él."),
    "espacios_al_final": ("El último mensaje del asistente no puede acabar en espacios ni saltos de línea: "
                          "quítaselos con `.rstrip()`."),
    "tipo_de_bloque": ("Cada bloque es un diccionario con un `type` que ese mensaje admite (el mensaje de "
                       "arriba dice cuáles): las funciones del curso (`texto`, `llamada`, `resultado`, `error`) "
                       "los hacen así."),
    "bloque_de_la_api": ("La API admite ese tipo de bloque, pero el curso usa solo `text`, `image`, `tool_use` y "
                         "`tool_result`: quita ese bloque."),
    "campo_de_la_api": "La API admite ese campo, pero el curso no lo usa: quítalo del bloque.",
    "campo_que_sobra": ("Un bloque lleva solo los campos de su `type`, y la API rechaza los que no conoce: quita el "
                        "que sobra (el mensaje de arriba dice cuál)."),
    "campo_que_falta": ("A ese bloque le falta un campo que su `type` pide (el mensaje de arriba dice cuál): las "
                        "funciones del curso (`texto`, `llamada`, `resultado`, `error`) los ponen todos."),
    "valor_del_campo": ("Un campo de ese bloque tiene un valor de otro tipo (el mensaje de arriba dice cuál y qué "
                        "debe ser): revisa cómo construyes el bloque."),
    "id_de_tool_use": "El id de un `tool_use` solo lleva letras sin tilde, cifras, `_` y `-`: cámbialo por uno así.",
    "error_sin_contenido": ("Un `tool_result` con `is_error` True dice cuál ha sido el error: pon en su `content` el "
                            "mensaje de la excepción (`str(e)`)."),
    "tool_use_en_asistente": ("Los `tool_use` son las llamadas que pide el modelo y van solo en mensajes del "
                              "asistente: añade su respuesta tal cual, como `(\"asistente\", respuesta)`."),
    "tool_result_en_usuario": ("Los `tool_result` son lo que tu código contesta a las llamadas y van solo en "
                               "mensajes del usuario: `(\"usuario\", resultados)`."),
    "tool_use_id_inesperado": ("Cada `tool_result` contesta a un `tool_use` del mensaje justo anterior, con su id en "
                               "`tool_use_id`: copia el `id` de la llamada que contestas."),
    "resultados_repetidos": ("Cada `tool_use` lleva exactamente un `tool_result`: no contestes dos veces a la misma "
                             "llamada."),
    "resultados_primero": ("En el mensaje que contesta a las llamadas, los `tool_result` van primero y cualquier "
                           "texto detrás: cambia el orden de sus bloques."),
    "ids_repetidos": ("Cada `tool_use` de la conversación tiene un id distinto, y este se repite: ¿has añadido dos "
                      "veces la misma respuesta del modelo?"),
    "repartidos": ("Los `tool_result` de una respuesta van todos juntos en el mensaje siguiente (convención del "
                   "curso): reúnelos en una lista y añade un solo `(\"usuario\", resultados)`."),
    "sin_herramientas": ("Una conversación con `tool_use` o `tool_result` necesita que la petición declare sus "
                         "herramientas: llama al modelo con ellas, `modelo(M, HERRAMIENTAS)`."),
    "lista_de_herramientas": "Las herramientas se pasan como una lista de diccionarios, como `HERRAMIENTAS`.",
    "forma_de_la_herramienta": ("Cada herramienta es un diccionario con `name`, `description` e `input_schema`: "
                                "compárala con las de `HERRAMIENTAS`."),
    "herramienta_de_la_api": ("Esa herramienta la define la API (su `type` lleva fecha), y el curso usa solo "
                              "herramientas propias, con `name`, `description` e `input_schema`."),
    "nombre_de_herramienta": ("El nombre de una herramienta solo lleva letras sin tilde, cifras, `_` y `-`, sin "
                              "espacios: cámbialo (por ejemplo, `leer_fichero`)."),
    "nombre_largo": ("El curso pide nombres de herramienta de 64 caracteres como mucho, los que admiten las dos "
                     "API: acórtalo."),
    "nombres_repetidos": ("Dos herramientas no pueden llamarse igual, o el modelo no sabría a cuál llama: cambia el "
                          "`name` de una."),
    "esquema_de_objeto": ("El `input_schema` de una herramienta es un esquema de objeto: `\"type\": \"object\"`, y "
                          "sus campos en `properties`."),
    "esquema_invalido": ("Ese `input_schema` no es un JSON Schema válido (el mensaje de arriba dice qué falla): "
                         "compáralo con los de `HERRAMIENTAS`."),
}

# A jsonschema ValidationError's reason, by the rule it names ("Failed validating 'required'"):
# its first line is English, and the rest of str(e) is the schema and the value, dumped whole.
_ESQUEMA = {
    "required": "falta {valor}, que el esquema pide (`required`){en}",
    "type": "{campo} debe ser de tipo {valor}",
    "additionalProperties": "{valor}{en}: el esquema no admite más campos (`additionalProperties`)",
    "enum": "{campo} debe ser uno de los valores de su `enum`",
}

# Errors about the code itself (a name, a call, a recursion): their line stays under a test that
# expected another exception, which only the rest give way to (otra_excepcion).
_DEL_CODIGO = ("nombre_", "entrega_", "local_", "falta_argumento", "argumento_de_mas", "posicionales_de_mas",
               "recursion", "funcion_tapada", "no_es_funcion", "sangria", "sin_cerrar", "comillas", "dos_puntos",
               "sintaxis", "tabuladores", "fuera_de_guion", "guion_agotado", "protocolo")

_CIERRES = {"(": ")", "[": "]", "{": "}"}
_NOMBRE = re.compile(r"^name '([^']+)' is not defined")
_LOCAL = re.compile(r"^cannot access local variable '([^']+)' where it is not associated with a value")
_SUGERENCIA = re.compile(r"Did you mean: '([^']+)'\?")
_IMPORTAR = re.compile(r"Did you forget to import '([^']+)'\?")
_FALTA = re.compile(r"^(\S+?)\(\) missing \d+ required (?:positional |keyword-only )?arguments?: (.+)$")
_DE_MAS = re.compile(r"^(\S+?)\(\) got an unexpected keyword argument '([^']+)'")
_POSICIONALES = re.compile(r"^(\S+?)\(\) takes (.+?) positional arguments? but (\d+) (?:was|were) given")
_DE_NONE = re.compile(r"^'NoneType' object has no attribute '([^']+)'")
_SUMA = re.compile(r"^(?:unsupported operand type\(s\) for \+=?: '(?:int|float)' and 'str'|"
                   r"unsupported operand type\(s\) for \+=?: 'str' and '(?:int|float)'|"
                   r"can only concatenate str \(not \"(?:int|float)\"\) to str)")
_NO_LLAMABLE = re.compile(r"^'([^']+)' object is not callable")
_AGOTADO = re.compile(r"el guion tiene \d+ turnos; se ha pedido el (\d+)")


def explica(tipo, mensaje, mro=(), donde="entrega", vista=False, esperaba=None, datos=None):
    """The line for an exception, or None. tipo and mro are class names (mro: the whole chain,
    tipo first, as transporte.describe_excepcion gives them); mensaje is str(e) or, for a
    NameError, what Python shows, with its suggestion (con_sugerencia). donde, for a NameError:
    "entrega" (a challenge's submission), or a cell's search (quien_define): None (no cell
    defines it), 0 (this cell does) or (n, id) of the earlier cell that does. vista: a
    conversation view is drawn below (a cell's refused turn). esperaba, under a challenge's
    failed test: what that test expected ({"excepcion": class name} or {"tope": the loop's cap};
    calificador.a_esperar). datos: what only a cell's side finds in the exception itself
    (de_celda) or in its data ("regla", an ErrorDeProtocolo's): "expresion", "funcion", "tapada",
    "local", "regla"."""
    return linea_de(caso_de(tipo, mensaje, mro, donde, vista, esperaba, datos))


def linea_de(caso):
    """The line of a caso_de, or None."""
    if caso is None:
        return None
    return PROTOCOLO[caso[1]["regla"]] if caso[0] == "protocolo_regla" else EXPLICACIONES[caso[0]].format(**caso[1])


def caso_de(tipo, mensaje, mro=(), donde="entrega", vista=False, esperaba=None, datos=None):
    """(the EXPLICACIONES key explica picks, its fields), or None."""
    esperaba, mro = esperaba or {}, set(mro) | {tipo}
    caso = _caso(mro, mensaje or "", donde, vista, datos or {})
    esperada = esperaba.get("excepcion")
    if esperada and esperada not in mro and not (caso and caso[0].startswith(_DEL_CODIGO)):
        return "otra_excepcion", {"esperada": esperada, "tipo": tipo}
    if caso and caso[0] == "guion_agotado" and isinstance(esperaba.get("tope"), int):
        pedido = _AGOTADO.match(mensaje or "")
        if pedido and int(pedido.group(1)) > esperaba["tope"]:
            return "tope_pasado", {}
    return caso


def _caso(mro, mensaje, donde, vista, datos):
    """(key of EXPLICACIONES, its fields), or None."""
    if "FueraDeGuion" in mro:
        if _AGOTADO.match(mensaje):
            return "guion_agotado", {}
        return ("fuera_de_guion_vista" if vista else "fuera_de_guion"), {}
    if "ErrorDeProtocolo" in mro:
        regla = datos.get("regla")
        if regla in PROTOCOLO:
            return "protocolo_regla", {"regla": regla}
        return ("protocolo_vista" if vista else "protocolo"), {}
    if "RecursionError" in mro:
        return "recursion", {}
    if "SyntaxError" in mro:
        return _sintaxis(mro, mensaje)
    if "UnboundLocalError" in mro or _LOCAL.match(mensaje):
        return _local(mensaje, datos.get("local"))
    if "NameError" in mro:
        return _nombre(mensaje, donde)
    if "KeyError" in mro and mensaje:
        if datos.get("expresion"):
            return "clave", {"clave": mensaje, "expresion": datos["expresion"]}
        if datos.get("funcion"):
            return "clave_en_llamada", {"clave": mensaje, "funcion": datos["funcion"]}
        return "clave_sin_expresion", {"clave": mensaje}
    if "ValidationError" in mro:
        return _esquema(mensaje)
    if "TypeError" in mro:
        return _argumentos(mensaje, datos.get("tapada"))
    m = _DE_NONE.match(mensaje) if "AttributeError" in mro else None
    return ("atributo_de_none", {"atributo": m.group(1)}) if m else None


def _sintaxis(mro, mensaje):
    if "TabError" in mro:
        return "tabuladores", {}
    if "IndentationError" in mro:
        return ("sangria_esperada" if mensaje.startswith("expected an indented block") else
                "sangria_de_mas" if mensaje.startswith("unexpected indent") else
                "sangria_desigual" if mensaje.startswith("unindent does not match") else "sangria"), {}
    m = re.match(r"^'([(\[{])' was never closed", mensaje)
    if m:
        return "sin_cerrar", {"signo": m.group(1), "cierre": _CIERRES[m.group(1)]}
    if mensaje.startswith(("unterminated string literal", "unterminated triple-quoted string")):
        return "comillas", {}
    if mensaje.startswith("expected ':'"):
        return "dos_puntos", {}
    return "sintaxis", {}


def _nombre(mensaje, donde):
    m = _NOMBRE.match(mensaje)
    if not m:
        return None
    nombre = m.group(1)
    if isinstance(donde, tuple):
        return "nombre_en_celda", {"nombre": nombre, "n": donde[0], "id": donde[1]}
    if donde == 0:
        return "nombre_en_esta", {"nombre": nombre}
    prefijo = "entrega" if donde == "entrega" else "nombre"
    sugerida, importar = _SUGERENCIA.search(mensaje), _IMPORTAR.search(mensaje)
    if sugerida:
        return prefijo + "_sugerido", {"nombre": nombre, "sugerencia": sugerida.group(1)}
    if importar:
        return prefijo + "_importar", {"nombre": nombre, "modulo": importar.group(1)}
    return prefijo + "_en_ninguna", {"nombre": nombre}


def _local(mensaje, local):
    """An UnboundLocalError: the function assigns the name somewhere (local, from a cell: the
    assignment's line and where it is, when the name is also a course function)."""
    m = _LOCAL.match(mensaje)
    if not m:
        return None
    if local:
        return "local_tapa", dict(local, nombre=m.group(1))
    return "local_sin_valor", {"nombre": m.group(1)}


def _esquema(mensaje):
    """jsonschema's ValidationError, from str(e): its first line, the rule it names and the path
    of the value ("On instance['a']['b']:"), both kept by every jsonschema version we serve."""
    regla = re.search(r"^Failed validating '(\w+)'", mensaje, re.M)
    if not regla:
        return None
    ruta = re.search(r"^On instance((?:\[[^\n]*?\])*):", mensaje, re.M)
    partes = re.findall(r"\[('(?:[^'\\]|\\.)*'|\d+)\]", ruta.group(1)) if ruta else []
    campo = ".".join(p.strip("'") for p in partes)
    primera = mensaje.split("\n", 1)[0]
    valor = {"required": re.match(r"^('.*') is a required property", primera),
             "type": re.search(r" is not of type (.+)$", primera),
             "additionalProperties": re.search(r"\((.+) (?:was|were) unexpected\)", primera)}.get(regla.group(1))
    plantilla = _ESQUEMA.get(regla.group(1)) if valor or regla.group(1) == "enum" else None
    if plantilla is None:
        return "esquema", {"motivo": "%s incumple la regla `%s` del esquema" % (
            "el campo `%s`" % campo if campo else "el valor", regla.group(1))}
    valor = valor.group(1) if valor else ""
    if regla.group(1) == "type":
        valor = " o ".join("`%s`" % t for t in re.findall(r"'([^']+)'", valor))
    elif regla.group(1) == "required":
        valor = "el campo `%s`" % valor.strip("'")
    elif regla.group(1) == "additionalProperties":
        nombres = re.findall(r"'([^']+)'", valor)
        valor = ("sobra el campo `%s`" if len(nombres) == 1 else "sobran los campos %s") % (
            nombres[0] if len(nombres) == 1 else _y(["`%s`" % n for n in nombres]))
    return "esquema", {"motivo": plantilla.format(
        campo="el campo `%s`" % campo if campo else "el valor", valor=valor, en=" en `%s`" % campo if campo else "")}


def _argumentos(mensaje, tapada):
    m = _FALTA.match(mensaje)
    if m:
        nombres = re.findall(r"'([^']+)'", m.group(2))
        argumentos = ("el argumento `%s`" % nombres[0] if len(nombres) == 1 else
                      "los argumentos %s" % _y(["`%s`" % n for n in nombres]))
        return "falta_argumento", {"funcion": m.group(1), "argumentos": argumentos,
                                   "anadelos": "añádelo" if len(nombres) == 1 else "añádelos"}
    m = _DE_MAS.match(mensaje)
    if m:
        return "argumento_de_mas", {"funcion": m.group(1), "nombre": m.group(2)}
    m = _POSICIONALES.match(mensaje)
    if m:
        acepta = re.sub(r"^from (\d+) to (\d+)$", r"de \1 a \2", m.group(2))
        dados = int(m.group(3))
        return "posicionales_de_mas", {
            "funcion": m.group(1), "dados": "1 argumento" if dados == 1 else "%d argumentos" % dados,
            "acepta": "no admite ninguno" if acepta == "0" else "solo admite " + acepta}
    if _SUMA.match(mensaje):
        return "numero_y_texto", {}
    m = _NO_LLAMABLE.match(mensaje)
    if m:
        return ("funcion_tapada", tapada) if tapada else ("no_es_funcion", {"tipo": m.group(1)})
    return None


def _y(partes):
    return partes[0] if len(partes) == 1 else ", ".join(partes[:-1]) + " y " + partes[-1]


def con_sugerencia(exc):
    """str(exc) and, for a NameError, the suggestion Python adds to its traceback (3.12+: "Did you
    mean: 'x'?", "Did you forget to import 'x'?"), found from the frame it was raised in."""
    import traceback
    texto = str(exc)
    if not isinstance(exc, NameError) or getattr(exc, "name", None) is None:
        return texto
    try:
        te = traceback.TracebackException(type(exc), exc, exc.__traceback__, limit=1, lookup_lines=False)
        ultima = list(te.format_exception_only())[0].rstrip("\n")
    except Exception:  # a learner's NameError subclass with an odd __str__: the plain text
        return texto
    return ultima.partition(": ")[2] or texto


def mensaje_en(exc, archivo):
    """str(exc), with con_sugerencia's suggestion when exc was raised in the learner's own file
    `archivo` (its frame holds the same names on the page and in calificar.py's child)."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if archivo is None or tb is None or tb.tb_frame.f_code.co_filename != archivo:
        return str(exc)
    return con_sugerencia(exc)


def en_texto(linea):
    """explica's line as a challenge's report says it, on the page and in calificar.py: plain text,
    without the backticks that a cell shows as code."""
    return linea.replace("`", "") if linea else linea


def con_explicacion(problema, exc, mensaje, archivo=None):
    """A submission's problem when it loads (entrega.py), and explica's line for exc under it;
    archivo: the submission's file name, whose lines a KeyError's line reads."""
    datos = datos_de_clave(exc, archivo) if isinstance(exc, KeyError) and archivo else None
    linea = en_texto(explica(type(exc).__name__, mensaje, [c.__name__ for c in type(exc).__mro__], datos=datos))
    if not linea:
        return problema
    return (problema if problema.endswith((".", "?", "!")) else problema + ".") + "\n" + linea


# --- A cell's NameError: which cell defines the name ----------------------------------------

def quien_define(nombre, codigo, anteriores, leer=None):
    """Where a name a cell could not find is defined: (n, id) of the nearest earlier cell whose
    code binds it at its top level, else 0 if this cell's does, else None. anteriores: [[n, id,
    code], ...] in page order. A cell's `exec(open_url(url).read())` binds what the file at url
    binds; leer(url) gives its text (None: unknown)."""
    for n, id_, fuente in reversed(anteriores):
        if nombre in ligados(fuente, leer):
            return (n, id_)
    return 0 if nombre in ligados(codigo, leer) else None


def ligados(fuente, leer=None):
    """The names a module's top level binds: assignments, def, class, import, for, with, except;
    not a function's or a class's own, nor a comprehension's."""
    import ast
    try:
        arbol = ast.parse(fuente)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    nombres, pila = set(), [arbol]
    while pila:
        nodo = pila.pop()
        if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            nombres.add(nodo.name)
            continue
        if isinstance(nodo, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(nodo, ast.Name) and isinstance(nodo.ctx, ast.Store):
            nombres.add(nodo.id)
        elif isinstance(nodo, (ast.Import, ast.ImportFrom)):
            nombres.update(a.asname or a.name.split(".")[0] for a in nodo.names if a.name != "*")
        elif isinstance(nodo, ast.ExceptHandler) and nodo.name:
            nombres.add(nodo.name)
        elif leer is not None and _url_ejecutada(nodo):
            try:
                texto = leer(_url_ejecutada(nodo))
            except Exception:  # not there (offline, a typo in the url): the file binds nothing known
                texto = None
            nombres |= _de_archivo(texto) if isinstance(texto, str) else set()
        pila.extend(ast.iter_child_nodes(nodo))
    return nombres


@functools.lru_cache(maxsize=8)
def _de_archivo(texto):
    """What a course file binds, parsed once per text: every NameError would parse it again."""
    return frozenset(ligados(texto))


def _url_ejecutada(nodo):
    """url, if nodo is exec(open_url(url).read()), as the lessons load the course's files."""
    import ast
    if not (isinstance(nodo, ast.Call) and isinstance(nodo.func, ast.Name) and nodo.func.id == "exec"
            and len(nodo.args) >= 1 and isinstance(nodo.args[0], ast.Call)):
        return None
    leido = nodo.args[0].func
    if not (isinstance(leido, ast.Attribute) and leido.attr == "read" and isinstance(leido.value, ast.Call)):
        return None
    abrir = leido.value
    nombre = getattr(abrir.func, "id", None) or getattr(abrir.func, "attr", None)
    if nombre != "open_url" or not abrir.args or not isinstance(abrir.args[0], ast.Constant):
        return None
    return abrir.args[0].value if isinstance(abrir.args[0].value, str) else None


def de_celda(exc, codigo, anteriores, leer=None, vista=False):
    """The line under a cell's traceback, or None (site/src/ejecutor.py; see explica). A cell's
    side also has the exception's frames and the cells' code: which dictionary a KeyError read,
    and which course function a cell's name has covered (datos)."""
    mro = [c.__name__ for c in type(exc).__mro__]
    mensaje = exc.msg if isinstance(exc, SyntaxError) else con_sugerencia(exc)
    donde = None
    if isinstance(exc, NameError) and isinstance(getattr(exc, "name", None), str):
        donde = quien_define(exc.name, codigo, anteriores, leer)
    try:
        datos = _datos_de_celda(exc, mensaje, codigo, anteriores, leer)
    except Exception:  # a best effort on the learner's odd code: the plain line then
        datos = {}
    datos.update(de_regla(exc))
    return explica(type(exc).__name__, mensaje, mro, donde, vista, datos=datos)


def _datos_de_celda(exc, mensaje, codigo, anteriores, leer):
    fuentes = {"<celda %s>" % n: fuente for n, _, fuente in anteriores}
    marcos = _marcos(exc)
    if not marcos:
        return {}
    for tb in marcos:  # the cell that raised: the one cell file not among the earlier ones
        archivo = tb.tb_frame.f_code.co_filename
        if archivo.startswith("<celda ") and archivo not in fuentes:
            fuentes[archivo] = codigo
    ultimo = marcos[-1]
    if isinstance(exc, KeyError):
        return _de_clave(marcos, fuentes)
    del_curso = _funciones_del_curso(anteriores, leer)
    m = _NO_LLAMABLE.match(mensaje) if isinstance(exc, TypeError) else None
    if m:
        g = ultimo.tb_frame.f_globals
        tapadas = [f for f in del_curso if f in g and type(g[f]).__name__ == m.group(1)]
        sitio = _quien_asigna(tapadas[0], codigo, anteriores, del_curso[tapadas[0]]) if tapadas else None
        if sitio is None:
            return {}
        return {"tapada": {"nombre": tapadas[0], "donde": sitio[0], "linea": sitio[1], "carga": del_curso[tapadas[0]]}}
    m = _LOCAL.match(mensaje)
    if m and m.group(1) in del_curso:
        codigo_f = ultimo.tb_frame.f_code
        linea = _asignacion_en(fuentes.get(codigo_f.co_filename), codigo_f, m.group(1))
        if linea is None:
            return {}
        archivo = codigo_f.co_filename
        donde = "esta celda" if fuentes.get(archivo) is codigo else "la Celda %s" % archivo[len("<celda "):-1]
        return {"local": {"linea": linea, "donde": donde}}
    return {}


def de_regla(exc):
    """{"regla": the key of the first rule an ErrorDeProtocolo names (py/guionizado.py sets it as
    data, _regla)}, or {}."""
    regla = getattr(exc, "_regla", None)
    return {"regla": regla} if type(exc).__name__ == "ErrorDeProtocolo" and isinstance(regla, str) else {}


def datos_de_clave(exc, archivo):
    """_de_clave for a submission's KeyError (transporte.describe_excepcion): its file's lines are
    in linecache (entrega.carga_entrega)."""
    import linecache
    try:
        return _de_clave(_marcos(exc), {archivo: "".join(linecache.getlines(archivo))})
    except Exception:  # a best effort on the learner's odd code: the plain line then
        return {}


def _de_clave(marcos, fuentes):
    """A KeyError: the dictionary the cell's line read, or the function of the course it called
    that read one (leer(ENTORNO, ruta) reads ENTORNO[ruta])."""
    propios = [tb for tb in marcos if tb.tb_frame.f_code.co_filename in fuentes]
    if not propios:
        return {}
    nodo, trozo = _nodo_que_falla(propios[-1], fuentes[propios[-1].tb_frame.f_code.co_filename])
    if propios[-1] is marcos[-1]:
        expresion = _texto(trozo, nodo.value) if isinstance(nodo, _ast().Subscript) else None
        return {"expresion": expresion} if expresion else {}
    funcion = _texto(trozo, nodo.func) if isinstance(nodo, _ast().Call) else None
    return {"funcion": funcion} if funcion else {}


def _ast():
    import ast
    return ast


def _texto(trozo, nodo):
    texto = _ast().get_source_segment(trozo, nodo)
    return texto if texto and len(texto) <= 40 and "\n" not in texto else None


def _nodo_que_falla(tb, fuente):
    """(the expression of the instruction tb stopped at, its source), from the instruction's
    columns (co_positions); (None, "") when they are not on one line of fuente."""
    posiciones = list(tb.tb_frame.f_code.co_positions())
    indice = tb.tb_lasti // 2
    if not fuente or not 0 <= indice < len(posiciones):
        return None, ""
    linea, fin, columna, fin_columna = posiciones[indice]
    lineas = fuente.splitlines()
    if None in (linea, fin, columna, fin_columna) or linea != fin or not 0 < linea <= len(lineas):
        return None, ""
    trozo = lineas[linea - 1].encode("utf-8")[columna:fin_columna].decode("utf-8", "replace")
    try:
        return _ast().parse(trozo, mode="eval").body, trozo
    except SyntaxError:
        return None, ""


def _marcos(exc):
    tb, marcos = exc.__traceback__, []
    while tb is not None:
        marcos.append(tb)
        tb = tb.tb_next
    return marcos


def _funciones_del_curso(anteriores, leer):
    """{name: n of the cell that loads it} for each function and class that a course file, which
    an earlier cell exec()s (exec(open_url(url).read())), defines at its top level."""
    import ast
    funciones = {}
    for n, _, fuente in anteriores:
        try:
            arbol = ast.parse(fuente)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for nodo in ast.walk(arbol):
            url = _url_ejecutada(nodo)
            texto = None
            if url and leer is not None:
                try:
                    texto = leer(url)
                except Exception:  # offline or a typo in the url: nothing known
                    texto = None
            for nombre in _defs_de_archivo(texto) if isinstance(texto, str) else ():
                funciones.setdefault(nombre, n)
    return funciones


@functools.lru_cache(maxsize=8)
def _defs_de_archivo(texto):
    import ast
    try:
        return tuple(n.name for n in ast.parse(texto).body
                     if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ()


def _quien_asigna(nombre, codigo, anteriores, carga):
    """("esta celda" or "la Celda n", line) of the cell that gives `nombre` another value at its top
    level: this one, else the nearest earlier one but the one that loads the course (carga)."""
    linea = _linea_que_liga(nombre, codigo)
    if linea is not None:
        return "esta celda", linea
    for n, _, fuente in reversed(anteriores):
        linea = _linea_que_liga(nombre, fuente) if n != carga else None
        if linea is not None:
            return "la Celda %s" % n, linea
    return None


def _linea_que_liga(nombre, fuente):
    """The first line where a module's top level binds nombre (as ligados counts), or None."""
    import ast
    try:
        arbol = ast.parse(fuente)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    lineas, pila = [], list(arbol.body)
    while pila:
        nodo = pila.pop()
        if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if nodo.name == nombre:
                lineas.append(nodo.lineno)
            continue
        if isinstance(nodo, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(nodo, ast.Name) and isinstance(nodo.ctx, ast.Store) and nodo.id == nombre:
            lineas.append(nodo.lineno)
        pila.extend(ast.iter_child_nodes(nodo))
    return min(lineas) if lineas else None


def _asignacion_en(fuente, codigo_f, nombre):
    """The first line where the function whose code is codigo_f assigns nombre, or None."""
    import ast
    if not fuente:
        return None
    for nodo in ast.walk(ast.parse(fuente)):
        if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef)) and nodo.name == codigo_f.co_name and \
                codigo_f.co_firstlineno in [nodo.lineno] + [d.lineno for d in nodo.decorator_list]:
            lineas, pila = [], list(nodo.body)
            while pila:
                hijo = pila.pop()
                if isinstance(hijo, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                    continue
                if isinstance(hijo, ast.Name) and isinstance(hijo.ctx, ast.Store) and hijo.id == nombre or \
                        isinstance(hijo, ast.ExceptHandler) and hijo.name == nombre:
                    lineas.append(hijo.lineno)
                pila.extend(ast.iter_child_nodes(hijo))
            return min(lineas) if lineas else None
    return None
