"""What the tests of the build's authoring errors share: a lesson to break, the schema's validator,
and the check on what messages name."""
import re
from pathlib import Path

from construir.validar import cargar_validador

RAIZ = Path(__file__).resolve().parents[2]

VALIDADOR = cargar_validador(RAIZ / "lessons" / "leccion.schema.json")  # the one build.py loads
CURSO = RAIZ / "lessons" / "llm-agents"
# The broken lesson's path, as build.py names it when run from a folder holding lessons/.
RUTA = "lessons/llm-agents/rota.md"
CABECERA = "---\ntitulo: Lección rota\nslug: rota\norden: 99\nresumen: Una lección con un error a propósito.\n---\n\nTexto.\n\n"
LECTURAS = CABECERA.replace("---\n\n", "lecturas:\n  - titulo: Uno\n    url: https://example.org/uno\n"
                                      "  - titulo: Dos\n    url: http://example.org/dos\n---\n\n")
# The keys of the dict leer.py builds. The author wrote a front matter, directives and their
# bodies: a message names those, never "meta", "bloques", "codigo", "cuerpo" or "opciones".
CLAVES_DEL_DICT = re.compile(r"«(meta|bloques|codigo|cuerpo|opciones)»|\b(meta|bloques)\b")


def claves_del_dict(problemas):
    """The problems that name a key of the parsed dict instead of what the author wrote."""
    return [p for p in problemas if CLAVES_DEL_DICT.search(p)]

