// Tabs, as in the WAI-ARIA tabs pattern with automatic activation. A [data-pestanas]
// element holds a role="tablist" of role="tab" buttons, each with aria-controls naming
// its role="tabpanel". The build writes every panel readable, each under its own
// heading; with scripts on, site/curso.css already lays them out as tabs from the
// first paint (@media (scripting: enabled)), so mounting them moves nothing.
const SIGUIENTE = { ArrowRight: 1, ArrowLeft: -1 };

/** Makes every [data-pestanas] under `raiz` work: click, arrows, Home and End. */
export function montarPestanas(raiz = document) {
  for (const grupo of raiz.querySelectorAll("[data-pestanas]")) montar(grupo);
}

function montar(grupo) {
  const pestanas = [...grupo.querySelectorAll('[role="tab"]')];
  if (!pestanas.length) return;
  const panel = (p) => document.getElementById(p.getAttribute("aria-controls"));

  const elegir = (elegida) => {
    for (const p of pestanas) {
      const si = p === elegida;
      p.setAttribute("aria-selected", String(si));
      p.tabIndex = si ? 0 : -1; // one tab stop for the list: arrows move inside it
      panel(p).hidden = !si;
    }
  };

  grupo.addEventListener("click", (ev) => {
    const p = ev.target.closest('[role="tab"]');
    if (p && pestanas.includes(p)) elegir(p);
  });
  grupo.querySelector('[role="tablist"]').addEventListener("keydown", (ev) => {
    const i = pestanas.indexOf(ev.target);
    if (i < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const n = pestanas.length;
    let j;
    if (ev.key in SIGUIENTE) j = (i + SIGUIENTE[ev.key] + n) % n;
    else if (ev.key === "Home") j = 0;
    else if (ev.key === "End") j = n - 1;
    else return;
    ev.preventDefault();
    elegir(pestanas[j]);
    pestanas[j].focus();
  });

  elegir(pestanas.find((p) => p.getAttribute("aria-selected") === "true") || pestanas[0]);
  grupo.classList.add("montadas");
}
