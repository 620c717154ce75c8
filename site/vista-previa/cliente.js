// The preview's client: preview.py adds it to every page it serves (it is never in dist/).
// It listens to the preview server's build events and
//   - reloads the page when a build newer than the page's is served, keeping the scroll
//     position (sessionStorage, for this path, read back once the page has drawn);
//   - shows a failed build's errors, with file:line, over the content, until the next good
//     build (the page underneath is the last good one, which the server keeps serving).
// The version of the build a page came from is in this script's URL (?v=), written by the
// server when it served the page, so a build that ends before this script connects is seen.
const CLAVE = `vista-previa:scroll:${location.pathname}`;
const ID = "vista-previa-errores";
let version = new URL(import.meta.url).searchParams.get("v") || null;

const guardado = sessionStorage.getItem(CLAVE);
if (guardado !== null) {
  sessionStorage.removeItem(CLAVE);
  const y = Number(guardado);
  const volver = () => window.scrollTo(0, y);
  volver();
  // Cells, questions and conversation views are drawn after the HTML: go back once they are.
  addEventListener("load", () => { volver(); setTimeout(volver, 200); }, { once: true });
}

function capa(titulo, errores) {
  let div = document.getElementById(ID);
  if (!div) {
    div = document.createElement("div");
    div.id = ID;
    div.setAttribute("role", "alert");
    Object.assign(div.style, {
      position: "fixed", inset: "0", zIndex: "2147483647", overflow: "auto", padding: "2rem",
      background: "rgba(20, 20, 20, 0.94)", color: "#fff", font: "16px/1.5 system-ui, sans-serif",
    });
    document.body.append(div);
  }
  const h = document.createElement("h2");
  h.textContent = titulo;
  const pre = document.createElement("pre");
  Object.assign(pre.style, { whiteSpace: "pre-wrap", font: "15px/1.5 ui-monospace, monospace", color: "#ffd7d7" });
  pre.textContent = errores.join("\n");
  div.replaceChildren(h, pre);
}

const eventos = new EventSource(new URL("eventos", import.meta.url)); // beside this script, under the site's base
eventos.addEventListener("message", (m) => {
  const e = JSON.parse(m.data);
  if (e.version && e.version !== version) {
    if (version !== null) {
      sessionStorage.setItem(CLAVE, String(window.scrollY));
      eventos.close();
      location.reload();
      return;
    }
    version = e.version;  // a page the server served before any good build
  }
  if (e.errores.length) capa(e.titulo, e.errores);
  else document.getElementById(ID)?.remove();
});
