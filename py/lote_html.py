"""The HTML report of a batch (calificar.py --html): one static, self-contained page in Spanish.

Read at 200 submissions, the class's result and its problems come first: the summary of
lote.Lote, then the submissions that could not be graded, read or run, one line and one message
each; then a bar chart of each test's pass rate over the graded submissions (a table whose bars
are drawn by CSS, so that a screen reader reads the same figures), the score distribution, a
table of every submission sorted (incidences, then failing from the lowest score, then full
scores), a section for each failing submission with every failed test's message and what the
code printed, and one line for each full score. Names are shown with their control and bidi
characters escaped (lote.visible). No script, no external file: it opens from disk.
Standard library only, like calificar.py.
"""
from html import escape

from lote import escribe_de_golpe, porcentaje, visible

ESTILO = """
:root { color-scheme: light; --tinta: #1a1a1a; --suave: #4a4a4a; --linea: #c8c8c8; --barra: #1f5fa8;
        --fondo-barra: #e6e6e6; --mal: #a4161a; --bien: #1b6b2f; }
body { font: 16px/1.5 system-ui, sans-serif; color: var(--tinta); background: #fff; margin: 0 auto;
       max-width: 60rem; padding: 1rem 1.5rem 4rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.3rem; margin-top: 2.5rem; } h3 { font-size: 1.1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--linea); vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.barra { display: block; height: .9rem; background: var(--fondo-barra); min-width: 8rem; }
.barra span { display: block; height: 100%; background: var(--barra); }
.mal { color: var(--mal); } .bien { color: var(--bien); }
section.entrega { border-top: 2px solid var(--linea); margin-top: 1.5rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: .5rem;
      font-size: .9rem; margin: .3rem 0 .8rem; }
a { color: #0b4f9c; }
ul.problemas li { margin: .2rem 0; overflow-wrap: anywhere; }
"""


def _e(texto):
    return escape(str(texto), quote=True)


def _barra(parte, total):
    ancho = 100 * parte / total if total else 0
    return '<span class="barra" aria-hidden="true"><span style="width: %.1f%%"></span></span>' % ancho


def _n(nombre):
    """A file's or a test's name in the page: control and bidi characters escaped, then HTML."""
    return _e(visible(nombre))


def _grupo(informe, inc):
    """0: could not be graded, read or run (an incidence); 1: fails some test; 2: full score."""
    return 0 if inc else 1 if informe["score"] < informe["max_score"] else 2


def _primera_linea(texto, tope=200):
    linea = str(texto).strip().split("\n")[0]
    return linea if len(linea) <= tope else linea[:tope - 1] + "…"


def pagina(lote):
    n, c, partes = len(lote.entregas), len(lote.calificadas()), []
    # Problems first, then the failing ones from the lowest score, then the full scores; by name among equals.
    orden = sorted(range(n), key=lambda i: (_grupo(*lote.entregas[i]), lote.entregas[i][0]["score"],
                                            str(lote.entregas[i][0]["entrega"])))
    grupos = {g: [i for i in orden if _grupo(*lote.entregas[i]) == g] for g in (0, 1, 2)}
    partes.append("<h1>Calificación del reto %s</h1>" % _e(lote.reto))
    partes.append('<h2 id="resumen">Resumen</h2><ul>')
    partes.append("<li>%d %s%s, cada una sobre %d %s.</li>" % (
        n, "entrega" if n == 1 else "entregas", "" if c == n else " (%d calificadas)" % c,
        lote.maximo, "prueba" if lote.maximo == 1 else "pruebas"))
    partes.append("<li>Lo aprueban todo: %d (%s%s).</li>" % (
        lote.aprobadas(), porcentaje(lote.aprobadas(), c), "" if c == n else " de las calificadas"))
    partes.append("<li>Fallan alguna prueba: %d. Con incidencias: %d.</li>" % (len(grupos[1]), len(grupos[0])))
    incidencias = lote.incidencias()
    partes.append("<li>Incidencias: %s.</li>" % (
        ", ".join("%d %s" % (k, _e(e)) for e, k in incidencias.items()) if incidencias else "ninguna"))
    partes.append("</ul>")

    if grupos[0]:
        partes.append('<h2 id="problemas">Entregas con incidencias</h2>')
        partes.append("<p>No se pudieron calificar, leer o ejecutar: un mensaje por entrega.</p>"
                      "<ul class=\"problemas\">")
        for i in grupos[0]:
            informe, inc = lote.entregas[i]
            partes.append('<li id="entrega-%d"><strong>%s</strong> · <span class="mal">%s</span>: %s</li>' % (
                i + 1, _n(informe["entrega"]), _e(inc[0]), _e(visible(_primera_linea(inc[1])))))
        partes.append("</ul>")

    partes.append('<h2 id="pruebas">Qué pruebas pasan</h2>')
    partes.append("<p>De la prueba que menos entregas pasan a la que más, entre las %d calificadas: donde más "
                  "fallan, quizá la lección no quedó clara.</p>" % c)
    partes.append('<table><thead><tr><th scope="col">Prueba</th><th scope="col" class="num">Pasan</th>'
                  '<th scope="col" class="num">Cuántas, de %d</th><th scope="col">Gráfica</th></tr></thead><tbody>' % c)
    for nombre, pasan in lote.por_prueba():
        partes.append('<tr><td>%s</td><td class="num">%s</td><td class="num">%d</td><td>%s</td></tr>' % (
            _n(nombre), porcentaje(pasan, c), pasan, _barra(pasan, c)))
    partes.append("</tbody></table>")

    partes.append('<h2 id="notas">Notas</h2>')
    partes.append("<p>Cuántas entregas calificadas sacan cada nota (las notas que nadie saca no salen).</p>")
    partes.append('<table><thead><tr><th scope="col" class="num">Nota</th><th scope="col" class="num">'
                  'Entregas</th><th scope="col">Gráfica</th></tr></thead><tbody>')
    mayor = max([k for _, k in lote.distribucion()] + [1])
    for nota, cuantas in lote.distribucion():
        partes.append('<tr><td class="num">%d de %d</td><td class="num">%d</td><td>%s</td></tr>' % (
            nota, lote.maximo, cuantas, _barra(cuantas, mayor)))
    partes.append("</tbody></table>")

    partes.append('<h2 id="entregas">Entregas</h2>')
    partes.append("<p>Primero las que tienen incidencias, luego las que fallan alguna prueba, de la nota "
                  "más baja a la más alta, y al final las que lo aprueban todo.</p>")
    partes.append('<table><thead><tr><th scope="col">Entrega</th><th scope="col" class="num">Nota</th>'
                  '<th scope="col">Incidencia</th></tr></thead><tbody>')
    for i in orden:
        informe, inc = lote.entregas[i]
        partes.append('<tr><td><a href="#entrega-%d">%s</a></td><td class="num">%d de %d</td><td>%s</td></tr>' % (
            i + 1, _n(informe["entrega"]), informe["score"], informe["max_score"], _e(inc[0]) if inc else ""))
    partes.append("</tbody></table>")

    if grupos[1]:
        partes.append('<h2 id="fallan">Entregas que fallan alguna prueba</h2>')
        partes.extend(_seccion(i + 1, *lote.entregas[i]) for i in grupos[1])
    if grupos[2]:
        partes.append('<h2 id="todo">Entregas que lo aprueban todo</h2><ul>')
        partes.extend('<li id="entrega-%d">%s: %d de %d</li>' % (
            i + 1, _n(lote.entregas[i][0]["entrega"]), lote.entregas[i][0]["score"], lote.entregas[i][0]["max_score"])
            for i in grupos[2])
        partes.append("</ul>")
    return ('<!DOCTYPE html>\n<html lang="es"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Calificación del reto %s</title><style>%s</style></head><body><main>%s</main></body></html>\n"
            % (_e(lote.reto), ESTILO, "\n".join(partes)))


def _seccion(i, informe, inc):
    fallos = [t for t in informe["tests"] if t["status"] == "failed"]
    partes = ['<section class="entrega" id="entrega-%d" aria-labelledby="titulo-%d">' % (i, i),
              '<h3 id="titulo-%d">%s</h3>' % (i, _n(informe["entrega"])),
              "<p>Nota: %d de %d.</p>" % (informe["score"], informe["max_score"]),
              "<p>Falla %s:</p><ul>" % ("1 prueba" if len(fallos) == 1 else "%d pruebas" % len(fallos))]
    for t in fallos:
        partes.append("<li><strong>%s</strong><pre>%s</pre></li>" % (_n(t["name"]), _e(t["output"])))
    partes.append("</ul>")
    if informe.get("output"):
        partes.append("<details><summary>Lo que dice el informe de la entrega en conjunto</summary>"
                      "<pre>%s</pre></details>" % _e(informe["output"]))
    partes.append("</section>")
    return "\n".join(partes)


def escribe(lote, ruta):
    escribe_de_golpe(ruta, lambda f: f.write(pagina(lote)), encoding="utf-8")
