#!/usr/bin/env python3
"""Throughput of calificar.py over the corpus, isolation on, against `python3 -c pass`.

    .venv/bin/python bench/calificar.py [--veces K]

Grades the right and wrong submissions of tests/entregas/ (the hostile ones only measure the
timeouts) K times each, with -j 2 on this 2-core machine, and prints submissions per second.
In the same run it times a bare `python3 -c pass`, and gives the cost of one submission,
graded in isolation one at a time, as a multiple of it. Target: at least 50 submissions/s.
"""
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
CALIFICAR = RAIZ / "py" / "calificar.py"


def cronometra(orden, veces=1):
    tiempos = []
    for _ in range(veces):
        inicio = time.perf_counter()
        subprocess.run(orden, check=True, stdout=subprocess.DEVNULL)
        tiempos.append(time.perf_counter() - inicio)
    return statistics.median(tiempos)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--veces", type=int, default=10)
    veces = p.parse_args().veces
    vacio = cronometra([sys.executable, "-c", "pass"], 21)
    total, segundos, uno = 0, 0.0, []
    for reto in ("llamar-herramientas", "errores-como-observaciones"):
        casos = sorted(str(c) for c in (RAIZ / "tests" / "entregas" / reto).glob("*.py")
                       if not c.name.startswith("hostil_"))
        entregas = casos * veces
        segundos += cronometra([sys.executable, str(CALIFICAR), "-j", "2", "--reto", reto, *entregas])
        total += len(entregas)
        # One at a time, minus the start-up that a batch pays once: the per-submission cost.
        n = len(casos) * 2
        lote = cronometra([sys.executable, str(CALIFICAR), "--reto", reto, *(casos * 2)], 3)
        solo = cronometra([sys.executable, str(CALIFICAR), "--reto", reto, casos[0]], 3)
        uno.append((lote - solo) / (n - 1))
    por_entrega = statistics.mean(uno)
    print("calificar.py -j 2: %d entregas en %.2f s = %.0f entregas/s (objetivo: >= 50)"
          % (total, segundos, total / segundos))
    print("una entrega, aislada, de una en una: %.1f ms = %.2f x python3 -c pass (%.1f ms)"
          % (por_entrega * 1000, por_entrega / vacio, vacio * 1000))


if __name__ == "__main__":
    main()
