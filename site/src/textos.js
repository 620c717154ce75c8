// The interface text lives in site/textos.es.json (shared with build.py).
import tabla from "../textos.es.json";

export function t(clave, valores = {}) {
  const plantilla = Object.hasOwn(tabla, clave) ? tabla[clave] : undefined; // never a prototype's member
  if (plantilla === undefined) throw new Error(`Falta el texto «${clave}» en textos.es.json`);
  return plantilla.replace(/\{(\w+)\}/g, (_, k) => (k in valores ? String(valores[k]) : `{${k}}`));
}

export function megas(bytes) {
  return `${(bytes / 1e6).toLocaleString("es", { maximumFractionDigits: 1 })} MB`;
}
