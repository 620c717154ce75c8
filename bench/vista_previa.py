#!/usr/bin/env python3
"""The preview's rebuild after one lesson edit, against a full build, in the same run.

    .venv/bin/python bench/vista_previa.py [--veces K]

On a copy of lessons/: times K full builds as `make build` runs them (a fresh build.py, with
its .br/.gz copies), then starts preview.py on the copy and K times appends a paragraph to one
lesson and times the save → the build's event on /__vista_previa__/eventos with a new version:
what an open page waits for before it reloads (the reload itself is the page's own load). It
prints the medians in ms and the rebuild as a ratio of the full build. Neither changes a
challenge, so neither boots Pyodide: both take the expectations from .cache/esperado/.
"""
import argparse
import http.client
import json
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
LECCION = Path("lessons") / "llm-agents" / "como-funcionan-las-celdas.md"


def build_completo(dir_):
    inicio = time.perf_counter()
    r = subprocess.run([sys.executable, str(RAIZ / "build.py"), "--lecciones", "lessons", "--salida", "dist"],
                       cwd=dir_, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(r.stderr)
    return time.perf_counter() - inicio


def eventos(puerto, cola):
    """Puts every build event of the preview server in cola, as dicts."""
    conexion = http.client.HTTPConnection("127.0.0.1", puerto)
    conexion.request("GET", "/__vista_previa__/eventos")
    respuesta = conexion.getresponse()
    for linea in respuesta:
        if linea.startswith(b"data: "):
            cola.put(json.loads(linea[6:]))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--veces", type=int, default=5)
    veces = p.parse_args().veces
    dir_ = Path(tempfile.mkdtemp(prefix="bench-vista-previa-"))
    preview = None
    try:
        shutil.copytree(RAIZ / "lessons", dir_ / "lessons")
        build_completo(dir_)  # warms the caches a first build on this machine may fill
        completos = [build_completo(dir_) for _ in range(veces)]
        orden = [sys.executable, str(RAIZ / "preview.py"), "--puerto", "0", "--lecciones", "lessons"]
        preview = subprocess.Popen(orden, cwd=dir_, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        for linea in preview.stdout:
            m = re.search(r"http://localhost:(\d+)/", linea)
            if m:
                break
        else:
            raise SystemExit("preview.py terminó antes de servir")
        cola = queue.Queue()
        threading.Thread(target=eventos, args=(int(m.group(1)), cola), daemon=True).start()
        version = cola.get(timeout=60)["version"]
        texto = (dir_ / LECCION).read_text(encoding="utf-8")
        rebuilds = []
        for i in range(veces):
            time.sleep(0.5)  # an author's pause between two saves
            inicio = time.perf_counter()
            (dir_ / LECCION).write_text(texto + f"\nPárrafo de la ronda {i}.\n", encoding="utf-8")
            while True:
                evento = cola.get(timeout=120)
                if evento["errores"]:
                    raise SystemExit("\n".join(evento["errores"]))
                if evento["version"] != version:
                    break
            rebuilds.append(time.perf_counter() - inicio)
            version = evento["version"]
    finally:
        if preview:
            preview.terminate()
            preview.wait()
        shutil.rmtree(dir_, ignore_errors=True)
    completo, rebuild = statistics.median(completos), statistics.median(rebuilds)
    print(f"full build (build.py, as make build):      {completo * 1000:6.0f} ms  (median of {veces})")
    print(f"preview, one lesson edit → its new build:  {rebuild * 1000:6.0f} ms  (median of {veces}; "
          f"min {min(rebuilds) * 1000:.0f}, max {max(rebuilds) * 1000:.0f})")
    print(f"rebuild / full build: {rebuild / completo:.2f}")


if __name__ == "__main__":
    main()
