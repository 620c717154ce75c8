"""The class's progress as one static page in Spanish (calificar.py --progreso --html): totals
first, then the files set aside and why, then a table per lesson, question and challenge, and
one row per learner. It reads at 200 learners: every figure is in a table cell, with a bar drawn
by CSS where a share matters. No script, no external file: it opens from disk or an e-mail.
Every name (a file's, a lesson's, an answer a learner typed) is escaped, control and bidi
characters too (lote.visible). Standard library only, like calificar.py.
"""
from html import escape

from lote import escribe_de_golpe, porcentaje, visible
from lote_html import ESTILO

ESTILO_PROGRESO = ESTILO + """
body { max-width: 75rem; }
.tabla { overflow-x: auto; }
.sr { position: absolute; left: -9999px; }
td.nombre { overflow-wrap: anywhere; min-width: 8rem; }
.totales { display: flex; flex-wrap: wrap; gap: .5rem 2rem; padding: 0; list-style: none; }
.totales strong { font-size: 1.4rem; display: block; }
"""


def _e(texto):
    return escape(visible(texto), quote=True)


def _barra(parte, total):
    ancho = 100 * parte / total if total else 0
    return '<span class="barra" aria-hidden="true"><span style="width: %.1f%%"></span></span>' % ancho


def _media(xs):
    return ("%.1f" % (sum(xs) / len(xs))).replace(".", ",") if xs else "—"


def _tabla(cabeceras, filas, titulo):
    """A table with its caption; cabeceras: [(text, numeric?)]."""
    cab = "".join('<th scope="col"%s>%s</th>' % (' class="num"' if num else "", t) for t, num in cabeceras)
    celda = '<td class="%s">%s</td>'
    cuerpo = "".join("<tr>%s</tr>" % "".join(celda % ("num" if num else "nombre", c)
                                             for c, (_, num) in zip(fila, cabeceras)) for fila in filas)
    # A narrow screen scrolls the table sideways: the keyboard reaches it too (tabindex).
    return ('<div class="tabla" tabindex="0" role="region" aria-label="%s"><table><caption class="sr">%s</caption>'
            "<thead><tr>%s</tr></thead><tbody>%s</tbody></table></div>" % (titulo, titulo, cab, cuerpo))


def pagina(clase):
    t, c = clase.totales(), len(clase.contados())
    curso = _e(clase.curso["curso"])
    partes = ["<h1>Progreso de la clase en «%s»</h1>" % curso, '<h2 id="resumen">Resumen</h2><ul class="totales">']
    for n, que in ((t["ficheros"], "ficheros"), (t["contados"], "cuentan"), (t["apartados"], "apartados"),
                   (t["lecciones"], "lecciones"), (t["preguntas"], "preguntas"), (t["retos"], "retos")):
        partes.append("<li><strong>%d</strong> %s</li>" % (n, que))
    partes.append("</ul><p>Cada alumno es un fichero de progreso exportado desde el índice del curso; su nombre "
                  "es el del fichero. Lo que se aparta no cuenta, ni como fallo.</p>")

    apartados = clase.apartados()
    if apartados:
        partes.append('<h2 id="apartados">Ficheros apartados</h2><ul class="problemas">')
        partes.extend("<li><strong>%s</strong>: %s</li>" % (_e(r), _e(por)) for r, por in apartados)
        partes.append("</ul>")

    partes.append('<h2 id="lecciones">Lecciones</h2><p>Cuántos alumnos, de los %d que cuentan, '
                  "han empezado y terminado cada lección (todas sus celdas ejecutadas, sus preguntas "
                  "acertadas y sus retos superados).</p>" % c)
    partes.append(_tabla([("Lección", False), ("Empezada", True), ("Terminada", True), ("Terminada, %", True),
                          ("Gráfica", False), ("Apartada", True)],
                         [(_e(x.get("titulo", x["slug"])), e, n, porcentaje(n, c), _barra(n, c), ap)
                          for x, e, n, ap in clase.por_leccion()], "Lecciones"))

    partes.append('<h2 id="preguntas">Preguntas</h2><p>De quienes respondieron cada pregunta, cuántos '
                  "acertaron a la primera (de aquellos cuyo primer intento consta), y la respuesta "
                  "incorrecta que más alumnos eligieron alguna vez.</p>")
    partes.append(_tabla([("Lección", False), ("Pregunta", False), ("Respondida", True), ("A la primera", True),
                          ("A la primera, %", True), ("Gráfica", False), ("Incorrecta más elegida", False)],
                         [(_e(x.get("titulo", x["slug"])), _e(pid), n, "%d de %d" % (bien, conocidas),
                           porcentaje(bien, conocidas), _barra(bien, conocidas),
                           "%s (%d)" % (_e(mal[0]), mal[1]) if mal else "—")
                          for x, pid, n, conocidas, bien, mal in clase.por_pregunta()], "Preguntas"))

    partes.append('<h2 id="retos">Retos</h2><p>Quiénes lo intentaron y quiénes lo superaron; de estos, '
                  "cuántas veces fallaron Comprobar y cuántas pistas abrieron antes de superarlo.</p>")
    partes.append(_tabla([("Reto", False), ("Intentado", True), ("Superado", True), ("Comprobar fallidos, media", True),
                          ("Máximo", True), ("Pistas, media", True), ("Máximo", True)],
                         [(_e(nombre), n, p, _media(f), max(f, default="—"), _media(pi), max(pi, default="—"))
                          for x, nombre, n, p, f, pi in clase.por_reto()], "Retos"))

    partes.append('<h2 id="alumnos">Alumnos</h2><p>Por nombre. «Sin dato»: una exportación anterior no '
                  "guardaba el primer intento, ni los fallos de Comprobar de un reto ya superado.</p>")
    filas = []
    for a in sorted(clase.alumnos, key=lambda a: a.nombre):
        if not a.cuenta:
            filas.append((_e(a.nombre), *["—"] * 6, "apartado (arriba, por qué)"))
            continue
        f = clase.fila(a)
        sin = lambda n: " (sin dato: %d)" % n if n else ""  # noqa: E731
        filas.append((_e(a.nombre), "%d de %d" % (f["empezadas"], t["lecciones"]),
                      "%d de %d" % (f["terminadas"], t["lecciones"]), "%d de %d" % (f["retos"], t["retos"]),
                      "%d de %d%s" % (f["a_la_primera"], f["respondidas"], sin(f["sin_dato"])),
                      f["pistas"], "%d%s" % (f["fallos"], sin(f["fallos_sin_dato"])),
                      _e(f["ultima"][:16].replace("T", " "))))
    partes.append(_tabla([("Alumno", False), ("Lecciones empezadas", True), ("Terminadas", True),
                          ("Retos superados", True),
                          ("Preguntas a la primera", True), ("Pistas", True), ("Comprobar fallidos", True),
                          ("Última actividad (UTC)", True)], filas, "Alumnos"))
    return ('<!DOCTYPE html>\n<html lang="es"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Progreso de la clase en «%s»</title><style>%s</style></head><body><main>%s</main></body></html>\n"
            % (curso, ESTILO_PROGRESO, "\n".join(partes)))


def escribe(clase, ruta):
    escribe_de_golpe(ruta, lambda f: f.write(pagina(clase)), encoding="utf-8")
