// What a cell says about its run, next to its name: "Ejecutando… 3 s" from the
// moment it starts (not while it waits its turn), then "[n]", the page's run
// counter as in Jupyter, so that a cell without output still shows it ran.
import { t } from "./textos.js";

let ejecuciones = 0; // runs on this page, in order

export class Indicador {
  constructor(barra) {
    this.nodo = document.createElement("span");
    this.nodo.className = "indicador";
    barra.querySelector(".celda-nombre").after(this.nodo);
  }

  empezar() {
    const inicio = performance.now();
    const pintar = () => (this.nodo.textContent = t("ejecutando_segundos", { s: Math.floor((performance.now() - inicio) / 1000) }));
    clearInterval(this.reloj);
    pintar();
    this.nodo.className = "indicador en-curso";
    this.reloj = setInterval(pintar, 1000);
  }

  terminar(ok) {
    clearInterval(this.reloj);
    ejecuciones += 1;
    this.nodo.className = ok ? "indicador hecha" : "indicador fallida";
    this.nodo.textContent = t("ejecutada", { n: ejecuciones });
    this.nodo.title = t("ejecutada_titulo", { n: ejecuciones });
  }
}
