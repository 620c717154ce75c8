"""docs/desplegar.md's nginx configuration, as written there, run by Debian's nginx.

The snippet and the server block are taken from the doc; only the port, the certificate (a
self-signed one made here), the root (a fresh build) and the snippet's path change. nginx -t
must pass, and then every response carries the course's headers, the wasm comes precompressed
as br and as gzip with Vary: Accept-Encoding, and a missing path gets 404.html.
(`make test` installs nginx and its brotli module; without them this file is skipped.)
"""
import gzip
import http.client
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
MODULO = Path("/usr/share/nginx/modules-available/mod-http-brotli-static.conf")

pytestmark = pytest.mark.skipif(not (os.path.exists(NGINX) and MODULO.exists()),
                                reason="nginx o libnginx-mod-http-brotli-static no están (make test los instala)")

CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
       "style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'")
COMUNES = {"cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp",
           "cross-origin-resource-policy": "same-origin", "x-content-type-options": "nosniff",
           "content-security-policy": CSP}


def bloques_nginx():
    texto = (RAIZ / "docs" / "desplegar.md").read_text(encoding="utf-8")
    seccion = texto[texto.index("## nginx"):texto.index("\n## ", texto.index("## nginx") + 1)]
    return re.findall(r"```nginx\n(.*?)```", seccion, re.S)


def puerto_libre():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def servidor(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nginx")
    r = subprocess.run([sys.executable, str(RAIZ / "build.py"), "--salida", str(tmp / "dist")],
                       cwd=RAIZ, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    os.chmod(tmp, 0o755)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=curso.example.org", "-keyout", str(tmp / "clave.pem"), "-out", str(tmp / "cert.pem")],
                   check=True, capture_output=True)
    fragmento, servidor_doc = bloques_nginx()
    assert "listen 443 ssl;" in servidor_doc and "gzip_vary on;" in servidor_doc
    (tmp / "curso-cabeceras.conf").write_text(fragmento)
    puerto = puerto_libre()
    servidor_conf = (servidor_doc.replace("listen 443 ssl;", f"listen 127.0.0.1:{puerto} ssl;")
                     .replace("/etc/ssl/certs/curso.example.org.pem", str(tmp / "cert.pem"))
                     .replace("/etc/ssl/private/curso.example.org.key", str(tmp / "clave.pem"))
                     .replace("root /srv/curso/dist;", f"root {tmp / 'dist'};")
                     .replace("include snippets/curso-cabeceras.conf;", f"include {tmp / 'curso-cabeceras.conf'};"))
    usuario = "user root;\n" if os.geteuid() == 0 else ""
    # Debian's line for the module names it from nginx's own prefix; this one is the test's folder.
    cargar_modulo = MODULO.read_text().replace(" modules/", " /usr/share/nginx/modules/").strip()
    (tmp / "nginx.conf").write_text(
        f"{usuario}{cargar_modulo}\nworker_processes 1;\npid {tmp / 'nginx.pid'};\n"
        f"error_log {tmp / 'error.log'};\nevents {{}}\nhttp {{\n"
        f"access_log off;\nclient_body_temp_path {tmp / 'cuerpos'};\nproxy_temp_path {tmp / 'proxy'};\n"
        f"fastcgi_temp_path {tmp / 'fcgi'};\nuwsgi_temp_path {tmp / 'uwsgi'};\nscgi_temp_path {tmp / 'scgi'};\n"
        f"{servidor_conf}\n}}\n")
    orden = [NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")]
    prueba = subprocess.run([*orden, "-t"], capture_output=True, text=True)
    assert prueba.returncode == 0, prueba.stderr
    proceso = subprocess.Popen([*orden, "-g", "daemon off;"], stderr=subprocess.PIPE)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", puerto), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    yield puerto, tmp / "dist", prueba.stderr
    proceso.terminate()
    proceso.wait(10)


def pide(puerto, ruta, codificacion=None):
    contexto = ssl.create_default_context()
    contexto.check_hostname, contexto.verify_mode = False, ssl.CERT_NONE
    c = http.client.HTTPSConnection("127.0.0.1", puerto, context=contexto, timeout=10)
    c.request("GET", ruta, headers={"Accept-Encoding": codificacion} if codificacion else {})
    r = c.getresponse()
    cuerpo = r.read()
    c.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, cuerpo


def test_the_documented_configuration_passes_nginx_t(servidor):
    _, _, salida = servidor
    assert "syntax is ok" in salida and "test is successful" in salida


def test_every_response_carries_the_headers_and_its_cache_lifetime(servidor):
    puerto, dist, _ = servidor
    wasm = next((dist / "pyodide").glob("*/pyodide.asm.wasm")).relative_to(dist).as_posix()
    casos = {"/courses/llm-agents/": "no-cache", "/sw.js": "no-cache", "/courses/llm-agents/guionizado.py": "no-cache",
             f"/{wasm}": "public, max-age=31536000, immutable", "/no-existe/": "no-cache"}
    for ruta, cache in casos.items():
        estado, cabeceras, cuerpo = pide(puerto, ruta)
        assert estado == (404 if ruta == "/no-existe/" else 200), ruta
        for k, v in COMUNES.items():
            assert cabeceras.get(k) == v, (ruta, k, cabeceras.get(k))
        assert cabeceras["cache-control"] == cache, ruta
    assert pide(puerto, "/no-existe/")[2] == (dist / "404.html").read_bytes()
    assert pide(puerto, "/courses/llm-agents/guionizado.py")[1]["content-type"] == "text/x-python; charset=utf-8"


@pytest.mark.parametrize("codificacion, sufijo", [("br", ".br"), ("gzip", ".gz")])
def test_a_precompressed_copy_is_served_with_vary(servidor, codificacion, sufijo):
    puerto, dist, _ = servidor
    wasm = next((dist / "pyodide").glob("*/pyodide.asm.wasm"))
    estado, cabeceras, cuerpo = pide(puerto, "/" + wasm.relative_to(dist).as_posix(), codificacion)
    assert estado == 200
    assert cabeceras["content-encoding"] == codificacion
    assert "accept-encoding" in cabeceras.get("vary", "").lower()
    assert cabeceras["content-type"] == "application/wasm"
    assert cabeceras["cache-control"] == "public, max-age=31536000, immutable"
    assert cabeceras["cross-origin-embedder-policy"] == "require-corp"
    assert cuerpo == wasm.with_name(wasm.name + sufijo).read_bytes()
    if codificacion == "gzip":
        assert gzip.decompress(cuerpo) == wasm.read_bytes()
