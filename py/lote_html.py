"""The HTML report of a batch (calificar.py --html): one static, self-contained page in Spanish.

It holds the summary of lote.Lote, a bar chart of each test's pass rate (a table whose bars are
drawn by CSS, so that a screen reader reads the same figures), a table of every submission, and
each submission's section: its score, what went wrong with it as a whole, and every failed test
with its message, then what the code printed. No script, no external file: it opens from disk.
Standard library only, like calificar.py.
"""
from html import escape

from lote import escribe_de_golpe, porcentaje

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
"""


def _e(texto):
    return escape(str(texto), quote=True)


def _barra(parte, total):
    ancho = 100 * parte / total if total else 0
    return '<span class="barra" aria-hidden="true"><span style="width: %.1f%%"></span></span>' % ancho


def pagina(lote):
    n, partes = len(lote.entregas), []
    partes.append("<h1>Calificación del reto %s</h1>" % _e(lote.reto))
    partes.append('<h2 id="resumen">Resumen</h2><ul>')
    partes.append("<li>%d %s, cada una sobre %d %s.</li>" % (
        n, "entrega" if n == 1 else "entregas", lote.maximo, "prueba" if lote.maximo == 1 else "pruebas"))
    partes.append("<li>Lo aprueban todo: %d (%s).</li>" % (lote.aprobadas(), porcentaje(lote.aprobadas(), n)))
    incidencias = lote.incidencias()
    partes.append("<li>Incidencias: %s.</li>" % (
        ", ".join("%d %s" % (c, _e(e)) for e, c in incidencias.items()) if incidencias else "ninguna"))
    partes.append("</ul>")

    partes.append('<h2 id="pruebas">Qué pruebas pasan</h2>')
    partes.append("<p>De la prueba que menos entregas pasan a la que más: donde más fallan, quizá la "
                  "lección no quedó clara.</p>")
    partes.append('<table><thead><tr><th scope="col">Prueba</th><th scope="col" class="num">Pasan</th>'
                  '<th scope="col" class="num">Cuántas, de %d</th><th scope="col">Gráfica</th></tr></thead><tbody>' % n)
    for nombre, pasan in lote.por_prueba():
        partes.append('<tr><td>%s</td><td class="num">%s</td><td class="num">%d</td><td>%s</td></tr>' % (
            _e(nombre), porcentaje(pasan, n), pasan, _barra(pasan, n)))
    partes.append("</tbody></table>")

    partes.append('<h2 id="notas">Notas</h2>')
    partes.append("<p>Cuántas entregas sacan cada nota (las notas que nadie saca no salen).</p>")
    partes.append('<table><thead><tr><th scope="col" class="num">Nota</th><th scope="col" class="num">'
                  'Entregas</th><th scope="col">Gráfica</th></tr></thead><tbody>')
    mayor = max([c for _, c in lote.distribucion()] + [1])
    for nota, cuantas in lote.distribucion():
        partes.append('<tr><td class="num">%d de %d</td><td class="num">%d</td><td>%s</td></tr>' % (
            nota, lote.maximo, cuantas, _barra(cuantas, mayor)))
    partes.append("</tbody></table>")

    partes.append('<h2 id="entregas">Entregas</h2>')
    partes.append('<table><thead><tr><th scope="col">Entrega</th><th scope="col" class="num">Nota</th>'
                  '<th scope="col">Incidencia</th></tr></thead><tbody>')
    for i, (informe, inc) in enumerate(lote.entregas):
        partes.append('<tr><td><a href="#entrega-%d">%s</a></td><td class="num">%d de %d</td><td>%s</td></tr>' % (
            i + 1, _e(informe["entrega"]), informe["score"], informe["max_score"], _e(inc[0]) if inc else ""))
    partes.append("</tbody></table>")

    for i, (informe, inc) in enumerate(lote.entregas):
        partes.append(_seccion(i + 1, informe, inc))
    return ('<!DOCTYPE html>\n<html lang="es"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Calificación del reto %s</title><style>%s</style></head><body><main>%s</main></body></html>\n"
            % (_e(lote.reto), ESTILO, "\n".join(partes)))


def _seccion(i, informe, inc):
    fallos = [t for t in informe["tests"] if t["status"] == "failed"]
    partes = ['<section class="entrega" id="entrega-%d" aria-labelledby="titulo-%d">' % (i, i),
              '<h3 id="titulo-%d">%s</h3>' % (i, _e(informe["entrega"])),
              "<p>Nota: %d de %d.%s</p>" % (informe["score"], informe["max_score"],
                                           ' <strong class="mal">%s.</strong>' % _e(inc[0].capitalize())
                                           if inc else "")]
    if not fallos:
        partes.append('<p class="bien">Pasa todas las pruebas.</p>')
    else:
        partes.append("<p>Falla %s:</p><ul>" % ("1 prueba" if len(fallos) == 1 else "%d pruebas" % len(fallos)))
        for t in fallos:
            partes.append("<li><strong>%s</strong><pre>%s</pre></li>" % (_e(t["name"]), _e(t["output"])))
        partes.append("</ul>")
    if informe.get("output"):
        partes.append("<details><summary>Lo que dice el informe de la entrega en conjunto</summary>"
                      "<pre>%s</pre></details>" % _e(informe["output"]))
    partes.append("</section>")
    return "\n".join(partes)


def escribe(lote, ruta):
    escribe_de_golpe(ruta, lambda f: f.write(pagina(lote)), encoding="utf-8")
