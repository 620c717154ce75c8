"""What ```{conversacion} shows: a conversation, message by message, drawn at build time.

Its source is a challenge's scripted conversation (`:reto: nombre`, whose body may only hold
narration, `> N: texto` before message N) or its body, in this notation (docs/autores.md has it
for authors):

    sistema: Trabajas con los ficheros del usuario.
    usuario: ¿Qué hay en la lista?
    > El modelo recibe los mensajes 1 y 2, y contesta:
    asistente:
      texto: Miro la lista.
      llamada t1 leer {"ruta": "lista.txt"}
    usuario:
      resultado t1: pan, leche, patatas
      error t2: no existe el fichero 'x'

`rol: texto` is a message whose content is a text; `rol:` alone opens one of blocks, one per
indented line (texto, llamada ID NOMBRE {JSON}, resultado ID: contenido, error ID: contenido);
a line indented by four spaces or more, and further than the one above, continues it, after a
space; `\\n` in a text is a line break; `> …` is narration, shown between the messages. The
view is py/vista.py's tree (the page draws the same tree for a cell's conversation), written as
HTML by construir/arbol.py.
"""
import json
import re

import vista  # py/ (on sys.path from construir/__init__.py), as the page's worker imports it

from . import arbol, retos
from .errores import ErrorDeConstruccion, problema

_MENSAJE = re.compile(r"^(sistema|usuario|asistente):[ \t]*(.*)$")
_LLAMADA = re.compile(r"^llamada\s+(\S+)\s+(\S+)\s+(\{.*\})$")
_RESULTADO = re.compile(r"^(resultado|error)\s+(\S+):[ \t]?(.*)$")


def lee(ruta, linea, cuerpo):
    """(M, notas) from a {conversacion}'s body, whose first line is file line `linea`; notas is
    {k: [narration]} shown before message k (from 0; len(M) for after the last)."""
    # abierto: the blocks of a rol: line; ultimo: what a line indented 4+ and further than its own continues
    M, notas, abierto, ultimo, sangria = [], {}, None, None, 0
    for k, fila in enumerate(cuerpo.split("\n")):
        donde, limpia = linea + k, fila.strip()
        if not limpia:
            continue
        margen = len(fila) - len(fila.lstrip())
        if "\t" in fila[:margen]:
            raise _error(ruta, donde, "sangra con espacios, no con tabuladores: un tabulador no dice si "
                                      "la línea es un bloque o sigue a la de arriba")
        if margen >= 4 and margen > sangria and ultimo is not None:
            ultimo[0][ultimo[1]] += " " + _texto(limpia)
            continue
        sangria = margen
        if fila.startswith(" "):
            if abierto is None:
                raise _error(ruta, donde, "este bloque no es de ningún mensaje: escribe antes «asistente:» o "
                                          "«usuario:», sola en su línea")
            bloque, campo = _bloque(ruta, donde, limpia)
            abierto.append(bloque)
            ultimo = (bloque, campo) if campo else None
            continue
        if limpia.startswith(">"):
            notas.setdefault(len(M), []).append(limpia[1:].strip())
            abierto = ultimo = None
            continue
        m = _MENSAJE.match(fila)
        if not m:
            raise _error(ruta, donde, "se esperaba «sistema:», «usuario:» o «asistente:», o una nota «> …»; "
                                      "llega %r" % limpia[:40])
        if m.group(2):
            contenido, abierto = _texto(m.group(2)), None
            ultimo = ([contenido], 0)
            M.append([m.group(1), ultimo[0]])
        else:
            abierto = []
            ultimo = None
            M.append([m.group(1), abierto])
    if not M:
        raise _error(ruta, linea, "la conversación no tiene ningún mensaje")
    for n, (rol, contenido) in enumerate(M):
        if isinstance(contenido, list) and len(contenido) == 1 and isinstance(contenido[0], str):
            M[n][1] = contenido[0]  # a text message, continued
        elif isinstance(contenido, list) and not contenido:
            raise _error(ruta, linea, "el mensaje %d (%s) no tiene ningún bloque" % (n + 1, rol))
    return [tuple(m) for m in M], notas


def _texto(t):
    return t.replace("\\n", "\n")


def _bloque(ruta, donde, fila):
    """(a block, the key a continuation line adds to) of one indented line."""
    if fila.startswith("texto:"):
        b = {"type": "text", "text": _texto(fila[len("texto:"):].strip())}
        return b, "text"
    m = _LLAMADA.match(fila)
    if m:
        try:
            entrada = json.loads(m.group(3))
        except ValueError as e:
            raise _error(ruta, donde, "los argumentos de la llamada %s no son JSON: %s" % (m.group(1), e)) from None
        if not isinstance(entrada, dict):
            raise _error(ruta, donde, "los argumentos de la llamada %s deben ser un objeto JSON" % m.group(1))
        return {"type": "tool_use", "id": m.group(1), "name": m.group(2), "input": entrada}, None
    m = _RESULTADO.match(fila)
    if m:
        return {"type": "tool_result", "tool_use_id": m.group(2), "content": _texto(m.group(3)),
                "is_error": m.group(1) == "error"}, "content"
    raise _error(ruta, donde, "un bloque empieza por «texto:», «llamada ID NOMBRE {…}», «resultado ID:» o "
                              "«error ID:»; llega %r" % fila[:40])


def _error(ruta, linea, mensaje):
    return ErrorDeConstruccion([problema(ruta, linea, mensaje)])


_NOTA_NUMERADA = re.compile(r"^>\s*(\d+):\s*(\S.*)$")


def notas_de_reto(ruta, linea, cuerpo, M):
    """The narration of a {conversacion} with :reto:, `> N: texto` lines (before message N, or
    after the last with N = len(M) + 1), as lee() gives it; file line `linea` is the body's first."""
    notas = {}
    for k, fila in enumerate(cuerpo.split("\n")):
        if not fila.strip():
            continue
        m = _NOTA_NUMERADA.match(fila.strip())
        if not m:
            raise _error(ruta, linea + k, "con :reto:, el cuerpo solo lleva notas «> N: texto», delante del "
                                          "mensaje N: los mensajes son los del guion del reto; llega %r"
                                          % fila.strip()[:40])
        n = int(m.group(1))
        if not 1 <= n <= len(M) + 1:
            raise _error(ruta, linea + k, "la conversación del reto tiene %d mensajes: una nota va delante "
                                          "del 1 al %d, o tras el último con %d; llega %d"
                                          % (len(M), len(M), len(M) + 1, n))
        notas.setdefault(n - 1, []).append(m.group(2))
    return notas


def de_un_reto(esperado):
    """The whole scripted conversation of a challenge, from its build-time expectations."""
    inicio, respuestas, visto = esperado["conversacion"]["guion"][:3]
    M = [tuple(m) for m in inicio]
    for r, v in zip(respuestas, visto):
        if isinstance(r, dict) and "error" in r:  # an HTTP error of the script: no message (guion_de)
            continue
        M.append(("asistente", r["content"] if isinstance(r, dict) else r))
        if v is not None:
            M.append(("usuario", v))
    return M


def html_de(M, notas, textos):
    """The conversation's HTML: py/vista.py's tree, as the page would draw it, written as text."""
    return arbol.html_de(vista.arbol(vista.de(M), notas), textos)


def cargar(dir_curso, ruta, doc, lineas):
    """Attaches to each {conversacion} its messages and narration (construir/conversacion.py):
    a challenge's scripted conversation, or the body's; the problems, at their lines."""
    problemas = []
    for i, b in enumerate(doc["bloques"]):
        if b["tipo"] != "conversacion":
            continue
        nombre, cuerpo = b["opciones"].get("reto"), b["cuerpo"]
        try:
            if nombre:
                esperado = retos.esperado_de_bloque(dir_curso, ruta, doc, lineas, i)
                M = de_un_reto(esperado)
                notas = notas_de_reto(ruta, lineas[("bloques", i, "cuerpo")], cuerpo, M)
                b["conversacion"] = {"M": M, "notas": notas}
            else:
                M, notas = lee(ruta, lineas[("bloques", i, "cuerpo")], cuerpo)
                b["conversacion"] = {"M": M, "notas": notas}
        except ErrorDeConstruccion as e:
            problemas.extend(e.problemas)
    return problemas
