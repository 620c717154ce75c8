// Shared set-up of the browser test files (kept apart from ayuda.mjs, which
// bench/ uses too and which must not load node:test).
import { before, after } from "node:test";
import { arrancarServidor, abrirNavegador } from "./ayuda.mjs";

/**
 * For a test file: the real server and a fresh browser, started before its
 * tests and closed after them. Read .servidor and .navegador inside tests.
 * `sitio`, a function run before them that returns the folder to serve
 * (dist/ without it); `opciones`, abrirNavegador's.
 */
export function servidorYNavegador(sitio, opciones) {
  const e = {};
  before(async () => {
    e.servidor = await arrancarServidor(sitio?.());
    e.navegador = await abrirNavegador(e.servidor.origen, opciones);
  });
  after(async () => {
    await e.navegador?.cerrar();
    e.servidor?.parar();
  });
  return e;
}
