// The baseline of bench/startup.mjs: the same Pyodide from the same server code, a
// plain boot in a module worker, the same cell, and nothing else. A file, not an
// inline script, so that the site's Content-Security-Policy runs it unchanged.
const salida = document.getElementById("salida");
const w = new Worker("./trabajador.js", { type: "module" });
w.onmessage = ({ data }) => {
  if (data.tipo === "listo") performance.mark("interprete-listo");
  if (data.tipo === "salida") {
    salida.textContent += data.texto;
    if (!performance.getEntriesByName("primera-salida").length) performance.mark("primera-salida");
  }
  if (data.tipo === "fin") document.body.dataset.fin = data.ok ? "ok" : "error";
};
window.ejecutar = (codigo) => {
  salida.textContent = "";
  delete document.body.dataset.fin;
  w.postMessage({ tipo: "ejecutar", codigo });
};
// The bench passes the cell in the URL fragment.
window.ejecutar(decodeURIComponent(location.hash.slice(1)));
