"""Reads the body of a ```{pregunta} directive into a question, with file:line errors.

    ```{pregunta}
    :id: orden-de-los-resultados
    :tipo: unica
    ¿En qué orden van los tool_result de un turno?

    - [ ] En el que terminen las herramientas.
      Explanation of this option, indented under it (optional, but then a general one is needed).
    - [x] En el de las llamadas.
      Each tool_result answers the call with its id, in order.
    > A general explanation, shown after checking (optional when every option has its own).
    ```

:tipo: is one of TIPOS, the one table of the build's question kinds: each with how its body
is read and checked, and the pieces construir/preguntas_html.py draws it with. Its page-side
twin is site/src/tipos-de-pregunta.js. unica, multiple and prediccion take options
(prediccion's are outputs: write a line break as \\n). vf takes `:respuesta: verdadero` or
`falso`. linea and hueco show a code block (~~~python ... ~~~ inside the body): linea's
`:respuesta:` is the number of the wrong line; hueco marks the gap with ___ in one line and its
`:respuesta:` lists the accepted tokens, separated by |; a line `? uno|otro: pista` gives the
hint shown for those wrong answers. The kinds without options need the general explanation.
"""
import re
from dataclasses import dataclass
from functools import partial

from . import preguntas_html as html
from .errores import problema
from .preguntas_html import HUECO

OPCION = re.compile(r"^- \[([ xX])\] (.*)$")
PISTA = re.compile(r"^\? ([^:]+):\s*(\S.*)$")  # a hueco's hint for some wrong answers


@dataclass(frozen=True)
class Tipo:
    """A question kind's pieces. A kind has `opciones` (its `- [ ]` lines say the answer; the
    function checks them) or `respuesta` (reads its `:respuesta:`; it then needs the general
    explanation); `codigo` is where its ~~~ snippet goes: "enunciado" (optional, under the
    statement) or "respuestas" (required, drawn by its controls); `pistas`, whether it takes
    `? ...: hint` lines; `nota`, the text key of a note under its statement; `controles` and
    `datos`, its answer controls' HTML and what the page needs to check an answer."""
    descripcion: str
    controles: object
    datos: object
    opciones: object = None
    respuesta: object = None
    codigo: str = None
    pistas: bool = False
    nota: str = None


def _una_correcta(tipo, opciones, error):
    correctas = sum(o["correcta"] for o in opciones)
    if correctas != 1:
        error(opciones[0]["linea"], f"una pregunta «{tipo}» tiene exactamente una opción correcta, "
                                    f"marcada con [x], y tiene {correctas}")


def _alguna_correcta(_tipo, opciones, error):
    if not any(o["correcta"] for o in opciones):
        error(opciones[0]["linea"], "marca con [x] al menos una opción correcta")


def _salidas(tipo, opciones, error):
    """prediccion's options are outputs, shown as they are: `None` is written with or without backticks."""
    _una_correcta(tipo, opciones, error)
    for o in opciones:
        texto = o["texto"][1:-1] if len(o["texto"]) > 1 and o["texto"][0] == o["texto"][-1] == "`" else o["texto"]
        o["texto"] = texto.replace("\\n", "\n")


def _verdadero_o_falso(respuesta, codigo, pistas, datos, error):
    if respuesta not in ("verdadero", "falso"):
        error(None, f":respuesta: de una pregunta vf es verdadero o falso, no «{respuesta}»")
    datos["respuesta"] = respuesta == "verdadero"


def _numero_de_linea(respuesta, codigo, pistas, datos, error):
    total = len(codigo[0].split("\n"))
    if not respuesta.isdigit() or not 1 <= int(respuesta) <= total:
        error(None, f":respuesta: es el número de la línea con el error, entre 1 y {total}")
    else:
        datos["respuesta"] = int(respuesta)


def _lo_que_llena_el_hueco(respuesta, codigo, pistas, datos, error):
    if sum(f.count(HUECO) for f in codigo[0].split("\n")) != 1:
        error(codigo[1], f"el código de una pregunta hueco marca un solo hueco con {HUECO}")
    datos["respuesta"] = [r.strip() for r in respuesta.split("|") if r.strip()]
    buenas = {re.sub(r"\s+", "", r) for r in datos["respuesta"]}
    for p in pistas:
        if buenas & {re.sub(r"\s+", "", r) for r in p["respuestas"]}:
            error(p["linea"], "esta pista es para una respuesta que es correcta")
    datos["pistas"] = [{k: p[k] for k in ("respuestas", "texto")} for p in pistas]


_CON_OPCIONES = {"controles": partial(html.opciones, control="radio"), "datos": html.datos_de_opciones}
_CON_RESPUESTA = {"datos": html.datos_de_respuesta}
TIPOS = {
    "unica": Tipo("una sola respuesta", opciones=_una_correcta, **_CON_OPCIONES),
    "multiple": Tipo("varias respuestas, todas o ninguna", opciones=_alguna_correcta, nota="pregunta_nota_multiple",
                     **{**_CON_OPCIONES, "controles": partial(html.opciones, control="checkbox")}),
    "vf": Tipo("verdadero o falso", respuesta=_verdadero_o_falso, controles=html.vf, **_CON_RESPUESTA),
    "prediccion": Tipo("predecir la salida", opciones=_salidas, codigo="enunciado",
                       **{**_CON_OPCIONES, "controles": partial(html.opciones, control="radio", salidas=True)}),
    "linea": Tipo("encontrar la línea del error", respuesta=_numero_de_linea, codigo="respuestas",
                  controles=html.lineas, **_CON_RESPUESTA),
    "hueco": Tipo("rellenar el hueco", respuesta=_lo_que_llena_el_hueco, codigo="respuestas", pistas=True,
                  controles=html.hueco, **_CON_RESPUESTA),
}


def leer_pregunta(ruta, linea, opciones, cuerpo, linea_respuesta, linea_tipo=None):
    """The question as the page needs it; raises ValueError([problems]) on a malformed body.

    `linea` is the file line of the body's first line, `linea_respuesta` that of :respuesta:
    (or of the directive, when it has none), `linea_tipo` that of :tipo: (the same, if not given).
    """
    tipo, problemas = opciones.get("tipo"), []
    def error(n, texto):
        problemas.append(problema(ruta, linea_respuesta if n is None else linea + n, texto))
    t = TIPOS.get(tipo)
    if t is None:  # a kind the schema lets through and this table lacks: say which, here
        raise ValueError([problema(ruta, linea_tipo or linea_respuesta,
                                   f"construir/preguntas.py no sabe leer preguntas de tipo «{tipo}»: "
                                   "falta su entrada en TIPOS")])
    filas = cuerpo.split("\n")
    enunciado, opciones_, explicacion, codigo, pistas, n = [], [], [], None, [], 0
    while n < len(filas):
        fila = filas[n]
        m = OPCION.match(fila)
        if fila.startswith("~~~"):
            fin = next((k for k in range(n + 1, len(filas)) if filas[k].startswith("~~~")), None)
            if fin is None:
                error(n, "el bloque de código ~~~ de la pregunta no se cierra")
                break
            codigo, n = ("\n".join(filas[n + 1:fin]), n), fin
        elif fila.startswith("? "):
            p = PISTA.match(fila)
            if not t.pistas:
                error(n, "solo una pregunta hueco lleva pistas para respuestas incorrectas («? …: pista»)")
            elif not p:
                error(n, "una pista se escribe «? respuesta|otra: lo que se le dice a quien la escribe»")
            else:
                pistas.append({"respuestas": [r.strip() for r in p.group(1).split("|") if r.strip()],
                               "texto": p.group(2).strip(), "linea": n})
        elif m:
            opciones_.append({"texto": m.group(2).strip(), "correcta": m.group(1) != " ",
                              "explicacion": "", "linea": n})
        elif fila.startswith("  ") and opciones_ and not explicacion:
            opciones_[-1]["explicacion"] = (opciones_[-1]["explicacion"] + " " + fila.strip()).strip()
        elif fila.startswith(">"):
            explicacion.append(fila[1:].strip())
        elif opciones_ or explicacion:
            if fila.strip():
                error(n, "después de las opciones solo van sus explicaciones (con dos espacios "
                         "delante) y la explicación general (con > delante)")
        else:
            enunciado.append(fila)
        n += 1
    datos = {"tipo": tipo, "enunciado": "\n".join(enunciado).strip(), "explicacion": " ".join(explicacion)}
    if not datos["enunciado"]:
        error(0, "falta el enunciado de la pregunta")
    if t.opciones:
        _revisa_opciones(t, tipo, opciones_, datos, error)
    elif opciones_:
        error(opciones_[0]["linea"], f"una pregunta «{tipo}» no lleva opciones")
    if t.respuesta and not datos["explicacion"]:
        error(len(filas) - 1, "falta la explicación: una línea que empiece por >")
    respuesta = opciones.get("respuesta")
    if t.opciones and respuesta is not None:
        error(None, f"una pregunta «{tipo}» no lleva :respuesta:; marca las correctas con [x]")
    if t.respuesta and respuesta is None:
        error(None, f"a una pregunta «{tipo}» le falta :respuesta:")
    if t.codigo == "respuestas" and codigo is None:
        error(0, f"una pregunta «{tipo}» necesita un bloque de código entre líneas ~~~")
    elif codigo is not None:
        datos["codigo"] = codigo[0]
    if t.respuesta and respuesta is not None and (codigo is not None or t.codigo != "respuestas"):
        t.respuesta(respuesta, codigo, pistas, datos, error)
    if problemas:
        raise ValueError(problemas)
    return datos


def _revisa_opciones(t, tipo, opciones, datos, error):
    if len(opciones) < 2:
        error(0, "una pregunta con opciones necesita al menos dos, cada una en una línea «- [ ] texto» "
                 "(o «- [x] texto» si es correcta)")
    else:
        t.opciones(tipo, opciones, error)
    if not datos["explicacion"]:
        for o in opciones:
            if not o["explicacion"]:
                error(o["linea"], "falta la explicación de esta opción (en la línea siguiente, con dos "
                                  "espacios delante) o una explicación general (con > delante)")
    datos["opciones"] = [{k: o[k] for k in ("texto", "correcta", "explicacion")} for o in opciones]


def cargar(ruta, doc, lineas):
    """Attaches to each {pregunta} block the question read from its body; the problems."""
    problemas, vistas = [], set()
    for i, b in enumerate(doc["bloques"]):
        if b["tipo"] != "pregunta":
            continue
        n = len(vistas) + 1
        ident = b["opciones"].get("id") or f"pregunta-{n}"
        if ident in vistas:
            problemas.append(problema(ruta, lineas[("bloques", i)], f"ya hay otra pregunta con id «{ident}»"))
        vistas.add(ident)
        linea_respuesta = lineas.get(("bloques", i, "opciones", "respuesta"), lineas[("bloques", i)])
        try:
            b["pregunta"] = {"id": ident, **leer_pregunta(ruta, lineas[("bloques", i, "cuerpo")], b["opciones"],
                                                          b["cuerpo"], linea_respuesta,
                                                          lineas[("bloques", i, "opciones", "tipo")])}
        except ValueError as e:
            problemas.extend(e.args[0])
    return problemas
