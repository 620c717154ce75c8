"""The docs say what the code does: README.md and docs/*.md, checked against the repository.

- every `make X` they write names a target of the Makefile, and every phony target is named;
- every command-line flag they give a script is one that script reads (its argparse
  definitions, or the flags a bench .mjs looks for), a flag written on its own belongs to one of
  them or to another tool in AJENAS, and every flag of each script is named somewhere;
- every repository path they name, in backticks, in a code block or as a link, exists: paths
  in backticks are relative to the repository's root (`<name>` and `*` match any name), links
  relative to the doc, and a link's #anchor is a heading of its target;
- every name they place in a file («`name` in `py/x.py`», «of», «`py/x.py`'s `name`») is in it;
- every ```python block is an example, marked <!-- example --> just before it, that runs as
  written (from the root, with tests/py/comun.py's open_url standing in for the page's) and
  prints exactly the ```text block marked <!-- output --> right after it, or nothing;
- every ```markdown block marked <!-- lesson --> is a lesson that construir/ reads and
  validates without a problem, questions included;
- the README stays a front page: at most 100 lines.
"""
import ast
import contextlib
import difflib
import fnmatch
import io
import os
import re
import sys
import unicodedata
from pathlib import Path

import pytest

from comun import instala_open_url

RAIZ = Path(__file__).resolve().parent.parent.parent
DOCS = [RAIZ / "README.md", *sorted((RAIZ / "docs").glob("*.md"))]
# Made by `make setup`, `make build` or `make autograder`, or by the tools: not in a checkout.
GENERADAS = {"dist", "dist-autograder", ".cache", ".venv", "node_modules", ".git", ".ruff_cache",
             "__pycache__", "test-results"}
# File names the docs give that are no file of this repository: Gradescope's report, and the
# npm package's Pyodide files (node_modules/pyodide/, also in dist/pyodide/ and the runtime folder).
FUERA_DEL_REPOSITORIO = {"results.json", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                         "pyodide-lock.json", "python_stdlib.zip"}
EXTENSIONES = (".py", ".mjs", ".js", ".json", ".yaml", ".md", ".toml", ".html", ".css", ".sh", ".salida")
# The scripts whose flags the docs give, by how a command line names them.
SCRIPTS = {"py/calificar.py": "calificar.py", "build.py": "build.py", "serve.py": "serve.py",
           "bench/calificar.py": "bench/calificar.py", "bench/startup.mjs": "bench/startup.mjs",
           "bench/comprobar.mjs": "bench/comprobar.mjs", "bench/conversacion.mjs": "bench/conversacion.mjs",
           "construir/autograder.py": "construir.autograder", "preview.py": "preview.py",
           "bench/vista_previa.py": "bench/vista_previa.py"}
# Flags of other tools that the docs name on their own: node's test runner, V8's, bubblewrap's,
# Chromium's.
AJENAS = {"--test", "--test-name-pattern", "--test-concurrency", "--liftoff-only", "--no-opt",
          "--max-old-space-size", "--die-with-parent", "--wasm-caching-threshold"}


def _texto(doc):
    return doc.read_text(encoding="utf-8")


def _nombre(doc):
    return doc.relative_to(RAIZ).as_posix()


def _bloques(texto):
    """(info, content, the line just before the fence) of each fenced block."""
    bloques, lineas, i = [], texto.split("\n"), 0
    while i < len(lineas):
        m = re.match(r"^ {0,3}(`{3,}|~{3,})(.*)$", lineas[i])
        if not m:
            i += 1
            continue
        valla, info, fin = m.group(1), m.group(2).strip(), i + 1
        while fin < len(lineas) and not re.match(r"^ {0,3}%s%s*\s*$" % (re.escape(valla), valla[0]), lineas[fin]):
            fin += 1
        previa = next((lineas[k].strip() for k in range(i - 1, -1, -1) if lineas[k].strip()), "")
        bloques.append((info, "\n".join(lineas[i + 1:fin]) + "\n", previa))
        i = fin + 1
    return bloques


def _prosa(texto):
    """The text outside fenced blocks."""
    fuera, lineas, i = [], texto.split("\n"), 0
    while i < len(lineas):
        m = re.match(r"^ {0,3}(`{3,}|~{3,})", lineas[i])
        if m:
            valla = m.group(1)
            i += 1
            while i < len(lineas) and not re.match(r"^ {0,3}%s%s*\s*$" % (re.escape(valla), valla[0]), lineas[i]):
                i += 1
        else:
            fuera.append(lineas[i])
        i += 1
    return "\n".join(fuera)


def _spans(texto):
    """The inline code spans of the text outside fenced blocks."""
    return [m.group(2).strip() for m in re.finditer(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", _prosa(texto), re.S)]


def _codigo(texto):
    """Every piece of code a doc writes: each inline code span, and each line of each fenced block."""
    piezas = _spans(texto)
    for _, contenido, _ in _bloques(texto):
        piezas += contenido.split("\n")
    return [p.strip() for p in piezas]


# --- make targets ------------------------------------------------------------------------------

def _objetivos():
    texto = (RAIZ / "Makefile").read_text(encoding="utf-8")
    objetivos = set(re.findall(r"^([A-Za-z0-9][\w-]*)\s*:(?!=)", texto, re.M))
    falsos = set(re.search(r"^\.PHONY:(.*)$", texto, re.M).group(1).split())
    return objetivos, falsos


def _make_de(doc):
    return {m.group(1) for p in _codigo(_texto(doc)) for m in re.finditer(r"(?:^|[\s(`])make ([a-z][\w-]*)", " " + p)}


@pytest.mark.parametrize("doc", DOCS, ids=_nombre)
def test_every_make_target_named_exists(doc):
    objetivos, _ = _objetivos()
    assert _make_de(doc) - objetivos == set(), "no such target in the Makefile"


def test_every_phony_target_is_named_in_the_docs():
    _, falsos = _objetivos()
    nombrados = set().union(*(_make_de(d) for d in DOCS))
    assert falsos - nombrados == set()


# --- command-line flags -------------------------------------------------------------------------

def _flags_de(ruta):
    """The flags a script reads: its argparse add_argument calls, or a .mjs's "--x" literals."""
    fuente = (RAIZ / ruta).read_text(encoding="utf-8")
    if ruta.endswith(".mjs"):  # const x = opcion("--x", ...), args.includes("--x")
        return set(re.findall(r"""(?:opcion|includes|indexOf)\(\s*["'](--[a-z][\w-]*)["']""", fuente))
    flags = {"-h", "--help"}
    for nodo in ast.walk(ast.parse(fuente)):
        if isinstance(nodo, ast.Call) and getattr(nodo.func, "attr", None) == "add_argument":
            flags |= {a.value for a in nodo.args if isinstance(a, ast.Constant) and str(a.value).startswith("-")}
    return flags


FLAGS = {ruta: _flags_de(ruta) for ruta in SCRIPTS}


def _flags_en_ordenes(texto):
    """[(script, flag)] of every command line that runs one of SCRIPTS, flags after its name."""
    vistos = []
    for pieza in _codigo(texto):
        script = None
        for ficha in pieza.split():
            if ficha in ("#", "|", ";", "&&", ">", "--") or ficha.startswith("#"):
                script = None
                continue
            limpia = ficha.strip("`[]()'\",")
            nuevo = next((r for r, nombre in SCRIPTS.items()
                          if limpia == nombre or limpia.endswith("/" + r) or limpia == r), None)
            if nuevo:
                script = nuevo
            elif script and re.match(r"^--?[a-zA-Z][\w-]*", limpia):
                vistos.append((script, re.match(r"^--?[a-zA-Z][\w-]*", limpia).group(0)))
    return vistos


def _flags_sueltas(texto):
    """Flags written on their own, each at the start of a code span: `--semilla N`, `-j 2`."""
    return {m.group(1) for m in (re.match(r"(--?[a-zA-Z][\w-]*)(?:$|[\s=,])", s) for s in _spans(texto)) if m}


@pytest.mark.parametrize("doc", DOCS, ids=_nombre)
def test_every_flag_given_to_a_script_is_one_it_reads(doc):
    texto = _texto(doc)
    malas = [(s, f) for s, f in _flags_en_ordenes(texto) if f not in FLAGS[s]]
    assert malas == [], "flags that these scripts do not read"
    todas = set().union(*FLAGS.values()) | AJENAS
    assert _flags_sueltas(texto) - todas == set(), "flags that no script reads"


def test_every_flag_of_every_script_is_named_in_the_docs():
    texto = "\n".join(_texto(d) for d in DOCS)
    nombradas = {f for _, f in _flags_en_ordenes(texto)} | _flags_sueltas(texto)
    faltan = {(s, f) for s, flags in FLAGS.items() for f in flags - {"-h"} if f not in nombradas}
    assert faltan == set()


def test_calificar_py_options_are_all_in_docs_calificar_md():
    texto = _texto(RAIZ / "docs" / "calificar.md")
    faltan = [f for f in sorted(FLAGS["py/calificar.py"] - {"-h"}) if not re.search(r"`%s\b" % re.escape(f), texto)]
    assert faltan == []


# --- paths and links ----------------------------------------------------------------------------

def _archivos():
    """Every file and folder of the repository, relative to its root, but what GENERADAS holds."""
    todos = set()
    for carpeta, subcarpetas, archivos in os.walk(RAIZ):
        subcarpetas[:] = [s for s in subcarpetas if s not in GENERADAS and not s.startswith("dist.")]
        rel = Path(carpeta).relative_to(RAIZ).as_posix()
        for nombre in subcarpetas + archivos:
            todos.add(nombre if rel == "." else rel + "/" + nombre)
    return todos


ARCHIVOS = _archivos()
NOMBRES = {a.rsplit("/", 1)[-1] for a in ARCHIVOS}
PRIMEROS = {a for a in ARCHIVOS if "/" not in a}


def _existe(ruta):
    patron = re.sub(r"<[^>/]+>", "*", ruta.rstrip("/"))
    if "*" not in patron:
        return patron in ARCHIVOS
    return any(fnmatch.fnmatchcase(a, patron) and a.count("/") == patron.count("/") for a in ARCHIVOS)


def _rutas(texto):
    """Every repository path a doc names: each token of code that starts at a folder or file of
    the root (`py/`, `lessons/llm-agents/curso.yaml`, in a span or a command line), and each code
    span that is a bare file name (`juez.py`)."""
    rutas = set()
    for pieza in _codigo(texto):
        for ficha in re.split(r"[\s=]+", pieza):
            ficha = ficha.strip("`'\"(),;").rstrip(".:")
            if re.fullmatch(r"[\w.<>*-]+(/[\w.<>*-]*)+", ficha) and ficha.split("/")[0] in PRIMEROS | GENERADAS:
                rutas.add(ficha)
    rutas |= {s for s in _spans(texto) if re.fullmatch(r"[\w<>*][\w.<>*-]*", s) and s.endswith(EXTENSIONES)}
    return rutas


def _falta(ruta):
    if ruta.split("/")[0] in GENERADAS:
        return False
    if "/" in ruta:
        return not _existe(ruta)
    patron = re.sub(r"<[^>]+>", "*", ruta)
    return ruta not in FUERA_DEL_REPOSITORIO and not any(fnmatch.fnmatchcase(n, patron) for n in NOMBRES)


@pytest.mark.parametrize("doc", DOCS, ids=_nombre)
def test_every_repository_path_named_exists(doc):
    faltan = sorted(r for r in _rutas(_texto(doc)) if _falta(r))
    assert faltan == [], "no such file or folder (paths in backticks are relative to the root)"


# A name the docs place in a file: «`name` in `file`», «`name` of `file`» or «`file`'s `name`».
_NOMBRE = r"`([A-Za-z_][\w.]*)(?:\(\))?`"
_ARCHIVO = r"`([\w./-]+\.(?:py|mjs|js|json|yaml|css|html))`"
_SITUADOS = [(re.compile(_NOMBRE + r",? (?:in|of) " + _ARCHIVO), 1, 2), (re.compile(_ARCHIVO + "'s " + _NOMBRE), 2, 1)]


def _situados(texto):
    """(name, file) of each name the prose places in a repository file, line breaks read as spaces."""
    prosa = re.sub(r"\s*\n\s*", " ", _prosa(texto))
    return sorted({(m.group(n), m.group(a)) for patron, n, a in _SITUADOS for m in patron.finditer(prosa)})


def _archivo_de(nombre):
    """The repository file a doc names: a path from the root, or a bare file name that only one has."""
    if "/" in nombre:
        return nombre if nombre in ARCHIVOS else None
    unicos = [a for a in ARCHIVOS if a.rsplit("/", 1)[-1] == nombre]
    return unicos[0] if len(unicos) == 1 else None


def _fuera_de_su_archivo(texto):
    """Each name the text places in a file that is not there (as a whole word: `_ejecuta` is not
    `ejecuta`), or whose file is none of the repository's, or more than one bare name matches."""
    malos = []
    for nombre, archivo in _situados(texto):
        ruta = _archivo_de(archivo)
        codigo = (RAIZ / ruta).read_text(encoding="utf-8") if ruta else ""
        if not ruta or not all(re.search(r"(?<![\w$])%s(?![\w$])" % re.escape(p), codigo) for p in nombre.split(".")):
            malos.append("`%s` in `%s`" % (nombre, archivo) + ("" if ruta else ": no such file, or more than one"))
    return malos


@pytest.mark.parametrize("doc", DOCS, ids=_nombre)
def test_every_name_placed_in_a_file_is_in_that_file(doc):
    assert _fuera_de_su_archivo(_texto(doc)) == [], "names the doc places in a file that has none of them"


def test_the_check_above_reads_each_way_of_placing_a_name_and_catches_a_stale_one():
    assert len([s for doc in DOCS for s in _situados(_texto(doc))]) > 20
    assert _situados("`ejecuta`, in `py/calificador.py`, and\n`py/lote.py`'s `Lote`, an `Ayuda` of `py/ayuda.py`") == [
        ("Ayuda", "py/ayuda.py"), ("Lote", "py/lote.py"), ("ejecuta", "py/calificador.py")]
    assert _fuera_de_su_archivo("`_ejecuta` in `py/calificador.py`; `Lote` in `py/nada.py`") == [
        "`Lote` in `py/nada.py`: no such file, or more than one", "`_ejecuta` in `py/calificador.py`"]


def _ancla(titulo):
    """A heading's anchor, as GitHub writes it."""
    titulo = re.sub(r"[`*_]", "", titulo.strip().lower())
    return re.sub(r"\s", "-", "".join(c for c in titulo if c in " -" or unicodedata.category(c)[0] in "LN"))


def _anclas(doc):
    return {_ancla(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.*?)\s*#*$", _prosa(_texto(doc)), re.M)}


@pytest.mark.parametrize("doc", DOCS, ids=_nombre)
def test_every_link_reaches_a_file_and_its_anchor(doc):
    malos = []
    for destino in re.findall(r"\]\(([^)\s]+)\)", _prosa(_texto(doc))):
        if re.match(r"^[a-z]+:", destino):
            continue
        ruta, _, ancla = destino.partition("#")
        objetivo = (doc.parent / ruta).resolve() if ruta else doc
        if not objetivo.exists():
            malos.append(destino)
        elif ancla and objetivo.suffix == ".md" and ancla not in _anclas(objetivo):
            parecida = difflib.get_close_matches(ancla, _anclas(objetivo), 1)
            malos.append("%s (anchors: %s)" % (destino, parecida))
    assert malos == []


def test_the_readme_links_every_doc():
    enlaces = set(re.findall(r"\]\((docs/[^)#\s]+)", _texto(RAIZ / "README.md")))
    assert {_nombre(d) for d in DOCS[1:]} <= enlaces


# --- examples ---------------------------------------------------------------------------------

def _ejemplos(doc):
    """[(code, expected output)] of a doc's ```python blocks: each prints the ```text block
    marked <!-- output --> right after it, or nothing."""
    bloques, ejemplos = _bloques(_texto(doc)), []
    for k, (info, contenido, _) in enumerate(bloques):
        if info == "python":
            siguiente = bloques[k + 1] if k + 1 < len(bloques) else None
            salida = siguiente[1] if siguiente and siguiente[2] == "<!-- output -->" else ""
            ejemplos.append((contenido, salida))
    return ejemplos


EJEMPLOS = [(_nombre(d), k, codigo, salida) for d in DOCS for k, (codigo, salida) in enumerate(_ejemplos(d))]


@pytest.mark.parametrize("doc", DOCS, ids=_nombre)
def test_every_python_block_is_a_marked_example_and_every_output_follows_one(doc):
    bloques = _bloques(_texto(doc))
    sin_marca = [c.split("\n")[0] for info, c, previa in bloques if info == "python" and previa != "<!-- example -->"]
    assert sin_marca == [], "a ```python block is an example: mark it <!-- example --> on the line before"
    sueltas = [c.split("\n")[0] for k, (info, c, previa) in enumerate(bloques) if previa == "<!-- output -->"
               and not (info == "text" and k and bloques[k - 1][0] == "python")]
    assert sueltas == [], "<!-- output --> marks the ```text block right after an example"


def test_the_authors_doc_has_its_runnable_examples():
    assert sum(1 for d, *_ in EJEMPLOS if d == "docs/autores.md") >= 2


@pytest.mark.parametrize("doc,k,codigo,salida", EJEMPLOS, ids=["%s-%d" % (d, k) for d, k, *_ in EJEMPLOS])
def test_every_example_runs_as_written_and_prints_what_the_doc_says(doc, k, codigo, salida, monkeypatch):
    monkeypatch.chdir(RAIZ)
    monkeypatch.setattr(sys, "path", [str(RAIZ)] + sys.path)
    instala_open_url()
    escrito = io.StringIO()
    with contextlib.redirect_stdout(escrito):
        exec(compile(codigo, "%s, example %d" % (doc, k + 1), "exec"), {"__name__": "__main__"})
    assert escrito.getvalue() == salida


def _lecciones(doc):
    return [c for info, c, previa in _bloques(_texto(doc)) if previa == "<!-- lesson -->" and info == "markdown"]


def test_the_sample_lesson_builds():
    from construir.errores import ErrorDeConstruccion
    from construir.leer import leer
    from construir.preguntas import leer_pregunta
    from construir.validar import cargar_validador, validar
    muestras = [m for d in DOCS for m in _lecciones(d)]
    assert muestras, "no <!-- lesson --> block in the docs"
    validador = cargar_validador(RAIZ / "lessons" / "leccion.schema.json")
    for muestra in muestras:
        try:
            doc, lineas = leer("muestra.md", muestra)
        except ErrorDeConstruccion as e:
            pytest.fail(str(e))
        assert validar(validador, "muestra.md", doc, lineas) == []
        for i, b in enumerate(doc["bloques"]):
            if b["tipo"] == "pregunta":
                leer_pregunta("muestra.md", lineas[("bloques", i, "cuerpo")], b["opciones"], b["cuerpo"], 1)


def test_the_readme_is_a_front_page():
    assert len(_texto(RAIZ / "README.md").splitlines()) <= 100


def test_the_github_pages_workflow_builds_under_the_repository_and_publishes_dist():
    import yaml
    texto = (RAIZ / "docs" / "desplegar.md").read_text(encoding="utf-8")
    seccion = texto[texto.index("## GitHub Pages"):]
    flujo = yaml.safe_load(re.search(r"```yaml\n(.*?)```", seccion, re.S).group(1))
    pasos = flujo["jobs"]["publicar"]["steps"]
    assert "make build BASE=/${{ github.event.repository.name }}/" in [p.get("run") for p in pasos]
    subida = next(p for p in pasos if p.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert subida["with"]["path"] == "dist"
    assert any(p.get("uses", "").startswith("actions/deploy-pages") for p in pasos)
    assert flujo["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
