"""build.py: the course-level checks only it makes, and a whole build of a copy of lessons/ into a new dist/."""
import json
import shutil
import subprocess
import sys

import pytest

import build
import corpus
from autoria import CABECERA, RAIZ, RUTA, claves_del_dict
from construir.errores import ErrorDeConstruccion

FICHA = "titulo: Curso\ndescripcion: Uno.\n"
PREGUNTA = "```{pregunta}\n:id: p\n:tipo: vf\n:respuesta: falso\n¿Algo?\n> ok\n```\n"

# Each case: the files of lessons/llm-agents/ (None: no such file), and the one problem reported.
CASOS = [
    pytest.param({"rota.md": CABECERA + "```{reto}\n:reto: nadie\n```\n"},
                 f"{RUTA}:11: no existe el reto «nadie»: falta lessons/llm-agents/nadie.reto.py",
                 id=":reto: of a missing challenge"),
    pytest.param({"rota.md": CABECERA.replace("slug: rota", "slug: otra")},
                 f"{RUTA}:3: el slug «otra» debe coincidir con el nombre del archivo (rota.md)",
                 id="a slug that is not the file's name"),
    pytest.param({"otra.md": CABECERA.replace("slug: rota", "slug: otra"), "rota.md": CABECERA},
                 f"{RUTA}:4: orden 99 repetido: también lo tiene lessons/llm-agents/otra.md", id="two lessons with one orden"),
    pytest.param({"rota.md": CABECERA + PREGUNTA + "\n" + PREGUNTA},
                 f"{RUTA}:18: ya hay otra pregunta con id «p»", id="two questions with the same id"),
    pytest.param({"curso.yaml": None, "rota.md": CABECERA},
                 "lessons/llm-agents/curso.yaml:1: falta la ficha del curso (titulo, descripcion, archivos_py)",
                 id="a course without curso.yaml"),
    pytest.param({"curso.yaml": "descripcion: Uno.\n", "rota.md": CABECERA},
                 "lessons/llm-agents/curso.yaml:1: falta titulo", id="a curso.yaml without its title"),
    pytest.param({"rota.md": CABECERA + "```{conversacion}\n:reto: nadie\n```\n"},
                 f"{RUTA}:11: no existe el reto «nadie»: falta lessons/llm-agents/nadie.reto.py",
                 id="a conversation of a missing challenge"),
    pytest.param({"rota.md": CABECERA + "```{conversacion}\n:reto: llamar-herramientas\n> 3: Contesta:\nusuario: hola\n```\n",
                  "llamar-herramientas.reto.py": (RAIZ / "lessons/llm-agents/llamar-herramientas.reto.py").read_text()},
                 f"{RUTA}:13: con :reto:, el cuerpo solo lleva notas «> N: texto», delante del mensaje N: los "
                 "mensajes son los del guion del reto; llega 'usuario: hola'",
                 id="a challenge's conversation with messages in its body"),
    pytest.param({"rota.md": CABECERA + "```{conversacion}\n:reto: llamar-herramientas\n> 9: Fin.\n```\n",
                  "llamar-herramientas.reto.py": (RAIZ / "lessons/llm-agents/llamar-herramientas.reto.py").read_text()},
                 f"{RUTA}:12: la conversación del reto tiene 7 mensajes: una nota va delante del 1 al 7, o tras "
                 "el último con 8; llega 9",
                 id="a note past a challenge's conversation"),
    pytest.param({"rota.md": CABECERA, "suelto.reto.py": "ENUNCIADO = 'x'\n"},
                 "lessons/llm-agents/suelto.reto.py:1: ninguna lección pone este reto: falta un bloque {reto} "
                 "con «:reto: suelto» en la suya", id="a challenge no lesson places"),
    pytest.param({"rota.md": CABECERA + "```{conversacion}\nusuario: hola\n  texto: x\n```\n"},
                 f"{RUTA}:12: este bloque no es de ningún mensaje: escribe antes «asistente:» o «usuario:», sola en su línea",
                 id="a conversation whose body is malformed"),
]


@pytest.mark.parametrize("archivos, esperado", CASOS)
def test_a_course_that_breaks_a_course_rule_fails_at_the_line_of_its_fault(archivos, esperado, tmp_path, monkeypatch):
    curso = tmp_path / "lessons" / "llm-agents"
    curso.mkdir(parents=True)
    for nombre, texto in {"curso.yaml": FICHA, **archivos}.items():
        if texto is not None:
            (curso / nombre).write_text(texto, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # build.py names files from where it runs
    with pytest.raises(ErrorDeConstruccion) as e:
        build.leer_cursos("lessons")
    assert e.value.problemas == [esperado]
    assert claves_del_dict(e.value.problemas) == []


def test_the_good_lessons_build(construido):  # the course's, and the minimal course's (conftest.py)
    carpeta, r = construido
    assert r.returncode == 0, r.stderr
    lecciones = sorted((carpeta / "lessons").glob("*/*.md"))
    assert lecciones
    assert f"build.py: {len(lecciones)} lecciones," in r.stdout
    for md in lecciones:
        assert (carpeta / "dist" / "courses" / md.parent.name / md.stem / "index.html").is_file(), md


def test_no_line_of_a_reference_solution_is_in_dist(construido):
    carpeta, r = construido
    assert r.returncode == 0, r.stderr
    todo = "\n".join(f.read_text(encoding="utf-8") for f in sorted((carpeta / "dist").rglob("*"))
                     if f.suffix in (".html", ".js", ".mjs", ".json", ".py", ".css", ".txt"))
    buscadas = 0
    for nombre in corpus.retos():
        reto = corpus.carga_reto(nombre)
        lineas = [fila.strip() for fila in reto.solucion.split("\n")]
        lineas = [fila for fila in lineas if len(fila) >= 12 and fila not in reto.plantilla]
        buscadas += len(lineas)  # a short reference solution is a virtue: no floor per challenge
        for linea in lineas:
            en_json = json.dumps(linea, ensure_ascii=False)[1:-1]
            en_isla = en_json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            for forma in {linea, en_json, en_isla}:
                assert forma not in todo, f"{nombre}: «{linea}» is in dist/"
    assert buscadas, "no line of any reference solution was looked for"


def test_the_bundles_cache_key_changes_with_every_file_esbuild_reads(tmp_path):
    from construir import activos
    for carpeta in ("site", "py"):
        shutil.copytree(RAIZ / carpeta, tmp_path / carpeta)
    shutil.copy(RAIZ / "package-lock.json", tmp_path / "package-lock.json")
    entradas = [tmp_path / "site" / "src" / n for n in ("pagina.js", "trabajador.js", "indice.js")]
    clave = lambda: activos._clave_esbuild(tmp_path, entradas, activos.modulos_del_trabajador(tmp_path))  # noqa: E731
    vistas = {clave()}
    for cambiado in ("site/textos.es.json", "site/src/celda.js", "py/redaccion.py", "package-lock.json"):
        with open(tmp_path / cambiado, "a", encoding="utf-8") as f:
            f.write("\n")
        vistas.add(clave())
    assert len(vistas) == 5


def test_a_site_built_under_a_base_writes_and_fetches_nothing_outside_it(tmp_path):
    """build.py --base: every URL of every page, of the service worker's precache and scope, and of
    the pages' configuration is under the base; the cells' open_url lines stay as written."""
    import re
    salida = tmp_path / "sitio"
    r = subprocess.run([sys.executable, str(RAIZ / "build.py"), "--base", "cursos/agentes", "--salida", str(salida),
                        "--sin-comprimir"], cwd=RAIZ, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "bajo /cursos/agentes/" in r.stdout
    paginas = sorted(salida.rglob("*.html"))
    assert len(paginas) > 6
    for pagina in paginas:
        texto = pagina.read_text(encoding="utf-8")
        for url in re.findall(r'(?:href|src|url)=["]?([^"> ]+)', texto):
            assert not url.startswith("/") or url.startswith("/cursos/agentes/"), f"{pagina}: {url}"
        datos = re.search(r'<script type="application/json" id="datos">(.*?)</script>', texto, re.S)
        if datos and "config" in (config := json.loads(datos.group(1))):
            c = config["config"]
            assert c["base"] == "/cursos/agentes/"
            assert all(u.startswith("/cursos/agentes/") for u in [c["indexURL"], c["trabajador"], *c["paquetes"].values()])
            if pagina.parent.name == "prueba-del-entorno":
                assert 'exec(open_url("/courses/llm-agents/guionizado.py").read())' in config["celdas"][0]["codigo"]
    sw = (salida / "sw.js").read_text(encoding="utf-8")
    assert 'const BASE = "/cursos/agentes/";' in sw
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw).group(1))
    assert precache and all(ruta.startswith("/cursos/agentes/") for ruta, _ in precache)


def test_a_base_that_is_not_a_path_fails_the_build():
    with pytest.raises(ErrorDeConstruccion, match="debe ser una ruta"):
        build.normalizar_base("/cursos/../x")
    assert build.normalizar_base("/") == "/"
    assert build.normalizar_base("~ana") == "/~ana/"
