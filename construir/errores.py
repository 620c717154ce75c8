"""Build errors that point at a file and line: `lessons/x.md:LINE: what is wrong`."""
from pathlib import Path


class ErrorDeConstruccion(Exception):
    def __init__(self, problemas):
        self.problemas = list(problemas)
        super().__init__("\n".join(self.problemas))


def problema(ruta, linea, mensaje):
    return f"{ruta}:{linea}: {mensaje}"


def relativa(ruta):
    """A file as an error names it: relative to the working folder, where the author runs the build."""
    try:
        return Path(ruta).resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(ruta)
