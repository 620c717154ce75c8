#!/usr/bin/env python3
"""Serves dist/ with the headers the course needs.

- COOP same-origin + COEP require-corp on every response (cross-origin
  isolation: the Stop button's SharedArrayBuffer);
- a Content-Security-Policy that runs only the site's own scripts and wasm;
- the right types for .wasm and .mjs;
- a year of caching for versioned files (/static/, /pyodide/), no-cache for
  pages, the service worker and everything else;
- the precompressed .br/.gz copy when the browser accepts it.

    python serve.py [--puerto 8000] [--dir dist] [--base /] [--contar]

--base serves the folder under that path (a site built with build.py --base): /cursos/agentes/
answers with dist/index.html, and anything outside the base is not found.

--puerto 0 picks a free port; the first line printed gives the address.
--contar adds GET /__bytes__, the body bytes sent so far (for bench/), and
GET /__bytes__?por=ruta, the same split by URL path as a JSON object
{"/path": bytes}; the answers to /__bytes__ itself are not counted.
--sin-aislar leaves out COOP/COEP, to test the page's fallback when it is not
cross-origin isolated (Stop then restarts the worker).
The Content-Security-Policy is the one the build wrote into the folder's _headers: with
build.py --conectar ORIGEN, its connect-src lets a cell's ModeloReal call that API
(docs/desplegar.md); without it, the pages reach nothing off their origin.
"""
import argparse
import email.utils
import http.server
import json
import os
import posixpath
import re
import sys
import threading
import urllib.parse
from pathlib import Path

TIPOS = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
    ".whl": "application/zip", ".py": "text/x-python; charset=utf-8", ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8", ".png": "image/png", ".ico": "image/x-icon",
}
INMUTABLE = ("/static/", "/pyodide/")
CODIFICACIONES = ((".br", "br"), (".gz", "gzip"))


# Only the site's own scripts, workers and wasm run. Each source below is one the
# pages need, found by running tests/e2e/leccion.test.mjs and reto.test.mjs in
# Chromium under this policy with its violation reports on: 'wasm-unsafe-eval'
# compiles Pyodide's .wasm (no 'unsafe-eval': Pyodide turns text into JavaScript
# only for the EM_JS code of .so extensions, and the site's wheels are pure
# Python, or when a cell asks, e.g. js.eval, which then raises EvalError);
# connect-src 'self', as nothing is fetched off the origin at run time; inline
# styles, since CodeMirror writes its editor's styles into <style> elements;
# data: images, for base.html's empty favicon (href="data:,"). The JSON data
# islands are not scripts. _headers has the same value (servidor.test.mjs).
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
       "style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'")

AISLAMIENTO = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}


def con_conectar(csp, origenes):
    """csp with origenes added to connect-src: the API origins a cell's ModeloReal may call
    (docs/desplegar.md). build.py --conectar writes it into dist/_headers, into every page's
    <meta http-equiv> and into sw.js, so that it holds also where the host sends no headers."""
    return csp.replace("connect-src 'self';", " ".join(["connect-src 'self'", *origenes]) + ";")


ORIGEN = re.compile(r"https?://[a-z0-9.-]+(:\d+)?|http://\[::1\](:\d+)?")


def origen_valido(texto):
    """texto as an origin for connect-src (scheme, host, port; nothing after), or ValueError."""
    if not ORIGEN.fullmatch(texto):
        raise ValueError(f"--conectar espera un origen como https://api.anthropic.com o "
                         f"http://localhost:11434, sin ruta ni barra final, no {texto!r}")
    return texto


def csp_del_sitio(raiz):
    """The policy build.py wrote into raiz/_headers, with its --conectar origins (the same one its
    pages carry in their <meta> and its sw.js adds): CSP for a folder without _headers."""
    headers = Path(raiz) / "_headers"
    hallada = headers.is_file() and re.search(r"^ {2}Content-Security-Policy: (.*)$",
                                                headers.read_text(encoding="utf-8"), re.M)
    return hallada.group(1) if hallada else CSP


def cabeceras_comunes():
    aislar = AISLAMIENTO if Manejador.aislar else {}
    return {**aislar, "Content-Security-Policy": Manejador.csp,
            "Cross-Origin-Resource-Policy": "same-origin", "X-Content-Type-Options": "nosniff"}


def cache_control(ruta_url):
    if ruta_url.startswith(INMUTABLE):
        return "public, max-age=31536000, immutable"
    return "no-cache"


def acepta(cabecera, codificacion):
    for parte in (cabecera or "").split(","):
        nombre, _, params = parte.strip().partition(";")
        if nombre.strip().lower() == codificacion:
            return "q=0" not in params.replace(" ", "")
    return False


class Manejador(http.server.BaseHTTPRequestHandler):
    raiz: Path
    base = "/"
    contar = False
    aislar = True
    csp = CSP  # the site's own (csp_del_sitio)
    enviados = 0
    por_ruta = {}  # URL path -> body bytes sent (--contar)
    cerrojo = threading.Lock()
    server_version = "curso-agentes"
    protocol_version = "HTTP/1.1"

    def do_HEAD(self):
        self.responder(cuerpo=False)

    def do_GET(self):
        self.responder(cuerpo=True)

    def responder(self, cuerpo):
        partes = urllib.parse.urlsplit(self.path)
        ruta_url = partes.path
        if self.contar and ruta_url == "/__bytes__":
            with self.cerrojo:
                if urllib.parse.parse_qs(partes.query).get("por") == ["ruta"]:
                    datos, tipo = json.dumps(Manejador.por_ruta, sort_keys=True).encode(), "application/json"
                else:
                    datos, tipo = str(Manejador.enviados).encode(), "text/plain; charset=utf-8"
            return self.enviar(200, datos, tipo, "no-store", cuerpo, contar=False)
        pedida = ruta_url
        if self.base != "/":
            if ruta_url + "/" == self.base:
                return self.redirigir(self.base)
            if not ruta_url.startswith(self.base):
                return self.no_encontrado(cuerpo)
            ruta_url = "/" + ruta_url[len(self.base):]
        archivo = self.resolver(ruta_url)
        if archivo is None:
            return self.no_encontrado(cuerpo)
        if archivo.is_dir():
            if not ruta_url.endswith("/"):
                return self.redirigir(pedida + "/")
            archivo = archivo / "index.html"
            if not archivo.is_file():
                return self.no_encontrado(cuerpo)
        tipo = TIPOS.get(archivo.suffix, "application/octet-stream")
        enviado, codificacion = archivo, None
        for ext, nombre in CODIFICACIONES:
            alternativa = archivo.with_name(archivo.name + ext)
            if acepta(self.headers.get("Accept-Encoding"), nombre) and alternativa.is_file():
                enviado, codificacion = alternativa, nombre
                break
        estado = enviado.stat()
        etiqueta = f'"{int(estado.st_mtime_ns):x}-{estado.st_size:x}-{codificacion or "id"}"'
        extra = {"ETag": etiqueta, "Last-Modified": email.utils.formatdate(estado.st_mtime, usegmt=True),
                 "Vary": "Accept-Encoding"}
        if codificacion:
            extra["Content-Encoding"] = codificacion
        if self.headers.get("If-None-Match") == etiqueta:
            return self.enviar(304, b"", None, cache_control(ruta_url), False, extra)
        self.enviar(200, enviado.read_bytes(), tipo, cache_control(ruta_url), cuerpo, extra)

    def resolver(self, ruta_url):
        """Maps a URL path into the served folder; None if it is outside or missing."""
        partes = [p for p in posixpath.normpath(urllib.parse.unquote(ruta_url)).split("/") if p not in ("", ".", "..")]
        archivo = self.raiz.joinpath(*partes)
        try:
            archivo.resolve().relative_to(self.raiz)
        except ValueError:
            return None
        if any(p.startswith(".") for p in partes) or not archivo.exists():
            return None
        return archivo

    def enviar(self, codigo, datos, tipo, cache, cuerpo, extra=None, contar=True):
        self.send_response(codigo)
        for k, v in {**cabeceras_comunes(), **(extra or {})}.items():
            self.send_header(k, v)
        if tipo:
            self.send_header("Content-Type", tipo)
        self.send_header("Cache-Control", cache)
        self.send_header("Content-Length", str(len(datos)))
        self.end_headers()
        if cuerpo and codigo != 304:
            self.wfile.write(datos)
            if contar and self.contar:
                ruta_url = urllib.parse.urlsplit(self.path).path
                with self.cerrojo:
                    Manejador.enviados += len(datos)
                    Manejador.por_ruta[ruta_url] = Manejador.por_ruta.get(ruta_url, 0) + len(datos)

    def redirigir(self, destino):
        self.send_response(301)
        for k, v in cabeceras_comunes().items():
            self.send_header(k, v)
        self.send_header("Location", destino)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def no_encontrado(self, cuerpo):
        pagina = self.raiz / "404.html"
        datos = pagina.read_bytes() if pagina.is_file() else b"404"
        self.enviar(404, datos, "text/html; charset=utf-8", "no-cache", cuerpo)

    def log_message(self, formato, *args):
        if os.environ.get("SERVE_LOG"):
            super().log_message(formato, *args)


class Servidor(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that drops a connection (a closed tab, a cancelled fetch) is normal.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def main(argv=None):
    p = argparse.ArgumentParser(description="Serves dist/ for the course.")
    p.add_argument("--puerto", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--dir", default=str(Path(__file__).resolve().parent / "dist"))
    p.add_argument("--base", default="/", help="la ruta bajo la que se sirve (la de build.py --base)")
    p.add_argument("--contar", action="store_true")
    p.add_argument("--sin-aislar", action="store_true")
    a = p.parse_args(argv)
    base = "/" + "".join(f"{x}/" for x in a.base.split("/") if x)
    raiz = Path(a.dir).resolve()
    if not (raiz / "index.html").is_file():
        print(f"serve.py: {raiz} no tiene index.html; ejecuta antes `make build`.", file=sys.stderr)
        return 1
    Manejador.raiz = raiz
    Manejador.csp = csp_del_sitio(raiz)
    Manejador.base = base
    Manejador.contar = a.contar
    Manejador.aislar = not a.sin_aislar
    servidor = Servidor((a.host, a.puerto), Manejador)
    puerto = servidor.server_address[1]
    print(f"Sirviendo {raiz} en http://localhost:{puerto}{base}courses/llm-agents/ (Ctrl+C para parar)", flush=True)
    try:
        servidor.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
