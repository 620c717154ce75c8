# Two entry points: `make serve` and `make test`. Each sets up what it needs first.
PY   := .venv/bin/python
SHELL := /bin/bash
# The URL path the site is served under: `make build BASE=/cursos/agentes/` (docs/desplegar.md).
BASE ?= /

.PHONY: setup serve preview test lint test-py test-node build wheels chromium bubblewrap nginx libreoffice calificador test-e2e bench bench-calificar autograder

setup: .venv/.ok node_modules/.ok .cache/wheels/.ok .cache/stdlib/.ok .cache/comprimido/.ok bubblewrap calificador

.venv/.ok: requirements.txt
	python3 -m venv .venv
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

# Node side: Pyodide, CodeMirror, esbuild, playwright-core (exact versions in package-lock.json).
node_modules/.ok: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Pure-Python wheels for Pyodide, served from dist/ (the npm package ships none); see wheels.txt.
wheels: .cache/wheels/.ok

.cache/wheels/.ok: wheels.txt .venv/.ok
	$(PY) -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
	  --python-version 3.14 --platform any --implementation py -d .cache/wheels -r wheels.txt
	touch $@

# The standard library the site serves and calificar.py mounts: Pyodide's, entries stored,
# without the modules a browser cannot run (construir/stdlib.py), with the bytecode of those
# a page's boot imports (construir/bytecode.py, which imports the worker's Python to find them).
# The grader's modules, from their one list (py/modulos.py).
MODULOS := $(shell cd py && python3 -c 'from modulos import MODULOS; print(*MODULOS)')

.cache/stdlib/.ok: node_modules/.ok .venv/.ok construir/stdlib.py construir/bytecode.py construir/bytecode.mjs \
  site/src/ejecutor.py site/src/dibujo.py site/src/comprobador.py $(addprefix py/,$(MODULOS))
	$(PY) -m construir.stdlib node_modules/pyodide/python_stdlib.zip .cache/stdlib
	node construir/bytecode.mjs .cache/stdlib/python_stdlib.zip
	touch $@

# Brotli 11 of Pyodide's 10 MB wasm takes ~20 s, of the stored stdlib ~30 s: do it once here,
# so that builds take seconds.
.cache/comprimido/.ok: node_modules/.ok .venv/.ok .cache/stdlib/.ok construir/comprimir.py
	$(PY) -m construir.comprimir .cache/comprimido .cache/stdlib/python_stdlib.zip \
	  $(addprefix node_modules/pyodide/,pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm)
	touch $@

# The autograder's sandbox (bubblewrap, the one Flatpak uses) and its prepared runtime folder:
# node, Pyodide and a memory snapshot under .cache/calificar/, remade only when they change.
bubblewrap:
	@test -x /usr/bin/bwrap || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y bubblewrap)

calificador: node_modules/.ok .cache/wheels/.ok
	@python3 py/calificar.py --prepara > /dev/null

# Debian's Chromium drives the browser tests and the bench (no browser downloads here).
chromium:
	@test -x /usr/bin/chromium || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# Debian's nginx and its brotli module run docs/desplegar.md's configuration (tests/py/test_nginx.py).
nginx:
	@test -x /usr/sbin/nginx -a -e /usr/share/nginx/modules-available/mod-http-brotli-static.conf -a -x /usr/bin/openssl || \
	  (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx libnginx-mod-http-brotli-static openssl)

# LibreOffice Calc without its GUI (Debian's smallest package with Calc, no recommends)
# reads the gradebook back (tests/py/test_lote.py); measured: 57 packages, 1 min 40 s.
libreoffice:
	@test -x /usr/bin/soffice || \
	  (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libreoffice-calc-nogui)

build: setup
	$(PY) build.py --base $(BASE)

# Gradescope: one autograder zip per challenge, in dist-autograder/ (not in dist/, the public
# site, which build.py replaces whole: the zips hold the reference solutions).
autograder: setup
	$(PY) -m construir.autograder

serve: setup build
	$(PY) serve.py --base $(BASE)

# For authors: builds, serves, and rebuilds on every save of lessons/, py/ or site/, reloading
# the open pages (preview.py; no .br/.gz copies, a service worker that caches nothing).
preview: setup
	$(PY) preview.py --base $(BASE)

test: setup lint test-py test-node test-e2e

# Lint, before the suites: ruff (ruff.toml) for Python, ESLint (eslint.config.js) for JavaScript.
lint: .venv/.ok node_modules/.ok
	$(PY) -m ruff check .
	node_modules/.bin/eslint .

test-py: nginx libreoffice
	$(PY) -m pytest -q tests/py

test-node: build
	node --test tests/node/

test-e2e: build chromium
	node --test --test-concurrency=1 tests/e2e/

bench: build chromium bench-calificar
	node bench/startup.mjs --rondas 5 --perfil ambos
	node bench/comprobar.mjs
	node bench/conversacion.mjs
	$(PY) bench/vista_previa.py

bench-calificar: setup
	$(PY) bench/calificar.py
