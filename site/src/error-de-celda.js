// How a cell's error is explained: Python's traceback as it came, then, when py/explicaciones.py
// has one for it, one line in Spanish saying what that error usually means and what to try. For
// a NameError, the worker looks for the name in the earlier cells' code, which each run sends.

/** The earlier cells' code as the worker gets it (protocolo.js, ejecutar): [[n, id, codigo], ...]. */
export const codigoDe = (anteriores) => anteriores.map((c) => [c.n, c.id, c.codigo()]);

/** The traceback's element and the explanation's (when there is one), to append in that order. */
export function errorDeCelda({ traza, explicacion }) {
  const nodos = [Object.assign(document.createElement("span"), { className: "traza", textContent: traza })];
  if (explicacion) nodos.push(trozo("span", "explicacion", explicacion));
  return nodos;
}

/** Its text; what the line quotes between `backticks` (a name, some code) shows as code. */
function trozo(etiqueta, clase, texto) {
  const e = document.createElement(etiqueta);
  e.className = clase;
  texto.split("`").forEach((parte, i) => e.append(i % 2 ? Object.assign(document.createElement("code"), { textContent: parte }) : parte));
  return e;
}
