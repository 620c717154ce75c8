"""Build errors that point at a file and line: `lessons/x.md:LINE: what is wrong`."""


class ErrorDeConstruccion(Exception):
    def __init__(self, problemas):
        self.problemas = list(problemas)
        super().__init__("\n".join(self.problemas))


def problema(ruta, linea, mensaje):
    return f"{ruta}:{linea}: {mensaje}"
