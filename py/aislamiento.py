"""Where and how calificar.py runs Pyodide: the prepared runtime folder, and the sandbox.

    prepara(cache) -> Path        the runtime folder, made once for each content (~4 s)
    elige(base, sin_aislamiento)  "bwrap", "chroot" or "ninguno", by what this machine allows
    orden_hijo(modo, base, ...)   the command that starts one sandboxed child

The runtime folder holds everything a child needs and nothing else: node and the libraries it
links, Pyodide, the wheels of jsonschema, the public .py files, nodo.mjs and the memory snapshot.
It is read-only to every child, and it is the child's whole filesystem:
  - bwrap: bubblewrap binds it read-only as /, with new user, pid, ipc, net, uts and mount
    namespaces, /proc of its own, no environment, --die-with-parent; as root, bwrap itself runs
    as the child's own uid;
  - chroot (root, where namespaces are refused, as in hosted autograders' containers): chroot
    into it, then the child's own uid;
  - both add a seccomp filter (filtro): threads but no new processes, no socket() (socketpair() only);
  - ninguno (only with --sin-aislamiento): the same files from the host, as the same user.
All three set rlimits (memory, CPU, files, processes), start with an empty environment, and are
killed whole at the end. Run as a script, `aislamiento.py lanza ...` is the small launcher that
applies them and then execs the child: it runs single-threaded, so nothing is done between fork
and exec in calificar.py's threads.
"""
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

PY = Path(__file__).resolve().parent
RAIZ = PY.parent
sys.path.insert(0, str(PY))
from modulos import MODULOS  # noqa: E402

# The runtime's own files, the grader's modules and the lesson's two, which the context runs.
ARCHIVOS = ["nodo.mjs", "juez.py", "hijo.py", "modulos.py", *MODULOS, "guionizado.py", "entorno.py"]
PYODIDE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json", "package.json"]
RUEDAS = ("jsonschema", "attrs", "pyrsistent")
NODO_FLAGS = ["--max-old-space-size=512"]
# A child lives a second or two: optimising hot wasm and JS for later (TurboFan) is wasted there.
# Measured: 20 submissions with -j 2 took 24 s of CPU with V8's defaults, 14 s with these.
FLAGS_HIJO = ["--liftoff-only", "--no-opt"]
LIMITES = {"RLIMIT_DATA": 1 << 30,  # Pyodide's wasm memory included: MemoryError past ~650 MB
           "RLIMIT_NOFILE": 64, "RLIMIT_FSIZE": 1 << 20, "RLIMIT_CORE": 0}
HILOS_POR_HIJO = 128  # RLIMIT_NPROC for a child's own uid: node runs ~11 threads


class SinAislamiento(Exception):
    """Neither bubblewrap nor chroot works here: the message says why, in Spanish."""


# --- The runtime folder -------------------------------------------------------------------

def origenes():
    """{path in the runtime folder: source path on this machine}."""
    pyodide = RAIZ / "node_modules" / "pyodide"
    ruedas = RAIZ / ".cache" / "wheels"
    fuentes = {a: PY / a for a in ARCHIVOS}
    fuentes.update({"pyodide/" + a: pyodide / a for a in PYODIDE})
    # The page's stdlib, not the npm package's: the same modules, so that an import behaves
    # the same in both (construir/stdlib.py; `make setup` writes it).
    fuentes["pyodide/python_stdlib.zip"] = RAIZ / ".cache" / "stdlib" / "python_stdlib.zip"
    fuentes.update({"ruedas/" + r.name: r for r in sorted(ruedas.glob("*.whl"))
                    if r.name.split("-")[0] in RUEDAS})
    nodo = shutil.which("node")
    if not nodo:
        raise SystemExit("calificar.py: hace falta node (Node.js 18 o posterior) en el PATH")
    fuentes["usr/bin/node"] = Path(os.path.realpath(nodo))
    fuentes.update(_bibliotecas(fuentes["usr/bin/node"]))
    fuentes.update(_modulos_externos(fuentes["usr/bin/node"]))
    return fuentes


def _modulos_externos(nodo):
    """The builtins that Debian's and Ubuntu's node read from /usr/share/nodejs at start-up.

    Their build names them in its configuration (NODE_SHARED_BUILTIN_*_PATH): without them,
    node aborts ("Cannot load externalized builtin") inside the runtime folder. None elsewhere.
    """
    r = subprocess.run([str(nodo), "-p", "process.config.target_defaults.defines.join('\\n')"],
                       capture_output=True, text=True)
    rutas = re.findall(r"^NODE_SHARED_BUILTIN_\w+_PATH=(/\S+)$", r.stdout, re.M)
    return {ruta.lstrip("/"): Path(os.path.realpath(ruta)) for ruta in rutas}


def _bibliotecas(ejecutable):
    """The shared libraries `ejecutable` links, at the paths its loader looks for them."""
    salida = subprocess.run(["ldd", str(ejecutable)], capture_output=True, text=True).stdout
    libs = {}
    for linea in salida.splitlines():
        m = re.search(r"(?:=>\s*)?(/\S+)\s+\(0x", linea)
        if m:
            libs[m.group(1).lstrip("/")] = Path(os.path.realpath(m.group(1)))
    return libs


def clave(fuentes):
    h = hashlib.sha256()
    for destino, origen in sorted(fuentes.items()):
        st = origen.stat()
        firma = origen.read_bytes() if origen.suffix in (".py", ".mjs", ".json") else b"%d:%d" % (
            st.st_size, st.st_mtime_ns)
        h.update(destino.encode() + b"\0" + firma + b"\0")
    return h.hexdigest()[:16]


def cache_por_defecto():
    """$CALIFICAR_CACHE, or .cache/calificar/ in the checkout; as root, /var/cache/calificar/ if
    the checkout sits where other uids can't pass (/root, mktemp -d): bwrap runs as the child's
    uid, which must reach the runtime folder."""
    if os.environ.get("CALIFICAR_CACHE"):
        return Path(os.environ["CALIFICAR_CACHE"])
    cache = RAIZ / ".cache" / "calificar"
    if os.geteuid() == 0 and any(p.exists() and not p.stat().st_mode & 0o001 for p in cache.parents):
        return Path("/var/cache/calificar")
    return cache


def prepara(cache=None, avisa=lambda texto: None):
    """The runtime folder for the current files, made now if it is missing."""
    cache = Path(cache or cache_por_defecto())
    fuentes = origenes()
    faltan = [o for o in fuentes.values() if not o.exists()]
    if faltan:
        raise SystemExit("calificar.py: faltan %s; ejecuta `make setup`" % ", ".join(map(str, faltan)))
    base = cache / clave(fuentes)
    if (base / "instantanea.bin").exists():
        return _en_uso(base)
    avisa("Preparo el intérprete del calificador en %s (una vez por versión, unos segundos)…" % base)
    cache.mkdir(parents=True, exist_ok=True)
    obra = cache / (base.name + ".%d.tmp" % os.getpid())
    shutil.rmtree(obra, ignore_errors=True)
    for destino, origen in fuentes.items():
        (obra / destino).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(origen, obra / destino)
    for vacia in ("proc", "dev", "tmp"):  # mount points for bwrap
        (obra / vacia).mkdir()
    _permisos(obra, ["usr/bin/node"] + [d for d in fuentes if "ld-linux" in d])
    r = subprocess.run([str(obra / "usr/bin/node"), str(obra / "nodo.mjs"), "instantanea"],
                       env={}, capture_output=True, text=True)
    if r.returncode != 0:
        shutil.rmtree(obra, ignore_errors=True)
        raise SystemExit("calificar.py: no se pudo crear la instantánea de Pyodide:\n" + r.stderr[-3000:])
    os.chmod(obra / "instantanea.bin", 0o644)
    try:
        obra.rename(base)
    except OSError:  # another run made it first
        shutil.rmtree(obra, ignore_errors=True)
    _en_uso(base)
    for vieja in cache.iterdir():  # older versions, unless a run still uses them
        if not vieja.is_dir() or vieja == base:
            continue
        if vieja.name.endswith(".tmp") and time.time() - vieja.stat().st_mtime > 3600 or \
                not vieja.name.endswith(".tmp") and _libre(vieja):  # or a prepare that died
            shutil.rmtree(vieja, ignore_errors=True)
    return base


_EN_USO = []


def _en_uso(base):
    """Holds a shared lock on base for as long as this process lives: see _libre."""
    fd = os.open(base / "instantanea.bin", os.O_RDONLY | os.O_CLOEXEC)
    fcntl.flock(fd, fcntl.LOCK_SH)
    _EN_USO.append(fd)
    return base


def _libre(carpeta):
    try:
        fd = os.open(carpeta / "instantanea.bin", os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def _permisos(carpeta, ejecutables):
    """Everything readable by any uid, nothing writable but by its owner."""
    for dentro, _, archivos in os.walk(carpeta):
        os.chmod(dentro, 0o755)
        for a in archivos:
            os.chmod(os.path.join(dentro, a), 0o644)
    for e in ejecutables:
        os.chmod(carpeta / e, 0o755)


# --- Choosing and starting the sandbox -----------------------------------------------------

def elige(base, sin_aislamiento=False):
    """The isolation this machine allows, tried for real; SinAislamiento if there is none."""
    if sin_aislamiento:
        return "ninguno"
    motivos = []
    for modo in ("bwrap", "chroot") if os.geteuid() == 0 else ("bwrap",):
        r = subprocess.run(orden_hijo(modo, base, 60999, 5, ["--version"]), env={},
                           capture_output=True, text=True, timeout=60)
        if r.returncode == 0 and r.stdout.startswith("v"):
            return modo
        motivos.append("%s: %s" % (modo, (r.stderr.strip().splitlines() or ["falló"])[-1]))
    raise SinAislamiento(
        "no puedo aislar las entregas en esta máquina (%s). Hace falta bubblewrap (apt-get install "
        "bubblewrap) con espacios de nombres de usuario, o ejecutar calificar.py como root para usar "
        "chroot. Si confías en las entregas, --sin-aislamiento las califica sin aislar, y cada "
        "informe lo dice." % "; ".join(motivos))


def orden_hijo(modo, base, uid, cpu, argumentos=None):
    """argv of one child: the launcher, which applies the limits and execs node."""
    argumentos = argumentos if argumentos is not None else [*NODO_FLAGS, *FLAGS_HIJO, "/nodo.mjs", "hijo"]
    return [sys.executable, "-I", "-S", str(PY / "aislamiento.py"), "lanza", modo, str(base),
            str(uid), str(cpu), "--", *argumentos]


def uids(cache=None):
    """The 1000 uids this run gives its children, one each (root only; others keep their own).

    A block of 1000 inside what this user namespace maps (65,536 in rootless containers), held
    with a lock for the run's life, so that two runs' children never share a uid.
    """
    if os.geteuid() != 0:
        return [os.getuid()]
    bloques = []
    with open("/proc/self/uid_map") as f:
        for linea in f:
            dentro, _, cuantos = map(int, linea.split())
            bloques += [b for b in range(61000, 61000 + 8 * 1000, 1000)
                        if dentro <= b and b + 1000 <= dentro + cuantos]
    if not bloques:
        raise SinAislamiento("este espacio de nombres no tiene uids libres entre 61000 y 69000")
    cache = Path(cache or cache_por_defecto())
    cache.mkdir(parents=True, exist_ok=True)
    for intento, base in enumerate(bloques + bloques[:1]):  # all taken: wait for the first
        fd = os.open(cache / ("uids-%d.lock" % base), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (fcntl.LOCK_NB if intento < len(bloques) else 0))
        except OSError:
            os.close(fd)
            continue
        _EN_USO.append(fd)
        return list(range(base, base + 1000))


def mata_uid(uid):
    """Kills every process left with that uid (chroot has no pid namespace to do it)."""
    subprocess.run(["kill", "-KILL", "-1"], user=uid, group=uid, extra_groups=[],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# --- The launcher: `aislamiento.py lanza MODO BASE UID CPU -- NODE_ARGS` ----------------------

def _lanza(modo, base, uid, cpu, argumentos):
    import resource
    programa = filtro()  # before any change of uid or root: the modules it imports stay reachable
    root = os.geteuid() == 0
    for nombre, tope in dict(LIMITES, RLIMIT_CPU=cpu,
                             RLIMIT_NPROC=HILOS_POR_HIJO if root else _tareas() + 256).items():
        resource.setrlimit(getattr(resource, nombre), (tope, tope))
    # An empty environment: not even the LC_CTYPE that Python's C-locale coercion sets here.
    if modo == "bwrap":
        if root:
            _baja(uid)
        filtro_r, filtro_w = os.pipe()  # bwrap applies it just before it execs node
        os.write(filtro_w, programa)
        os.close(filtro_w)
        os.set_inheritable(filtro_r, True)
        os.execvp("bwrap", ["bwrap", "--ro-bind", base, "/", "--proc", "/proc", "--dev", "/dev",
                            "--remount-ro", "/dev",  # else a tmpfs of half the RAM, and exec
                            "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
                            "--seccomp", str(filtro_r), "--chdir", "/", "--",
                            "/usr/bin/node", *argumentos])
    if modo == "chroot":
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        programa = ctypes.create_string_buffer(programa)

        class Programa(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
        fprog = Programa(len(programa) // 8, ctypes.addressof(programa))
        os.chroot(base)
        os.chdir("/")
        _baja(uid)
        _prctl(libc, 1, 9)  # PR_SET_PDEATHSIG, SIGKILL: after the uid change, which clears it
        # PR_SET_NO_NEW_PRIVS, then PR_SET_SECCOMP with SECCOMP_MODE_FILTER
        if _prctl(libc, 38, 1) != 0 or _prctl(libc, 22, 2, ctypes.addressof(fprog)) != 0:
            raise OSError(ctypes.get_errno(), "seccomp")
        os.execve("/usr/bin/node", ["/usr/bin/node", *argumentos], {})
    argumentos = [base + a if a.startswith("/nodo.mjs") else a for a in argumentos]
    os.execve(base + "/usr/bin/node", [base + "/usr/bin/node", *argumentos], {})


def filtro():
    """The child's seccomp filter, as cBPF: threads but no new processes (clone only with
    CLONE_THREAD, no fork, vfork or clone3, which glibc then replaces with clone), no socket()
    at all (chroot has no network namespace, and an abstract AF_UNIX name would reach the
    host's services and other children; socketpair() still works), and no io_uring, which
    could open sockets too. Anything else is allowed."""
    import platform
    import struct
    maquina = platform.machine()
    if maquina == "x86_64":
        arquitectura, socket, clone, fork, vfork = 0xC000003E, 41, 56, 57, 58
    elif maquina == "aarch64":  # it has no fork or vfork: ~0 never matches
        arquitectura, socket, clone, fork, vfork = 0xC00000B7, 198, 220, 0xFFFFFFFF, 0xFFFFFFFF
    else:
        raise OSError("no sé filtrar las llamadas al sistema en %s" % maquina)
    io_uring_setup, clone3, clone_thread = 425, 435, 0x10000
    ld, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    permite, mata = 0x7FFF0000, 0x80000000
    enosys, eperm, eacces = 0x00050000 | 38, 0x00050000 | 1, 0x00050000 | 13
    programa = [
        (ld, 0, 0, 4), (jeq, 1, 0, arquitectura), (ret, 0, 0, mata),       # 0-2: this arch only
        (ld, 0, 0, 0), (jge, 0, 1, 0x40000000), (ret, 0, 0, enosys),       # 3-5: not x32
        (jeq, 0, 1, io_uring_setup), (ret, 0, 0, enosys),                  # 6-7
        (jeq, 0, 1, clone3), (ret, 0, 0, enosys),                          # 8-9
        (jeq, 0, 1, fork), (ret, 0, 0, eperm),                             # 10-11
        (jeq, 0, 1, vfork), (ret, 0, 0, eperm),                            # 12-13
        (jeq, 0, 1, socket), (ret, 0, 0, eacces),                          # 14-15
        (jeq, 0, 3, clone), (ld, 0, 0, 16), (jset, 1, 0, clone_thread),    # 16-18: clone(flags)
        (ret, 0, 0, eperm),                                                # 19
        (ret, 0, 0, permite),                                              # 20
    ]
    return b"".join(struct.pack("HBBI", *i) for i in programa)


def _prctl(libc, opcion, *argumentos):
    import ctypes
    argumentos = [ctypes.c_ulong(a) for a in (list(argumentos) + [0, 0, 0, 0])[:4]]
    return libc.prctl(ctypes.c_int(opcion), *argumentos)


def _baja(uid):
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)


def _tareas():
    """Tasks (processes and threads) this uid runs now: RLIMIT_NPROC counts them all."""
    uid, n = os.getuid(), 0
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if os.stat("/proc/" + pid).st_uid == uid:
                    n += len(os.listdir("/proc/%s/task" % pid))
            except OSError:
                pass
    return n


if __name__ == "__main__":
    if len(sys.argv) > 6 and sys.argv[1] == "lanza" and sys.argv[6] == "--":
        _lanza(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[7:])
    sys.exit("uso: aislamiento.py lanza MODO BASE UID CPU -- ARGUMENTOS")
