#!/usr/bin/env python3
"""Throughput and latency of calificar.py, isolation on, against a bare Pyodide snapshot boot.

    .venv/bin/python bench/calificar.py [--veces K]

Grades the right and wrong submissions of tests/entregas/ (the hostile ones only measure the
timeouts) K times each, with -j 2 on this 2-core machine, and prints submissions per second.
Every submission costs at least one Node + Pyodide boot from the memory snapshot, in its own
sandbox: so, in the same run, it times that bare boot (node loading the same snapshot, nothing
else) and prints both figures as ratios against it. The team accepted about 2-3 submissions/s on
2 cores (a fresh sandboxed interpreter per submission; Gradescope scales by containers).

It also times a right submission that prints 200,000 lines on every call, against the same
submission without the prints: past the output's cap, printing must cost next to nothing.

It also measures what a safe reuse of one process would give: a fresh JS realm per submission
(a worker thread, its own V8 isolate) booting the same snapshot on a wasm module compiled once,
two such processes side by side, with the children's V8 flags. That is the ceiling of grading
in a booted process without letting one submission's JavaScript reach the next's.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
CALIFICAR = RAIZ / "py" / "calificar.py"
sys.path.insert(0, str(RAIZ / "py"))
from aislamiento import FLAGS_HIJO  # noqa: E402
from calificador import TIEMPO_ENTREGA  # noqa: E402

ARRANQUE = """
import { loadPyodide } from "%s/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
await loadPyodide({ _loadSnapshot: readFileSync("%s/instantanea.bin") });
"""
# VECES boots, one after the other, each in a new worker thread of this one process.
HILOS = """
import { Worker } from "node:worker_threads";
import { readFileSync } from "node:fs";
const [BASE, VECES] = ["%s", %d];
const bytes = readFileSync(BASE + "/instantanea.bin");
const snap = new Uint8Array(new SharedArrayBuffer(bytes.length));
snap.set(bytes);
const modulo = await WebAssembly.compile(readFileSync(BASE + "/pyodide/pyodide.asm.wasm"));
const HILO = `
import { workerData as d, parentPort } from "node:worker_threads";
const instancia = WebAssembly.instantiate;  // Pyodide compiles the bytes it reads: use the module
WebAssembly.instantiate = async (b, imp) => ({ instance: await instancia(d.modulo, imp), module: d.modulo });
const { loadPyodide } = await import(d.base + "/pyodide/pyodide.mjs");
await loadPyodide({ indexURL: d.base + "/pyodide/", _loadSnapshot: d.snap, stdout() {}, stderr() {} });
parentPort.postMessage("listo");`;
for (let i = 0; i < VECES; i++) {
  const hilo = new Worker(HILO, { eval: true, workerData: { base: BASE, snap, modulo } });
  await new Promise((listo, falla) => { hilo.once("message", listo); hilo.once("error", falla); });
  await hilo.terminate();
}
"""


def cronometra(orden, veces=1):
    tiempos = []
    for _ in range(veces):
        inicio = time.perf_counter()
        r = subprocess.run(orden, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        tiempos.append(time.perf_counter() - inicio)
        if r.returncode != 0:
            sys.exit(r.stderr.decode())
    return statistics.median(tiempos), r.stdout


def imprime_mucho():
    """(seconds, seconds without the prints, "n/m") of a right submission that prints 200,000
    lines on every call: once past its output's cap, printing must cost next to nothing."""
    bien = (RAIZ / "tests" / "entregas" / "llamar-herramientas" / "bien_incumple.py").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as carpeta:
        entrega = Path(carpeta) / "imprime.py"
        cabecera = "def observaciones(respuesta, entorno):\n"
        imprime = cabecera + "    for i in range(200_000):\n        print('traza', i)\n"
        entrega.write_text(bien.replace(cabecera, imprime, 1), encoding="utf-8")
        orden = [sys.executable, str(CALIFICAR), "--reto", "llamar-herramientas"]
        t, salida = cronometra(orden + [str(entrega)], 3)
        sin, _ = cronometra(orden + [str(RAIZ / "tests" / "entregas" / "llamar-herramientas" / "bien_incumple.py")], 3)
    informe = json.loads(salida)
    return t, sin, "%d/%d" % (informe["score"], informe["max_score"])


def hilos_por_segundo(base, veces=10):
    """Boots per second of two processes each booting `veces` fresh realms in turn."""
    orden = [str(Path(base) / "usr/bin/node"), *FLAGS_HIJO, "--input-type=module", "-e", HILOS % (base, veces)]
    inicio = time.perf_counter()
    procesos = [subprocess.Popen(orden, stderr=subprocess.PIPE) for _ in range(2)]
    for p in procesos:
        if p.wait() != 0:
            sys.exit(p.stderr.read().decode())
    return 2 * veces / (time.perf_counter() - inicio)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--veces", type=int, default=4)
    veces = p.parse_args().veces
    base = subprocess.run([sys.executable, str(CALIFICAR), "--prepara"], capture_output=True,
                          text=True, check=True).stdout.strip()
    arranque, _ = cronometra([str(Path(base) / "usr/bin/node"), "--input-type=module", "-e",
                              ARRANQUE % (base, base)], 7)
    total, segundos, latencias, aislamiento = 0, 0.0, [], None
    for reto in ("llamar-herramientas", "errores-como-observaciones"):
        casos = sorted(str(c) for c in (RAIZ / "tests" / "entregas" / reto).glob("*.py")
                       if c.name.startswith(("bien_", "mal_")))
        entregas = casos * veces
        t, salida = cronometra([sys.executable, str(CALIFICAR), "-j", "2", "--reto", reto, *entregas])
        aislamiento = json.loads(salida.splitlines()[0])["aislamiento"]
        segundos, total = segundos + t, total + len(entregas)
        # One at a time, minus the judge's start-up that a batch pays once: one submission's cost.
        lote, _ = cronometra([sys.executable, str(CALIFICAR), "--reto", reto, *(casos[:4] * 2)], 3)
        solo, _ = cronometra([sys.executable, str(CALIFICAR), "--reto", reto, casos[0]], 3)
        latencias.append((lote - solo) / 7)
    por_segundo, latencia = total / segundos, statistics.mean(latencias)
    imprime, sin_imprimir, puntos = imprime_mucho()
    hilos = hilos_por_segundo(base)
    print("arranque de Node + Pyodide desde la instantánea, sin nada más: %.0f ms" % (arranque * 1000))
    print("calificar.py -j 2 (%s): %d entregas en %.1f s = %.1f entregas/s; "
          "%.2f x lo que dan 2 núcleos arrancando Pyodide sin más (%.1f/s)"
          % (aislamiento, total, segundos, por_segundo, por_segundo / (2 / arranque), 2 / arranque))
    print("una entrega, aislada, de una en una: %.0f ms = %.2f x un arranque sin más"
          % (latencia * 1000, latencia / arranque))
    print("una entrega correcta que imprime 200.000 líneas en cada llamada: %.1f s = %.2f x la misma "
          "sin imprimir (%s; límite: %g s de cómputo)" % (imprime, imprime / sin_imprimir, puntos, TIEMPO_ENTREGA))
    print("un reino de JS nuevo por entrega en un proceso ya arrancado (hilo con su isolate, wasm "
          "compilado una vez), 2 procesos, sin calificar nada: %.1f arranques/s = %.2f x lo que dan "
          "2 núcleos arrancando Pyodide sin más" % (hilos, hilos / (2 / arranque)))


if __name__ == "__main__":
    main()
