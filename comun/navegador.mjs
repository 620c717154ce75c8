// What the browser tests (tests/e2e/) and the benches (bench/) share, so that a figure is measured
// on the pages the tests check, driven the same way: the real server on a free port, Debian's
// Chromium through playwright-core, a guard on every request that leaves the origin, the waits
// for the interpreter, the service worker and the snapshot, and a challenge's Comprobar.
// tests/e2e/ayuda.mjs and ayuda-reto.mjs re-export it with the helpers only the tests use.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const RAIZ = join(dirname(fileURLToPath(import.meta.url)), "..");
export const PYTHON = join(RAIZ, ".venv", "bin", "python");
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
export const LECCION = "/courses/llm-agents/prueba-del-entorno/";
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

/** A fresh Chromium profile; resolves with {contexto, ajenas, perfil (its folder), cerrar}. */
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
    perfil: dir,
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

export const RETO = "/courses/llm-agents/llamar-herramientas/";


/** Replaces the challenge editor's text, as typing would. */
export async function escribirEnReto(pagina, texto) {
  await pagina.locator(".reto .cm-content").click();
  await pagina.keyboard.press("Control+A");
  await pagina.keyboard.press("Delete");
  await pagina.keyboard.insertText(texto);
}

/** Clicks Comprobar and waits for the result; {estado, pruebas, fallidas: [{nombre, detalle}]}. */
export async function comprobarReto(pagina, espera = 60_000) {
  await pagina.evaluate(() => document.querySelector(".reto-pruebas").replaceChildren());
  await pagina.evaluate(() => (document.querySelector(".reto-estado").textContent = ""));
  await pagina.locator(".reto button.comprobar").click();
  await pagina.waitForFunction(() => {
    const s = document.querySelector(".reto");
    return !s.classList.contains("ocupada") && s.querySelector(".reto-estado").textContent;
  }, null, { timeout: espera });
  return pagina.evaluate(() => {
    const lineas = [...document.querySelectorAll(".reto-pruebas > li")].map((li) => ({
      nombre: li.querySelector(".nombre").textContent,
      bien: li.classList.contains("bien"),
      detalle: li.querySelector(".detalle")?.textContent ?? "",
    }));
    return { estado: document.querySelector(".reto-estado").textContent, pruebas: lineas,
             fallidas: lineas.filter((l) => !l.bien) };
  });
}
