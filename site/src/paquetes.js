// Installs the course's extra packages from this site's own wheels, the first
// time a cell imports them. Nothing comes from a CDN: config.paquetes maps a
// package name to the URL of its wheel under /pyodide/paquetes/.
const GRUPOS = {
  micropip: { base: ["packaging", "micropip"], extra: [] },
  jsonschema: { base: ["packaging", "micropip"], extra: ["attrs", "pyrsistent", "jsonschema"] },
};
const instalados = new Map(); // package or group name -> the promise of its install

const absoluta = (ruta) => new URL(ruta, self.location.origin).href;

/** Installs what `codigo` imports among GRUPOS; concurrent callers share one install. */
export async function cargarImportados(py, codigo, urls) {
  let nombres;
  try {
    nombres = py.pyimport("pyodide.code").find_imports(codigo).toJs();
  } catch {
    return; // a SyntaxError: the run itself will report it
  }
  for (const nombre of nombres) {
    if (!GRUPOS[nombre]) continue;
    if (!instalados.has(nombre)) {
      const promesa = instalar(py, GRUPOS[nombre], urls);
      instalados.set(nombre, promesa);
      promesa.catch(() => instalados.delete(nombre)); // a failed install may be retried
    }
    await instalados.get(nombre);
  }
}

async function instalar(py, grupo, urls) {
  const clave = grupo.base.join(",");
  if (!instalados.has(clave)) {
    const base = py.loadPackage(grupo.base.map((p) => absoluta(urls[p])), { messageCallback: () => {} });
    instalados.set(clave, base);
    base.catch(() => instalados.delete(clave));
  }
  await instalados.get(clave);
  if (grupo.extra.length) {
    const micropip = py.pyimport("micropip");
    const lista = py.toPy(grupo.extra.map((p) => absoluta(urls[p])));
    try {
      await micropip.install.callKwargs(lista, { deps: false });
    } finally {
      lista.destroy();
    }
  }
}
