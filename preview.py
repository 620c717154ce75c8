#!/usr/bin/env python3
"""The live preview for authors: builds, serves on localhost, rebuilds on every save.

    python preview.py [--puerto 8000] [--lecciones lessons] [--base /]     (make preview)

- It builds the site (build.py, without its .br/.gz copies) into a temporary folder and serves
  it with serve.py's handler, so with the course's headers.
- It watches --lecciones, py/ and site/ (and build.py and construir/, for contributors), and
  rebuilds on every save. Builds run one at a time in a build process forked from one that
  has already imported the build's libraries. That process stays for the next build while only
  lessons or site/ change, so what has not changed is not done again: the pages' highlighted
  code and Markdown, each lesson's reading and validation, the schema's check (kept in memory
  by construir/ for the same text), esbuild's bundles (.cache/esbuild/) and the challenges'
  expectations (.cache/esperado/), as in any build. A change to py/, build.py or construir/
  starts a new build process, so that no module of theirs is stale.
- Every page it serves gets site/vista-previa/cliente.js, which listens to /__vista_previa__/
  eventos (server-sent events: the build's version, and its errors when it failed) and reloads
  the page when a newer build is served, keeping the scroll position; a failed build keeps the
  last good site served and its errors, with file:line, are shown over the page until the next
  good build.
- --base builds and serves the site under that path, as build.py --base and serve.py --base;
  the preview's own paths below are then under it too.
- /sw.js is site/vista-previa/sw.js, a service worker that caches nothing, so that neither a
  page nor a Python file can come from a cache after a rebuild.
The first line printed gives the address (--puerto 0 picks a free port).
"""
import argparse
import concurrent.futures
import contextlib
import io
import json
import multiprocessing
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

# watchfiles rather than watchdog: it batches a save's burst of events (an editor's temporary
# file and rename) into one set of changes by itself (step, debounce), filters editors'
# swap files and __pycache__ by default, and needs no handler classes; watchdog would need a
# hand-written debounce on top. Both are well kept; watchfiles is uvicorn's reloader.
import watchfiles

import serve

RAIZ = Path(__file__).resolve().parent
CLIENTE = RAIZ / "site" / "vista-previa" / "cliente.js"
SW = RAIZ / "site" / "vista-previa" / "sw.js"
PREFIJO = "/__vista_previa__/"
TITULO_ERROR = "La construcción ha fallado: se sigue sirviendo la última buena. Corrige esto y guarda:"
# What the build process imports before forking each build: the third-party libraries, which are
# most of its start-up. Never construir/ or py/: those are read fresh by every build.
PRECARGA = ["yaml", "markdown_it", "jsonschema", "pygments.lexers.python", "pygments.formatters.html", "brotli"]
LATIDO = 15  # seconds between keep-alive comments on an idle event stream


def construye(lecciones, salida, base="/"):
    """One build, in a fresh process: (exit code, stdout, stderr) of build.py."""
    import build
    salida_txt, errores_txt = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida_txt), contextlib.redirect_stderr(errores_txt):
        try:
            codigo = build.main(["--lecciones", str(lecciones), "--salida", str(salida), "--sin-comprimir",
                                 "--base", base])
        except Exception as e:  # a bug in the build: shown to the author like a build error
            codigo = 1
            print(f"build.py: error interno: {e!r}", file=sys.stderr)
    return codigo, salida_txt.getvalue(), errores_txt.getvalue()


class Estado:
    """The last build as the pages see it: the version served, and the errors of the last try."""

    def __init__(self):
        self.version, self.errores, self.n = None, [], 0
        self.cambio = threading.Condition()

    def publica(self, version, errores):
        with self.cambio:
            self.version, self.errores = version or self.version, errores
            self.n += 1
            self.cambio.notify_all()

    def evento(self):
        with self.cambio:
            return self.n, {"version": self.version, "errores": self.errores, "titulo": TITULO_ERROR}

    def espera(self, visto, segundos):
        with self.cambio:
            self.cambio.wait_for(lambda: self.n != visto, timeout=segundos)


class Manejador(serve.Manejador):
    """serve.py's handler, plus the event stream, the client script, the preview's /sw.js, and the
    client added to every page."""
    estado: Estado

    def responder(self, cuerpo):
        ruta = self.path.split("?", 1)[0]
        prefijo = self.base + PREFIJO[1:]
        if ruta == prefijo + "eventos":
            return self.eventos()
        if ruta == prefijo + "cliente.js":
            return self.enviar(200, CLIENTE.read_bytes(), serve.TIPOS[".js"], "no-cache", cuerpo)
        if ruta == self.base + "sw.js":
            return self.enviar(200, SW.read_bytes(), serve.TIPOS[".js"], "no-cache", cuerpo)
        if not (self.raiz / "index.html").is_file():  # no good build yet: a page to show the errors on
            pagina = ('<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Vista previa</title>'
                      '</head><body><main><h1>Vista previa</h1><p>Todavía no hay ninguna construcción buena.</p>'
                      "</main></body></html>").encode()
            return self.enviar(200, pagina, serve.TIPOS[".html"], "no-cache", cuerpo)
        self.version_servida = self.estado.evento()[1]["version"]  # before the file is read
        return super().responder(cuerpo)

    def enviar(self, codigo, datos, tipo, cache, cuerpo, extra=None, contar=True):
        if tipo == serve.TIPOS[".html"] and codigo in (200, 404) and not (extra or {}).get("Content-Encoding"):
            version = getattr(self, "version_servida", None) or self.estado.evento()[1]["version"] or ""
            script = f'<script type="module" src="{self.base}{PREFIJO[1:]}cliente.js?v={version}"></script>'.encode()
            datos = datos.replace(b"</head>", script + b"</head>", 1) if b"</head>" in datos else datos + script
        super().enviar(codigo, datos, tipo, cache, cuerpo, extra, contar)

    def eventos(self):
        self.close_connection = True
        self.send_response(200)
        for k, v in serve.cabeceras_comunes().items():
            self.send_header(k, v)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        visto = None
        try:
            while True:
                n, evento = self.estado.evento()
                if n != visto:
                    self.wfile.write(b"data: " + json.dumps(evento, ensure_ascii=False).encode() + b"\n\n")
                    visto = n
                else:
                    self.wfile.write(b": latido\n\n")
                self.wfile.flush()
                self.estado.espera(visto, LATIDO)
        except OSError:  # the page went away
            pass


def _interrumpe(*_):
    raise KeyboardInterrupt


def _relativa(ruta):
    try:
        return Path(ruta).resolve().relative_to(Path.cwd()).as_posix() + "/"
    except ValueError:
        return str(ruta)


def main(argv=None):
    p = argparse.ArgumentParser(description="Vista previa del curso: construye, sirve y reconstruye al guardar.")
    p.add_argument("--puerto", type=int, default=8000, help="el puerto (0: uno libre)")
    p.add_argument("--lecciones", default=str(RAIZ / "lessons"), help="la carpeta de las lecciones")
    p.add_argument("--base", default="/", help="la ruta bajo la que se sirve el sitio (por defecto /)")
    a = p.parse_args(argv)
    base = "/" + "".join(f"{x}/" for x in a.base.split("/") if x)
    signal.signal(signal.SIGTERM, _interrumpe)  # a terminate() cleans up as Ctrl+C does
    lecciones = Path(a.lecciones).resolve()
    temporal = Path(tempfile.mkdtemp(prefix="vista-previa-"))
    salida = temporal / "sitio"
    contexto = multiprocessing.get_context("forkserver")
    contexto.set_forkserver_preload(PRECARGA)

    def nuevo_obrero():  # one build at a time
        return concurrent.futures.ProcessPoolExecutor(1, mp_context=contexto)
    obreros = [nuevo_obrero()]
    estado = Estado()
    Manejador.raiz, Manejador.estado, Manejador.base = salida, estado, base
    servidor = serve.Servidor(("127.0.0.1", a.puerto), Manejador)
    hilo = threading.Thread(target=servidor.serve_forever, daemon=True)

    def una_construccion(motivo):
        inicio = time.perf_counter()
        try:
            codigo, salida_txt, errores_txt = obreros[0].submit(construye, lecciones, salida, base).result()
        except concurrent.futures.process.BrokenProcessPool:  # the build process died: a new one next time
            obreros[0] = nuevo_obrero()
            codigo, salida_txt, errores_txt = 1, "", "preview.py: el proceso de la construcción ha muerto"
        segundos = time.perf_counter() - inicio
        if codigo == 0:
            version = re.search(r"versión (\w+)", salida_txt).group(1)
            estado.publica(version, [])
            print(f"preview.py: {motivo}: construido en {segundos:.2f} s, versión {version}", flush=True)
        else:
            # build.py's last line names the temporary folder, which the author never sees.
            errores = [linea for linea in errores_txt.splitlines()
                       if linea.strip() and not linea.startswith("build.py: no se escribió nada")]
            estado.publica(None, errores)
            sigo = "sigo sirviendo la última buena" if estado.version else "todavía no hay ninguna buena"
            print(f"preview.py: {motivo}: la construcción ha fallado ({segundos:.2f} s); {sigo}:\n"
                  + "\n".join(errores), file=sys.stderr, flush=True)

    try:
        una_construccion("primera construcción")
        hilo.start()
        puerto = servidor.server_address[1]
        vigiladas = [lecciones, RAIZ / "py", RAIZ / "site"]
        del_build = [RAIZ / "py", RAIZ / "construir", RAIZ / "build.py"]  # imported by the build process
        print(f"Vista previa en http://localhost:{puerto}{base}courses/llm-agents/ (Ctrl+C para parar); "
              f"reconstruyo al guardar en {', '.join(_relativa(v) for v in vigiladas)}", flush=True)
        # step: how long a save's burst of events must go quiet before the build starts.
        for cambios in watchfiles.watch(*vigiladas, *del_build[1:], step=30, debounce=1600, raise_interrupt=False):
            nombres = sorted({Path(r).name for _, r in cambios})
            if any(Path(r) == c or c in Path(r).parents for _, r in cambios for c in del_build):
                obreros[0].shutdown()
                obreros[0] = nuevo_obrero()
            una_construccion("cambios en " + ", ".join(nombres[:3]) + (", …" if len(nombres) > 3 else ""))
    except KeyboardInterrupt:
        pass
    finally:
        if hilo.is_alive():
            servidor.shutdown()
        servidor.server_close()
        obreros[0].shutdown(cancel_futures=True)
        shutil.rmtree(temporal, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
