#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image: it installs what
# calificar.py needs (Debian/Ubuntu packages only) and prepares its runtime folder (node,
# Pyodide and a memory snapshot, under source/.cache/calificar/), so that no submission pays for it.
set -euo pipefail
RAIZ="${AUTOGRADER_RAIZ:-/autograder}"

paquetes=(bubblewrap)
command -v node > /dev/null || paquetes+=(nodejs)
command -v python3 > /dev/null || paquetes+=(python3)
type -P kill > /dev/null || paquetes+=(procps)  # calificar.py ends a child's leftovers with kill(1)
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${paquetes[@]}"

version="$(node --version)"
mayor="${version#v}"
mayor="${mayor%%.*}"
if [ "$mayor" -lt 18 ]; then
  echo "setup.sh: el calificador necesita Node.js 18 o posterior, y esta imagen tiene $version." >&2
  echo "setup.sh: elige la imagen base Ubuntu 24.04 (Configure Autograder > Base Image), cuyo" >&2
  echo "setup.sh: paquete nodejs es la 18; el de Ubuntu 22.04, la imagen por defecto, es la 12." >&2
  exit 1
fi
# The chroot path (Gradescope's) starts processes with subprocess's user=, new in Python 3.9.
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))'; then
  echo "setup.sh: el calificador necesita Python 3.9 o posterior: elige la imagen base Ubuntu 24.04." >&2
  exit 1
fi

python3 "$RAIZ/source/py/calificar.py" --prepara
