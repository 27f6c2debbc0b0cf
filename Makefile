# Two commands from a fresh clone: `make serve` (set up, then serve the site) and
# `make test` (set up, then run every test). Everything else is a step of those.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `make serve LANG=he` previews one language; LANG from the environment is ignored.
ifeq ($(origin LANG),command line)
SITE_LANG := $(LANG)
endif

.PHONY: setup serve build test check js translations language bench lock chromium java catalogs clean

setup: $(VENV)/.installed node_modules/.installed catalogs

$(VENV)/.installed: requirements.lock pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

catalogs: $(VENV)/.installed
	$(BIN)/pybabel compile -d crescent/locale -D crescent 2>&1 | grep -v "^compiling catalog" || true
	$(BIN)/python -m crescent_site.shared_js  # the facts the JavaScript shares with Python

serve: setup
	$(BIN)/python scripts/serve.py $(SITE_LANG)

build: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

chromium:
	@bash scripts/ensure-chromium.sh

java:
	@bash scripts/ensure-java.sh

# The site's JavaScript: Prettier's format and ESLint's rules (versions pinned in
# package.json), in check mode; `npx prettier --write .` formats.
js: node_modules/.installed
	node_modules/.bin/prettier --check .
	node_modules/.bin/eslint .

test: setup chromium java js
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy crescent crescent_site translations hooks  # strict (pyproject.toml)
	$(BIN)/pytest -n 2 --dist loadgroup -v --durations=30  # each test named as it ends (one that hangs is the one never named); the slowest listed last

translations: setup
	$(BIN)/python -m translations report

# A new language: `make language CODE=de NAME=Deutsch`, with RTL=1 for a language written
# right to left (`python -m translations add`; `python -m translations remove CODE` undoes it).
language: setup
	$(BIN)/python -m translations add "$(CODE)" --name "$(NAME)" $(if $(RTL),--rtl)

bench/lighthouse/node_modules/.installed: bench/lighthouse/package.json bench/lighthouse/package-lock.json
	npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
	touch $@

bench: setup chromium bench/lighthouse/node_modules/.installed
	$(BIN)/python bench/movegen.py
	$(BIN)/python bench/solver_bench.py
	$(BIN)/python bench/build.py
	$(BIN)/python bench/demos.py
	$(BIN)/python bench/play.py
	$(BIN)/python bench/budget.py
	$(BIN)/python bench/network.py
	$(BIN)/python bench/lighthouse.py

lock:
	$(PYTHON) -m venv /tmp/crescent-lock && /tmp/crescent-lock/bin/pip install -q -r requirements.in
	(echo "# Generated from requirements.in by: make lock"; /tmp/crescent-lock/bin/pip freeze --all | grep -v '^pip==') > requirements.lock

clean:
	rm -rf site build .pytest_cache .mypy_cache .ruff_cache
