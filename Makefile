# Two entry points: `make serve` and `make test`. Each sets up what it needs first.
PY   := .venv/bin/python
SHELL := /bin/bash

.PHONY: setup serve test test-py test-node

setup: .venv/.ok

.venv/.ok: requirements.txt
	python3 -m venv .venv
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

serve: setup

test: setup test-py test-node

test-py:
	$(PY) -m pytest -q tests/py

test-node:
	node --test tests/node/
