"""The challenge author's kit: what a .reto.py's pruebas(h) and CONVERSACION(h) build with.

    h.prueba(nombre, argumento, entorno=None, herramientas=None)   a visible test
    h.oculta(nombre, argumento, entorno=None, herramientas=None)   a hidden one
    h.texto(...), h.llamada(...), h.resultado(...), h.error(...), h.ENTORNO   entorno.py's
    h.cortada(...), h.rechazada(...), h.error_http(...)   guionizado.py's faults, in a script
    h.herramientas, h.con_repetir, h.con_dividir, h.con_anotar, ...  the tool sets (juegos)
    h.azar: random inputs, drawn once per grading (h.azar.palabra, .entero, .ruta, .entorno,
            .frase(), .id(), .elige(opciones))

docs/autores.md describes each for authors.
"""
import random

_CAMPOS_ENTORNO = ("texto", "llamada", "resultado", "error", "ENTORNO",
                   "cortada", "rechazada", "error_http")  # the last three: guionizado.py's faults


class Ayuda:
    """What a challenge's pruebas(h) and CONVERSACION(h) build with: blocks, tools and chance."""

    def __init__(self, publico, semilla):
        for k in _CAMPOS_ENTORNO:
            setattr(self, k, publico[k])
        self.azar = _Azar(random.Random(semilla))
        for nombre, juego in juegos(publico).items():
            setattr(self, nombre, juego)

    def prueba(self, nombre, argumento, entorno=None, herramientas=None, oculta=False, o_sin_ejecutar=False):
        """A visible test: its inputs and, if it fails, why, are shown. herramientas is one of
        the juegos below (h.herramientas, the lesson's four, by default). With o_sin_ejecutar,
        the test also accepts a function that ran no tool and left the environment as it was
        (one that checks every call before running any), besides what the reference ran."""
        prueba = {"nombre": nombre, "oculta": oculta, "argumento": argumento,
                  "entorno": self.ENTORNO if entorno is None else entorno,
                  "juego": herramientas or self.herramientas}
        return dict(prueba, o_sin_ejecutar=True) if o_sin_ejecutar else prueba

    def oculta(self, nombre, argumento, entorno=None, herramientas=None, o_sin_ejecutar=False):
        """A hidden test: named in the page, its inputs drawn from h.azar and never shown."""
        return self.prueba("Oculta: " + nombre, argumento, entorno, herramientas, True, o_sin_ejecutar)


def juegos(publico):
    """The tool sets (juegos) a test may use, by name: the lesson's four tools, and each with one
    more. A juego is {"nombre", "herramientas": [declarations], "funciones": {name: function}}."""
    base = (publico["HERRAMIENTAS"], publico["FUNCIONES"])
    extra = {"herramientas": (), "con_repetir": (_REPETIR,), "con_dividir": (_DIVIDIR,),
             "con_anotar": (_ANOTAR,), "con_anotar_bloqueado": (_ANOTAR_BLOQUEADO,),
             "con_primeras": (_PRIMERAS,), "con_contar": (_CONTAR,), "con_pedir": (_PEDIR,),
             "con_anotar_interrumpido": (_ANOTAR_INTERRUMPIDO,), "con_anotar_que_sale": (_ANOTAR_QUE_SALE,),
             "con_anotar_sin_mensaje": (_ANOTAR_SIN_MENSAJE,)}
    return {nombre: _juego(nombre, *base, *mas) for nombre, mas in extra.items()}


def _juego(nombre, herramientas, funciones, *extra):
    return {"nombre": nombre, "herramientas": list(herramientas) + [h for h, f in extra],
            "funciones": dict(funciones, **{h["name"]: f for h, f in extra})}


def _herramienta(nombre, descripcion, opcionales=(), **tipos):
    """A tool's declaration: every field in `tipos` is required, but those named in `opcionales`."""
    return {"name": nombre, "description": descripcion,
            "input_schema": {"type": "object",
                             "properties": {k: {"type": t} for k, t in tipos.items()},
                             "required": [k for k in tipos if k not in opcionales],
                             "additionalProperties": False}}


def _repetir(entorno, texto, veces):
    if not 0 <= veces <= 100:  # it runs on the trusted side: no memory bomb through its arguments
        raise ValueError("veces debe estar entre 0 y 100")
    return " ".join([texto] * veces)


def _dividir(entorno, a, b):
    return str(a // b)


def _anotar(entorno, texto):
    entorno["diario.txt"] = entorno.get("diario.txt", "") + texto + "\n"
    return "anotado: " + texto


def _anotar_bloqueado(entorno, texto):
    raise PermissionError("diario.txt es de solo lectura")


def _anotar_interrumpido(entorno, texto):
    # Raised here, on the trusted side, it crosses by name (transporte.describe_excepcion): the
    # learner's side raises the builtin KeyboardInterrupt, as if the user stopped the program.
    raise KeyboardInterrupt


def _anotar_que_sale(entorno, texto):
    raise SystemExit("el programa se cierra")


def _anotar_sin_mensaje(entorno, texto):
    raise TimeoutError()  # str(e) is "": the disk did not answer, and said nothing


def _pedir(entorno, producto, kilos, extras, envio):
    partes = ["%s kg de %s" % (kilos, producto)] + [str(x) for x in extras]
    return ", ".join(partes + ["%s: %s" % (k, envio[k]) for k in sorted(envio)])


def _primeras(entorno, ruta, lineas=1):
    return "\n".join(entorno[ruta].splitlines()[:lineas])  # a missing file: KeyError, as leer


def _contar(entorno, patron, mayusculas):
    textos = list(entorno.values())
    if not mayusculas:
        patron, textos = patron.lower(), [t.lower() for t in textos]
    return str(sum(t.count(patron) for t in textos))


_REPETIR = (_herramienta("repetir", "Repite el texto tantas veces como diga veces, separado por "
                                    "espacios.", texto="string", veces="integer"), _repetir)
_DIVIDIR = (_herramienta("dividir", "Devuelve la división entera a // b.", a="integer",
                         b="integer"), _dividir)
_ANOTAR = (_herramienta("anotar", "Añade una línea al final de diario.txt.", texto="string"), _anotar)
_ANOTAR_BLOQUEADO = (_ANOTAR[0], _anotar_bloqueado)
_PRIMERAS = (_herramienta("primeras", "Devuelve las primeras líneas del fichero de esa ruta: tantas "
                                      "como diga lineas, o solo la primera si no lo dice.",
                          opcionales=["lineas"], ruta="string", lineas="integer"), _primeras)
_CONTAR = (_herramienta("contar", "Cuenta cuántas veces aparece el patrón en todos los ficheros; "
                                  "con mayusculas a false no distingue mayúsculas de minúsculas.",
                        patron="string", mayusculas="boolean"), _contar)

_ANOTAR_INTERRUMPIDO = (_ANOTAR[0], _anotar_interrumpido)
_ANOTAR_QUE_SALE = (_ANOTAR[0], _anotar_que_sale)
_ANOTAR_SIN_MENSAJE = (_ANOTAR[0], _anotar_sin_mensaje)
_PEDIR = (_herramienta("pedir", "Pide a la tienda kilos de un producto, con extras (una lista) y los datos "
                                "del envío (un objeto).", producto="string", kilos="number",
                       extras="array", envio="object"), _pedir)

_PALABRAS = ["albahaca", "berenjena", "calabacín", "garbanzos", "lentejas", "membrillo",
             "nueces", "pimentón", "puerros", "rábanos", "alcachofas", "castañas"]


class _Azar:
    """Random inputs drawn once per grading, so that a memorised answer fails."""

    def __init__(self, rng):
        self._rng = rng
        self.palabra, otra, carpeta = rng.sample(_PALABRAS, 3)
        self.entero = rng.randint(2, 9)
        self.ruta = "%s/%s.txt" % (carpeta, otra)
        self.entorno = {self.ruta: "%s con %s\n%s" % (otra.capitalize(), self.palabra, self.frase()),
                        "%s/%s.txt" % (carpeta, self.palabra): self.frase(),
                        "léeme.txt": "Unas %d notas." % self.entero}

    def elige(self, opciones):
        """One of opciones, at random."""
        return self._rng.choice(list(opciones))

    def id(self):
        return "toolu_" + "".join(self._rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789")
                                  for _ in range(12))

    def frase(self):
        return " ".join(self._rng.choice(_PALABRAS) for _ in range(self._rng.randint(2, 5)))
