"""Renders lesson pages and the course index from site/plantillas/.

Prose is CommonMark (markdown-it-py); fenced code that is not a directive is
highlighted here, at build time, with Pygments."""
import functools
import html
import json
import re
from pathlib import Path
from string import Template

from markdown_it import MarkdownIt
from pygments import highlight
from pygments.filter import simplefilter
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer, TextLexer, get_lexer_by_name
from pygments.token import Name
from pygments.util import ClassNotFound

from serve import CSP

from . import conversacion, duracion, huellas
from .activos import ARCHIVOS_PYODIDE
from .errores import ErrorDeConstruccion
from .leer import id_celda
from .preguntas import TIPOS as TIPOS_DE_PREGUNTA

FORMATO = HtmlFormatter(nowrap=True)


@simplefilter
def _builtins_llamados(_self, _lexer, flujo, _opciones):
    """As in the editor, a builtin is a function where it is called (`print(`); where it is a
    value (`{str: "string"}`) it stays a plain name."""
    fichas = list(flujo)
    for i, (tipo, valor) in enumerate(fichas):
        llamado = i + 1 < len(fichas) and fichas[i + 1][1].startswith("(")
        yield (Name if tipo is Name.Builtin and not llamado else tipo), valor


# Pure functions of their text, kept for the next build of the same process: preview.py's
# builds after an edit re-render every page, and most of their code and prose is unchanged.
@functools.lru_cache(maxsize=8192)
def resaltar(codigo, lenguaje="python"):
    try:
        lexer = get_lexer_by_name(lenguaje) if lenguaje else TextLexer()
    except ClassNotFound:
        lexer = TextLexer()
    if isinstance(lexer, PythonLexer):
        lexer.add_filter(_builtins_llamados())
    return highlight(codigo, lexer, FORMATO)


def _resaltar_linea(linea):
    return resaltar(linea).rstrip("\n")


def _resaltar_bloque(codigo, lenguaje, _atributos):
    # A block that is not code (an output, a conversation) wraps as a cell's output does.
    clase = "resaltado texto" if lenguaje in ("", "text") else "resaltado"
    return f'<div class="{clase}"><pre tabindex="0"><code>{resaltar(codigo, lenguaje)}</code></pre></div>'


# Raw HTML off: a `<script>` or `<!--` in a lesson's prose is shown as text, never
# run or left to swallow the rest of the page.
_md = MarkdownIt("commonmark", {"html": False}).enable("table")
_markdown = functools.lru_cache(maxsize=8192)(_md.render)
# Fenced code is ours whole: markdown-it would wrap a highlight that is not a bare <pre> in
# another <pre><code>.
_md.add_render_rule("fence", lambda self, tokens, idx, options, env: _resaltar_bloque(
    tokens[idx].content, tokens[idx].info.strip().split(" ")[0], None) + "\n")
# A wide table scrolls sideways on a phone: focusable, so that a keyboard can scroll it (axe).
_md.add_render_rule("table_open", lambda self, tokens, idx, options, env: '<table tabindex="0">\n')


def css_resaltado():
    """Static code coloured as the editors: Pygments' token classes take the variables that
    site/src/editor.js gives CodeMirror's tags (site/estilo.css swaps them in dark mode).
    As in the editor, True/False/None are numbers, a builtin (print) is a function, and self,
    other names, operators, escapes and f-string fields stay plain (measured in CodeMirror).
    A JSON key (Pygments' Name.Tag, nt: {red}'s requests) takes the function colour."""
    colores = {
        "clave": "k kd kn kp kr kt ow",
        "numero": "kc m mb mf mh mi mo il",
        "cadena": "s sa sb sc sd s1 s2 sh sx sr ss dl",
        "comentario": "c c1 ch cm cp cpf cs",
        "funcion": "nf fm nc nb nt",
    }
    reglas = []
    for nombre, clases in colores.items():
        selectores = ", ".join(f":is(.resaltado, .editor) .{c}" for c in clases.split())
        estilo = " font-style: italic;" if nombre == "comentario" else ""
        reglas.append(f"{selectores} {{ color: var(--cm-{nombre});{estilo} }}")
    return "\n".join(reglas) + "\n"


# What the worker fetches to boot, asked for by the HTML itself instead of at the end of the chain
# HTML -> page bundle -> worker -> pyodide.mjs -> pyodide.asm.mjs -> wasm and stdlib. The worker's
# own requests then find them in the HTTP cache (or wait for them there: one download each).
# as/crossorigin are those of the worker's requests (fetch() in cors mode, module imports).
# Not on a phone (600 px or less), whose first visit downloads nothing until a Run; and the
# service worker removes them from the pages it serves, where everything is already local.
MOVIL = "(max-width: 600px)"  # as site/src/pagina.js


def _precargas_interprete(config):
    enlaces = [(config["trabajador"], "script")] + [
        (config["indexURL"] + f, "script" if f.endswith(".mjs") else "fetch") for f in ARCHIVOS_PYODIDE]
    return [f'<link rel="preload" href="{h}" as="{como}" crossorigin media="not all and {MOVIL}" data-primera-visita>'
            for h, como in enlaces]


class Paginas:
    def __init__(self, dir_plantillas, textos, css, csp=CSP):
        self.plantillas = {p.stem: Template(p.read_text(encoding="utf-8")) for p in Path(dir_plantillas).glob("*.html")}
        self.t = {f"t_{k}": v for k, v in textos.items() if not k.startswith("_")}
        self.textos = textos
        self.css = css
        self.csp = csp

    def _llenar(self, plantilla, **valores):
        return self.plantillas[plantilla].substitute(self.t, **valores)

    def _pagina(self, titulo, cuerpo, cabeza=""):
        csp = html.escape(self.csp, quote=False).replace('"', "&quot;")  # its quotes stay readable
        return self._llenar("base", titulo=html.escape(titulo), css=self.css, csp=csp, cabeza=cabeza, cuerpo=cuerpo)

    def leccion(self, curso, doc, config, js, precargas=(), vecinas=(None, None)):
        meta = doc["meta"]
        estado = {"celdas": [], "numeros": {}, "preguntas": [], "retos": [], "curso": curso["slug"]}
        # One renderer per directive kind: a new kind adds its schema branch and a method here.
        renderizar = {"prosa": self._prosa, "celda": self._bloque_celda, "pregunta": self._bloque_pregunta,
                      "reto": self._bloque_reto, "red": self._bloque_red,
                      "conversacion": self._bloque_conversacion, "plegado": self._bloque_plegado}
        partes = [renderizar[b["tipo"]](b, estado) for b in doc["bloques"]]
        # A page with a challenge installs jsonschema as soon as its interpreter is ready.
        config = dict(config, conReto=bool(estado["retos"]))
        datos = {"curso": curso["slug"], "slug": meta["slug"], "config": config, "celdas": estado["celdas"],
                 "preguntas": estado["preguntas"], "retos": estado["retos"]}
        cuerpo = self._llenar("leccion", titulo=html.escape(meta["titulo"]), bloques="\n".join(partes),
                              lecturas=self._lecturas(meta.get("lecturas", [])), datos=_json_en_html(datos),
                              navegacion=self._vecinas(*vecinas))
        cabeza = "\n".join([f'<script type="module" src="{js}"></script>',
                            *(f'<link rel="modulepreload" href="{p}">' for p in precargas),
                            *_precargas_interprete(config)])
        return self._pagina(f'{meta["titulo"]} · {curso["titulo"]}', cuerpo, cabeza)

    def _prosa(self, bloque, _estado):
        return _markdown(bloque["markdown"])

    def _bloque_celda(self, bloque, estado):
        n = len(estado["celdas"]) + 1
        ident = id_celda(bloque, n)
        estado["numeros"][ident] = n
        usa = bloque["opciones"].get("usa", [])
        estado["celdas"].append({"id": ident, "n": n, "usa": usa, "codigo": bloque["codigo"],
                                 "termina": bloque["opciones"].get("termina"),
                                 "huella": huellas.de_texto(bloque["codigo"])})
        return self._celda(ident, n, usa, estado["numeros"], bloque["codigo"])

    def _celda(self, ident, n, usa, numeros, codigo):
        nombre = self.textos["celda"].format(n=n)
        texto_usa = ""
        if usa:
            previas = ", ".join(self.textos["celda"].format(n=numeros[u]) for u in usa)
            usa = html.escape(self.textos["usa_nombres"].format(celdas=previas))
            texto_usa = f'<span class="celda-usa">{usa}</span>'
        return self._llenar("celda", id=ident, nombre=html.escape(nombre), usa=texto_usa,
                            etiqueta_salida=html.escape(self.textos["salida_etiqueta"].format(n=n)),
                            codigo=f"<pre><code>{_lineas(resaltar(codigo))}</code></pre>")

    def _bloque_pregunta(self, bloque, estado):
        p = bloque["pregunta"]
        tipo = TIPOS_DE_PREGUNTA[p["tipo"]]  # construir/preguntas.py read it: its kind is in the table
        estado["preguntas"].append(tipo.datos(p))
        n = len(estado["preguntas"])
        if "pregunta_" + p["tipo"] not in self.textos:
            raise ErrorDeConstruccion([f"site/textos.es.json: falta «pregunta_{p['tipo']}», lo que dice el "
                                       f"título de una pregunta de tipo «{p['tipo']}»"])
        titulo = f'{self.textos["pregunta"].format(n=n)} · {self.textos["pregunta_" + p["tipo"]]}'
        enunciado = _md.render(p["enunciado"])
        if tipo.codigo == "enunciado" and "codigo" in p:
            enunciado += f'<div class="resaltado"><pre tabindex="0"><code>{resaltar(p["codigo"])}</code></pre></div>'
        nota = f'<p class="pregunta-nota">{html.escape(self.textos[tipo.nota])}</p>' if tipo.nota else ""
        return self._llenar("pregunta", id=p["id"], titulo=html.escape(titulo), enunciado=enunciado, nota=nota,
                            respuestas=tipo.controles(p, self.textos, _md.renderInline, _resaltar_linea),
                            explicacion=_md.renderInline(p["explicacion"]) if p["explicacion"] else "")

    def _bloque_reto(self, bloque, estado):
        reto = bloque["reto"]
        fuentes = [f"/courses/{estado['curso']}/{n}" for n in ("guionizado.py", "entorno.py")]
        # esperado stays JSON text up to Python: through JavaScript, 2.0 would arrive as 2.
        estado["retos"].append({"nombre": reto["nombre"], "plantilla": reto["plantilla"], "fuentes": fuentes,
                                "huella": huellas.de_texto(reto["plantilla"]),
                                "esperado": json.dumps(reto["esperado"], ensure_ascii=False)})
        return self._llenar("reto", nombre=reto["nombre"], enunciado=_md.render(reto["enunciado"]),
                            codigo=f"<pre><code>{_lineas(resaltar(reto['plantilla']))}{_linea_final(reto['plantilla'])}</code></pre>",
                            pistas=self._pistas(reto["pistas"]),
                            discusion=self._discusion(reto["nombre"], reto["discusion"]))

    def _pistas(self, pistas):
        """A challenge's hints, each hidden until site/src/pistas.js reveals it (data-tras: the
        failed Comprobar attempts it waits for); the whole block hidden until that script runs."""
        if not pistas:
            return ""
        items = "".join(f'<li data-tras="{p["tras"]}" hidden>{_md.render(p["texto"])}</li>' for p in pistas)
        etiqueta = html.escape(self.textos["pistas_etiqueta"])
        return (f'<div class="reto-pistas" hidden><ol class="pistas" aria-label="{etiqueta}">{items}</ol>'
                f'<p class="pista-aviso" aria-live="polite"></p>'
                f'<button type="button" class="ver-pista"></button></div>\n')

    def _discusion(self, nombre, texto):
        """What a challenge shows once passed (pistas.js unhides it): prose, never the reference."""
        if not texto:
            return ""
        titulo = html.escape(self.textos["reto_discusion"])
        return (f'<section class="reto-discusion" hidden aria-labelledby="reto-{nombre}-discusion">'
                f'<h3 id="reto-{nombre}-discusion">{titulo}</h3>{_md.render(texto)}</section>\n')

    def _bloque_red(self, bloque, _estado):
        red = bloque["red"]
        # Pygments ends its output with a newline; the <pre> holds the JSON text and nothing else.
        # Its spans for spaces and punctuation take no colour: without them, a third of the elements.
        def json_de(cuerpo):
            texto = json.dumps(cuerpo, ensure_ascii=False, indent=2)
            codigo = _lineas(_SIN_COLOR.sub(r"\1", resaltar(texto, "json")))
            codigo = codigo.removesuffix("\n</span>") + "</span>"
            return f'<div class="resaltado"><pre tabindex="0"><code>{codigo}</code></pre></div>'

        cuerpos, respuestas = {}, red.get("respuestas")
        for api in ("anthropic", "openai"):
            cuerpos[api] = json_de(red[api])
            if respuestas:  # request and reply side by side (stacked on a narrow screen)
                # Labels, not headings: the tab's own heading is hidden once the tabs are mounted.
                cuerpos[api] = (f'<div class="red-par"><div><p class="red-rotulo">'
                                f'{html.escape(self.textos["red_peticion"])}</p>{cuerpos[api]}</div>'
                                f'<div><p class="red-rotulo">{html.escape(self.textos["red_respuesta"])}</p>'
                                f'{json_de(respuestas[api])}</div></div>')
        clave = "red_explicacion_respuesta" if respuestas else "red_explicacion_turno" if red.get("turno") \
            else "red_explicacion"
        explicacion = html.escape(self.textos[clave].format(n=red.get("turno")))
        return self._plegar(self.textos["red_plegado"], bloque,
                            self._llenar("red", nombre=red["reto"], explicacion=explicacion, **cuerpos))

    def _bloque_plegado(self, bloque, _estado):
        return self._plegar(bloque["opciones"]["resumen"], bloque, _markdown(bloque["cuerpo"]))

    def _plegar(self, resumen, bloque, contenido):
        """Reference a learner opens when they want it, its summary saying how long it takes to
        read (construir/duracion.py counts it apart from the lesson's estimate)."""
        m = duracion.minutos_plegado(bloque)
        tiempo = self.textos["plegado_duracion_uno"] if m == 1 else \
            self.textos["plegado_duracion"].format(duracion=duracion.en_texto(m, self.textos))
        return (f'<details class="plegado"><summary>{_md.renderInline(resumen)} '
                f'<span class="plegado-duracion">{html.escape(tiempo)}</span></summary>\n{contenido}</details>\n')

    def _bloque_conversacion(self, bloque, _estado):
        c = bloque["conversacion"]
        return conversacion.html_de(c["M"], c["notas"], self.textos)

    def _vecinas(self, anterior, siguiente):
        def enlace(rel, clave, m):
            texto = html.escape(self.textos[clave].format(titulo=m["titulo"]))
            return f'<a rel="{rel}" href="../{m["slug"]}/">{texto}</a>'
        enlaces = [enlace(rel, clave, m) for rel, clave, m in (("prev", "anterior", anterior),
                                                                 ("next", "siguiente", siguiente)) if m]
        return "".join(enlaces)

    def _lecturas(self, lecturas):
        if not lecturas:
            return ""
        items = "".join(f'<li><a href="{html.escape(x["url"])}" rel="noopener">{html.escape(x["titulo"])}</a></li>'
                        for x in lecturas)
        titulo = html.escape(self.textos["lectura_adicional"])
        return f'<section class="lecturas"><h2>{titulo}</h2><ul>{items}</ul></section>'

    def indice(self, curso, bloques, js):
        """The course index: each block (construir/bloques.py) as a heading and its ordered list."""
        listas, lecciones = [], []
        hecho = html.escape(self.textos["indice_bloque_hecho"])
        for k, bloque in enumerate(bloques, 1):
            items, total = [], 0
            for doc in bloque["lecciones"]:
                m, partes = doc["meta"], doc["bloques"]
                celdas = [b for b in partes if b["tipo"] == "celda"]
                preguntas = [b["pregunta"] for b in partes if b["tipo"] == "pregunta"]
                leccion = {"slug": m["slug"], "bloque": k, "titulo": m["titulo"],
                           "celdas": [id_celda(b, n) for n, b in enumerate(celdas, 1)],
                           "preguntas": [{"id": p["id"], "huella": huellas.de_pregunta(p)} for p in preguntas],
                           "retos": [b["reto"]["nombre"] for b in partes if b["tipo"] == "reto"]}
                plantillas = [huellas.de_texto(b["reto"]["plantilla"]) for b in partes if b["tipo"] == "reto"]
                lecciones.append(dict(leccion, huella=huellas.de_leccion(leccion, plantillas)))
                minutos = duracion.minutos(doc)
                total += minutos
                tiempo = html.escape(self.textos["indice_duracion"].format(
                    duracion=duracion.en_texto(minutos, self.textos)))
                items.append(f'<li data-leccion="{m["slug"]}"><a href="{m["slug"]}/">{html.escape(m["titulo"])}</a>'
                             f'<p>{_md.renderInline(m["resumen"])}</p><p class="duracion">{tiempo}</p>'
                             f'<p class="progreso"></p>'
                             f'<a class="seguir" hidden>{html.escape(self.textos["indice_seguir"])}</a></li>')
            lista = "\n".join(items)
            if bloque["titulo"] is None:
                listas.append(f'<ol class="lecciones">\n{lista}\n</ol>')
            else:
                resumen = html.escape(self.textos["indice_bloque_duracion"].format(
                    n=len(items), duracion=duracion.en_texto(total, self.textos)))
                listas.append(f'<h3 class="bloque" id="bloque-{k}">{html.escape(bloque["titulo"])}</h3>\n'
                              f'<p class="bloque-resumen">{resumen}<span class="bloque-hecho" data-bloque="{k}" '
                              f'hidden> · {hecho}</span></p>\n'
                              f'<ol class="lecciones" aria-labelledby="bloque-{k}">\n{lista}\n</ol>')
        datos = {"curso": curso["slug"], "lecciones": lecciones}
        cuerpo = self._llenar("indice", titulo=html.escape(curso["titulo"]),
                              descripcion=html.escape(curso["descripcion"]),
                              lecciones="\n".join(listas), datos=_json_en_html(datos))
        return self._pagina(curso["titulo"], cuerpo, f'<script type="module" src="{js}"></script>')

    def raiz(self, destino, titulo):
        refresco = f'<meta http-equiv="refresh" content="0; url={destino}">'
        return self._pagina(titulo, self._llenar("raiz", destino=destino), refresco)

    def no_encontrada(self, destino):
        return self._pagina(self.textos["pagina_no_encontrada"], self._llenar("404", destino=destino))


# Inside <script>, "</script" ends the island early, and "<!--" then "<script"
# keep the real "</script>" from ending it (HTML's script data states). Outside
# JSON strings there is no <, > or &, and inside them these escapes decode to the
# same text, so JSON.parse gives back exactly the data; U+2028/2029 are escaped
# for any consumer that reads the island as JavaScript rather than JSON.
_ESCAPES_ISLA = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026",
                 0x2028: "\\u2028", 0x2029: "\\u2029"}


_SIN_COLOR = re.compile(r'<span class="[wp]">([^<]*)</span>')


def _lineas(resaltado):
    """An editor's static copy (or a request's JSON), one span per line, each with its indentation
    in --sangria: on a phone (estilo.css) a wrapped line hangs under its own indentation as the
    editor's do (site/src/sangria.js), and so does the JSON's wherever it wraps (curso.css), its
    indentation in a span.sangria that never wraps; without --sangria a cell grew 42 px when its
    editor replaced the copy.
    Pygments closes its spans at each line's end, so every line is whole."""
    lineas = []
    for linea in resaltado.split("\n")[:-1]:
        n = len(_SANGRIA.match(re.sub("<[^>]*>", "", linea))[0])
        estilo = f' style="--sangria: {n}"' if n else ""
        if n:  # the indentation in a span that never wraps (estilo.css), as sangria.js marks it
            linea = _ESPACIOS.sub(lambda m: f'{m[1]}<span class="sangria">{m[2]}</span>', linea, count=1)
        lineas.append(f'<span class="linea"{estilo}>{linea}\n</span>')
    return "".join(lineas)


_SANGRIA = re.compile(" *")
_ESPACIOS = re.compile("^((?:<span[^>]*>)*)( +)")


def _linea_final(codigo):
    """The empty last line an editor shows after a final newline, which a <pre> drops: without
    it, a challenge's box grew 21 px when its editor replaced the static copy."""
    return "\n" if codigo.endswith("\n") else ""


def _json_en_html(datos):
    return json.dumps(datos, ensure_ascii=False).translate(_ESCAPES_ISLA)
