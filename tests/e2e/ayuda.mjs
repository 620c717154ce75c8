// Shared pieces of the browser tests: the real server on a free port, Debian's
// Chromium through playwright-core, and a guard that fails a test whenever the
// page asks for anything outside its own origin.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const RAIZ = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PYTHON = join(RAIZ, ".venv", "bin", "python");
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
export const LECCION = "/courses/llm-agents/prueba-del-entorno/";
export const OTRA = "/courses/llm-agents/como-funcionan-las-celdas/";

/** Starts serve.py on a free port; resolves with {origen, parar}. */
export async function arrancarServidor(dir = join(RAIZ, "dist"), extra = []) {
  const proceso = spawn(PYTHON, [join(RAIZ, "serve.py"), "--puerto", "0", "--dir", dir, ...extra], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const origen = await new Promise((resolver, rechazar) => {
    let texto = "";
    proceso.stdout.on("data", (d) => {
      texto += d;
      const m = texto.match(/http:\/\/localhost:(\d+)\//);
      if (m) resolver(`http://localhost:${m[1]}`);
    });
    proceso.on("exit", (c) => rechazar(new Error(`serve.py terminó (${c}) antes de escuchar`)));
  });
  return { origen, parar: () => proceso.kill() };
}

/** A fresh Chromium profile; resolves with {contexto, ajenas, cerrar}. */
export async function abrirNavegador(origen, { perfil, soloAnotar = false, serviceWorkers = "allow" } = {}) {
  const dir = perfil || mkdtempSync(join(tmpdir(), "perfil-"));
  const contexto = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    serviceWorkers,
  });
  const ajenas = soloAnotar ? anotarAjenas(contexto, origen) : vigilarOrigen(contexto, origen);
  return {
    contexto,
    ajenas,
    cerrar: async () => {
      await contexto.close();
      if (!perfil) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Aborts and records every request that would leave the origin, so none ever
 * reaches the network. comprobar() fails the test if there was any.
 */
export function vigilarOrigen(contexto, origen) {
  const ajenas = [];
  contexto.route((url) => ajena(String(url), origen),
    (ruta) => {
      ajenas.push(ruta.request().url());
      return ruta.abort("blockedbyclient");
    });
  return {
    lista: ajenas,
    comprobar() {
      if (ajenas.length) throw new Error(`Peticiones fuera del origen ${origen}: ${ajenas.join(", ")}`);
    },
  };
}

const ajena = (url, origen) => !/^(data|blob):/.test(url) && !url.startsWith(origen + "/");

/**
 * Playwright turns the HTTP cache off while any route is set, which would
 * distort start-up figures; the bench only records. (Its pages are the ones
 * the tests already hold to the origin.)
 */
export function anotarAjenas(contexto, origen) {
  const ajenas = [];
  contexto.on("request", (r) => ajena(r.url(), origen) && ajenas.push(r.url()));
  return {
    lista: ajenas,
    comprobar() {
      if (ajenas.length) throw new Error(`Peticiones fuera del origen ${origen}: ${ajenas.join(", ")}`);
    },
  };
}

/** Clicks Run on a cell and waits until it is no longer busy; returns its output text. */
export async function ejecutar(pagina, id, { espera = 60_000 } = {}) {
  const celda = pagina.locator(`[data-celda="${id}"]`);
  await celda.locator("button.ejecutar").click();
  await pagina.waitForFunction((i) => {
    const s = document.querySelector(`[data-celda="${i}"]`);
    return s && !s.classList.contains("ocupada");
  }, id, { timeout: espera });
  return celda.locator(".salida").innerText();
}

export async function esperarInterprete(pagina, espera = 60_000) {
  await pagina.waitForFunction(() => performance.getEntriesByName("interprete-listo").length > 0, null, { timeout: espera });
}

/** Waits until the service worker is active (its precache complete). */
export async function esperarServiceWorker(pagina) {
  await pagina.evaluate(() => new Promise((resolver) => {
    const mirar = async () => {
      const reg = await navigator.serviceWorker.getRegistration("/");
      if (reg && reg.active && reg.active.state === "activated") resolver();
      else setTimeout(mirar, 200);
    };
    mirar();
  }));
}

/** A new page in a colour scheme and size, recording its errors in .errores, at url. */
export async function abrirPagina(contexto, url, { esquema = "light", tamano } = {}) {
  const p = await contexto.newPage();
  p.errores = [];
  p.on("pageerror", (x) => p.errores.push(x));
  await p.emulateMedia({ colorScheme: esquema });
  if (tamano) await p.setViewportSize(tamano);
  await p.goto(url);
  return p;
}

/**
 * Waits until the page's memory snapshot is stored (arranque.js writes it a second or more
 * after a plain boot: a page closed before then leaves none, and the next visit boots plain).
 */
export async function esperarInstantanea(pagina, espera = 30_000) {
  const guardada = await pagina.evaluate(async (limite) => {
    const nombre = JSON.parse(document.getElementById("datos").textContent).config.instantanea;
    for (const fin = Date.now() + limite; Date.now() < fin; await new Promise((r) => setTimeout(r, 100))) {
      if ((await caches.has(nombre)) && (await (await caches.open(nombre)).match("/__instantanea__"))) return true;
    }
    return false;
  }, espera);
  if (!guardada) throw new Error(`no se guardó la instantánea en ${espera} ms`);
}

/** Clicks the course index's "Exportar mi progreso"; resolves with the downloaded file's path. */
export async function exportarProgreso(indice) {
  const [descarga] = await Promise.all([indice.waitForEvent("download"), indice.locator("button.exportar").click()]);
  return descarga.path();
}

/** Imports the progress file archivo through the index, in contexto; resolves with that index
 *  page once it says how the import went. */
export async function importarProgreso(contexto, origen, archivo) {
  const i = await contexto.newPage();
  await i.goto(origen + "/courses/llm-agents/");
  await i.locator("input.importar").setInputFiles(archivo);
  await i.locator(".progreso-aviso:not(:empty)").waitFor();
  return i;
}
