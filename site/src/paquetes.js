// Installs the course's extra packages from this site's own wheels, the first
// time a cell imports them. Nothing comes from a CDN: config.paquetes maps a
// package name to the URL of its wheel under /pyodide/paquetes/, and Pyodide's
// loadPackage installs wheels by URL (no micropip: its two wheels were half
// the bytes of the five, and offline it could install nothing else).
const GRUPOS = {
  jsonschema: ["attrs", "pyrsistent", "jsonschema"],
};
const instalados = new Map(); // package name -> the promise of its install

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
      const promesa = instalar(py, GRUPOS[nombre].map((p) => absoluta(urls[p])));
      instalados.set(nombre, promesa);
      promesa.catch(() => instalados.delete(nombre)); // a failed install may be retried
    }
    await instalados.get(nombre);
  }
}

// loadPackage reports a failed download through errorCallback and resolves anyway.
async function instalar(py, urls) {
  const errores = [];
  await py.loadPackage(urls, { messageCallback: () => {}, errorCallback: (m) => errores.push(m) });
  if (errores.length) throw new Error(errores.join("; "));
}
