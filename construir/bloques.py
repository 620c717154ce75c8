"""The course index's blocks: `bloques` in curso.yaml, each a title and its lessons' slugs.

    bloques:
      - titulo: Herramientas
        lecciones: [llamar-herramientas, el-bucle]

They are in curso.yaml rather than in a `bloque:` key of each lesson: the course's outline
is then read in one place, in order; a block's title is written once (in each lesson, a typo
would quietly open a new block); and only slugs can be mistyped, which the build catches.

With `bloques`, every lesson is in exactly one block, and the blocks list the lessons in the
order of their `orden`, which also orders the previous/next links: the index and those links
walk the course the same way. Without `bloques`, the index is one untitled list, by `orden`.
A lesson that failed to read is only looked up by its file, so its own error is the one shown.
"""
import yaml

from .errores import ErrorDeConstruccion, problema


def agrupar(ruta, texto, docs, existentes):
    """[{"titulo": str or None, "lecciones": [doc, ...]}] for the course's lessons `docs` (sorted
    by orden); `existentes`, the slugs of every lesson file. ErrorDeConstruccion at ruta:line."""
    raiz = yaml.compose(texto)
    nodos = {c.value: (c, v) for c, v in raiz.value} if isinstance(raiz, yaml.MappingNode) else {}
    if "bloques" not in nodos:
        return [{"titulo": None, "lecciones": list(docs)}]
    por_slug = {d["meta"]["slug"]: d for d in docs}
    def linea(nodo):
        return nodo.start_mark.line + 1
    clave, nodo = nodos["bloques"]
    if not isinstance(nodo, yaml.SequenceNode) or not nodo.value:
        raise ErrorDeConstruccion([problema(ruta, linea(clave), "«bloques» debe ser una lista de bloques, "
                                                               "cada uno con «titulo» y «lecciones»")])
    bloques, problemas, donde, lineas = [], [], {}, {}
    for n, entrada in enumerate(nodo.value, 1):
        campos = {c.value: v for c, v in entrada.value} if isinstance(entrada, yaml.MappingNode) else {}
        titulo, lista = campos.get("titulo"), campos.get("lecciones")
        if (set(campos) != {"titulo", "lecciones"} or not isinstance(titulo, yaml.ScalarNode) or not titulo.value
                or not isinstance(lista, yaml.SequenceNode) or not lista.value
                or not all(isinstance(s, yaml.ScalarNode) for s in lista.value)):
            problemas.append(problema(ruta, linea(entrada), f"el bloque {n} debe tener solo «titulo» (un texto) "
                                                            "y «lecciones» (una lista de slugs, no vacía)"))
            continue
        bloque = {"titulo": titulo.value, "lecciones": []}
        for s in lista.value:
            if s.value in donde:
                problemas.append(problema(ruta, linea(s), f"«{s.value}» ya está en el bloque «{donde[s.value]}»; "
                                                          "cada lección va en un solo bloque"))
            elif s.value not in existentes:
                problemas.append(problema(ruta, linea(s), f"el bloque «{bloque['titulo']}» nombra «{s.value}», "
                                                          f"que no es ninguna lección del curso (falta {s.value}.md)"))
            elif s.value in por_slug:
                bloque["lecciones"].append(por_slug[s.value])
            donde.setdefault(s.value, bloque["titulo"])
            lineas.setdefault(s.value, linea(s))
        bloques.append(bloque)
    for d in docs if not problemas else []:  # after a malformed block, its lessons would show up here
        if d["meta"]["slug"] not in donde:
            problemas.append(problema(ruta, linea(clave), f"la lección «{d['meta']['slug']}» no está en ningún "
                                                         "bloque: añádela a la lista «lecciones» de uno"))
    if not problemas:
        problemas = _orden(ruta, bloques, lineas)
    if problemas:
        raise ErrorDeConstruccion(problemas)
    return bloques


def _orden(ruta, bloques, lineas):
    """The blocks, read in sequence, must give the lessons in the order of their `orden`."""
    seguidas = [d for b in bloques for d in b["lecciones"]]
    for antes, despues in zip(seguidas, seguidas[1:]):
        a, b = antes["meta"], despues["meta"]
        if a["orden"] > b["orden"]:
            return [problema(ruta, lineas[b["slug"]],
                             f"«{b['slug']}» (orden {b['orden']}) va después de «{a['slug']}» (orden {a['orden']}) "
                             "en los bloques, que deben seguir el «orden» de las lecciones, el de sus enlaces "
                             "anterior y siguiente: cambia uno de los dos")]
    return []
