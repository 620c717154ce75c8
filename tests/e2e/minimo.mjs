// The minimal course (tests/curso-minimo/, described in tests/py/minimo.py) for the browser tests:
// its lessons, their golden outputs, and a build of lessons/ with it added, in a temp folder.
import { mkdtempSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RAIZ, PYTHON } from "./ayuda.mjs";

const CARPETA = join(RAIZ, "tests", "curso-minimo");
export const LECCIONES_MINIMAS = readdirSync(join(CARPETA, "lessons", "llm-agents"))
  .filter((n) => n.endsWith(".md")).map((n) => n.slice(0, -3)).sort();
export const SALIDAS_MINIMAS = join(CARPETA, "tests", "e2e", "salidas");

/** Builds the course plus the minimal course into a new temp folder; resolves with its dist/. */
export function construirConMinimo() {
  const dir = mkdtempSync(join(tmpdir(), "curso-minimo-"));
  const r = spawnSync(PYTHON, [join(RAIZ, "tests", "py", "minimo.py"), dir], { encoding: "utf-8" });
  if (r.status !== 0) throw new Error(`build.py con el curso mínimo:\n${r.stderr}`);
  return join(dir, "dist");
}
