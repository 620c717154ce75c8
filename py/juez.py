"""The trusted side of calificar.py, in Pyodide: the grader core, the tools and the reference.

nodo.mjs runs principal() in a Pyodide restored from the snapshot, one process per grading
thread of calificar.py, outside the sandbox. It loads one challenge, then grades submissions
one at a time through Remoto, a Transporte whose learner's function lives in a sandboxed child
(hijo.py). calificar.py relays every message to and from that child and keeps its clocks.

Messages in:   {"reto": {"nombre", "fuente"}}
               {"esperado": {"semilla"}}               what the reference does (build.py's data)
               {"califica": {"fuente": base64 of the file, "nombre", "semilla"}}
               {"de_hijo": m} | {"caida": motivo}     the answer to a {"hijo"} message
               {"hecho": true}                         the answer to {"cierra_hijo"}
Messages out:  {"listo": {"pruebas": [nombres]}}       after reto
               {"esperado": calificador.esperado(...)} | {"error": motivo}   after esperado
               {"hijo": m, "reloj": "carga" | "llamada"}    deliver m under that clock, start the child if none
               {"cierra_hijo": true}
               {"informe": results.json} | {"error": motivo}   the end of a califica
"""
import json
import sys

import calificador
import carga
import firmas
import redaccion
import transporte
from entrega import TOPE_SALIDA
from redaccion import FRASES

TOPE_HERRAMIENTAS = 100  # calls out of one call of the learner's function: tools, model, confirmar
INVALIDO = FRASES["invalido"]
_canal = None


def principal():
    global _canal
    import _canal
    reto = None
    while True:
        mensaje = _recibe()
        if "reto" in mensaje:
            reto = _carga_reto(mensaje["reto"])
            _envia({"listo": {"pruebas": calificador.nombres_de_pruebas(reto)}})
        elif "esperado" in mensaje:
            try:
                _envia({"esperado": calificador.esperado(reto, mensaje["esperado"]["semilla"])})
            except Exception as e:  # a broken challenge: build.py reports it
                _envia({"error": "%s: %r" % (type(e).__name__, e)})
        elif "califica" in mensaje:
            _envia(_califica(reto, **mensaje["califica"]))


def _carga_reto(datos):
    def lee(nombre):
        with open("/calificar/" + nombre, encoding="utf-8") as f:
            return f.read()
    return carga.carga(datos["nombre"], datos["fuente"], lee("guionizado.py"), lee("entorno.py"))


def _califica(reto, fuente, nombre, semilla):
    # The file's bytes go to the child as they are: decoding them (a coding line can name a
    # codec as slow as punycode) is the submission's work, under its clocks, not the judge's.
    remoto = Remoto(reto, fuente, nombre)
    try:
        return {"informe": calificador.califica(reto, remoto, semilla)}
    except Exception as e:  # a grader bug: this submission gets an error, the batch goes on
        return {"error": "error interno del calificador: %r" % (e,)}
    finally:
        remoto.cierra()


class Remoto(transporte.Transporte):
    """The learner's function in a sandboxed child, reached through calificar.py's relay."""

    def __init__(self, reto, fuente, nombre):
        self.reto, self.fuente, self.nombre = reto, fuente, nombre  # fuente: base64 of the file
        self.vivo = False

    def prepara(self):
        return self._carga()

    def llama(self, argumentos, herramientas, funciones):
        if not self.vivo:
            problema, _ = self._carga()
            if problema:
                return {"caida": problema}
        r, caida = self._al_hijo({"llama": {"argumentos": argumentos, "herramientas": herramientas,
                                            "nombres": list(funciones)}}, "llamada")
        usos = {}  # calls of each name of funciones: tools, and the model or confirmar
        while not caida:
            if set(r) == {"herramienta"} and isinstance(r["herramienta"], dict):
                nombre = r["herramienta"].get("nombre")
                nombre = nombre[:64] if isinstance(nombre, str) else "?"  # what the child sent
                usos[nombre] = usos.get(nombre, 0) + 1
                if sum(usos.values()) > TOPE_HERRAMIENTAS:  # they run here: a flood of calls must not
                    self.cierra()
                    return {"caida": redaccion.demasiadas_llamadas(TOPE_HERRAMIENTAS, usos)}
                r, caida = self._al_hijo(ejecuta_herramienta(funciones, r["herramienta"]), "llamada")
            elif set(r) == {"fin"}:
                return saneada(r["fin"], inicio=firmas.de_argumentos(argumentos).inicio is not None)
            else:
                caida = self._invalido()
        return {"caida": caida}

    def cierra(self):
        if self.vivo:
            self.vivo = False
            _pide({"cierra_hijo": True})

    def _carga(self):
        r, caida = self._al_hijo({"carga": {
            "fuentes": {"guionizado.py": self.reto.fuente_guionizado, "entorno.py": self.reto.fuente_entorno},
            "contexto": calificador.fuentes_publicas(self.reto), "entrega": self.fuente,
            "nombre": self.nombre, "funcion": self.reto.funcion}}, "carga")
        if caida:
            return caida, ""
        if set(r) != {"problema", "salida"} or not isinstance(r["problema"], (str, type(None))) \
                or not isinstance(r["salida"], str):
            return self._invalido(), ""
        salida = r["salida"][:TOPE_SALIDA + 100]
        if r["problema"]:
            self.cierra()
            return r["problema"][:1000], salida
        return None, salida

    def _al_hijo(self, mensaje, reloj):
        """(the child's next message, None), or (None, why it failed, in Spanish)."""
        self.vivo = True
        r = _pide({"hijo": mensaje, "reloj": reloj})
        if "de_hijo" in r:
            return r["de_hijo"], None
        self.vivo = False  # the relay has ended the child
        return None, str(r.get("caida", INVALIDO))[:1000]

    def _invalido(self):
        self.cierra()
        return INVALIDO


def ejecuta_herramienta(funciones, pedido):
    """Runs, here, a tool the child's code called; whatever the child sent, it gets an answer."""
    try:
        entorno = pedido["entorno"]
        destino = transporte.MISMO if entorno.get("mismo") is True else \
            transporte.FALTA if entorno.get("falta") is True else entorno["otro"]
        valor, despues = funciones[pedido["nombre"]](destino, *pedido["args"], **pedido["kwargs"])
        respuesta = {"valor": valor, "entorno": despues}
        json.dumps(respuesta, allow_nan=False)
        return respuesta
    except (Exception, KeyboardInterrupt, SystemExit) as e:  # a test's tool raises these two on
        # purpose (ayuda.py): they cross by name, and the child raises them (hijo._clase)
        return {"excepcion": transporte.describe_excepcion(e)}


def saneada(fin, inicio=False):
    """Only the shapes of the Transporte contract get through; anything else is a failure."""
    if not isinstance(fin, dict):
        return {"caida": INVALIDO}
    salida = fin["salida"][:TOPE_SALIDA + 100] if isinstance(fin.get("salida"), str) else ""
    # In a firma with `inicio` ("bucle"), the inicio after the call: anything but a list is
    # compared as None (changed).
    inicio = {"inicio": fin["inicio"] if isinstance(fin.get("inicio"), list) else None} if inicio else {}
    if "valor" in fin:
        return {"valor": fin["valor"], "salida": salida, **inicio}
    if isinstance(fin.get("no_json"), str):
        return {"no_json": fin["no_json"][:300], "salida": salida, **inicio}
    e = fin.get("excepcion")
    if isinstance(e, dict) and isinstance(e.get("tipo"), str) and isinstance(e.get("mensaje"), str) \
            and isinstance(e.get("mro"), list) and all(isinstance(c, str) for c in e["mro"]):
        linea = e.get("linea") if type(e.get("linea")) is int else None
        datos = {k: v for k, v in e["datos"].items() if k in ("expresion", "funcion", "regla") and isinstance(v, str)
                 and len(v) <= 40} if isinstance(e.get("datos"), dict) else {}
        return {"excepcion": {"tipo": e["tipo"][:100], "mro": e["mro"][:50], "mensaje": e["mensaje"][:300],
                              "args": [], "linea": linea, **({"datos": datos} if datos else {})},
                "salida": salida, **inicio}
    return {"caida": INVALIDO}


def _pide(mensaje):
    _envia(mensaje)
    return _recibe()


def _envia(mensaje):
    _canal.envia(json.dumps(mensaje))


def _recibe():
    return json.loads(_canal.recibe())


if __name__ == "__main__":
    sys.exit("juez.py runs inside nodo.mjs")
