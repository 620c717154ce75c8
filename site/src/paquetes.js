// Installs the course's extra packages from this site's own wheels, the first
// time a cell imports them. Nothing comes from a CDN: config.paquetes maps a
// package name to the URL of its wheel under /pyodide/paquetes/.
const GRUPOS = {
  micropip: { base: ["packaging", "micropip"], extra: [] },
  jsonschema: { base: ["packaging", "micropip"], extra: ["attrs", "pyrsistent", "jsonschema"] },
};
const hechos = new Set();

const absoluta = (ruta) => new URL(ruta, self.location.origin).href;

export async function cargarImportados(py, codigo, urls) {
  let nombres;
  try {
    nombres = py.pyimport("pyodide.code").find_imports(codigo).toJs();
  } catch {
    return; // a SyntaxError: the run itself will report it
  }
  for (const nombre of nombres) {
    const grupo = GRUPOS[nombre];
    if (!grupo || hechos.has(nombre)) continue;
    const base = grupo.base.filter((p) => !hechos.has(p));
    if (base.length) {
      await py.loadPackage(base.map((p) => absoluta(urls[p])), { messageCallback: () => {} });
      base.forEach((p) => hechos.add(p));
    }
    if (grupo.extra.length) {
      const micropip = py.pyimport("micropip");
      const lista = py.toPy(grupo.extra.map((p) => absoluta(urls[p])));
      await micropip.install.callKwargs(lista, { deps: false });
      lista.destroy();
      grupo.extra.forEach((p) => hechos.add(p));
    }
    hechos.add(nombre);
  }
}
