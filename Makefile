# Two commands from a fresh clone: `make serve` (set up, then serve the site) and
# `make test` (set up, then run every test). Everything else is a step of those.
PYTHON ?= python3
# Python writes the bytecode of what it imports, as it does by default, even where the
# environment says otherwise (this machine sets PYTHONDONTWRITEBYTECODE): else every
# process the tests start compiles its imports again, and each xdist worker its tests
# (collecting the suite: 7.5 s of CPU per worker without bytecode, 3.5 s with).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
comma := ,
# `make serve LANG=he` previews one language; LANG from the environment is ignored.
ifeq ($(origin LANG),command line)
SITE_LANG := $(LANG)
endif

.PHONY: setup serve build test suite test-fast coverage check js js-test translations language bench lock chromium java catalogs clean

setup: $(VENV)/.installed node_modules/.installed catalogs

# pip installs uv (pinned in requirements.lock), and uv the rest: the venv with the same
# pins in 8 s from empty caches instead of pip's 31 s (uv compiles no bytecode at install:
# Python writes it as it imports).
$(VENV)/.installed: requirements.lock pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check "$$(grep '^uv==' requirements.lock)"
	$(BIN)/uv pip install --quiet --python $(BIN)/python -r requirements.lock
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps --no-build-isolation -e .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

catalogs: $(VENV)/.installed
	$(BIN)/python tools/catalogs.py  # a broken catalog is named with its line, and stops the command
	$(BIN)/python -m crescent_site.shared_js  # the facts the JavaScript shares with Python

serve: setup
	$(BIN)/python scripts/serve.py $(SITE_LANG)

build: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

chromium:
	@bash scripts/ensure-chromium.sh

# After `chromium`: both may install through apt, which takes one install at a time, and
# `make test` runs its steps side by side.
java: chromium
	@bash scripts/ensure-java.sh

# The site's JavaScript: Prettier's format and ESLint's rules (versions pinned in
# package.json), in check mode; `npx prettier --write .` formats.
js: node_modules/.installed
	node_modules/.bin/prettier --check .
	node_modules/.bin/eslint .

# Four xdist workers on this two-core machine: the run waits as well as computes (a
# throttled link, the service worker, networkidle, searches against a clock), and the
# workers beyond two keep both cores busy meanwhile. Fresh clones, `make test`, at stop 43:
# 8 m 13 s with three workers (pytest 466 s), 7 m 51 s with four (447 s), every test
# passing. With four the cores are idle 0.4 % of the run (vmstat), and a fifth worker only
# adds contention (pytest 487 s against 462 s with four, same clone). At stop 68 (1,844
# tests, on a machine whose Python ran 30,000,000 additions in 7.0 s instead of 5.5):
# 16 m 37 s (pytest 973 s), over the 8 minutes asked; at stop 69 (1,878 tests, builds
# taking the study's summary and the shipped archives from the build cache) 16 m 5 s
# (pytest 941 s).
WORKERS := 4
# How xdist shares the tests between its workers: a worker left without tests takes
# some queued for the other. A test that searches for a minute (tools/prove.py's) no
# longer leaves the other worker idle with tests queued behind it. (xdist_group marks
# are ignored under pytest 9.2 whatever the mode, pytest-xdist#1386; the site is built
# once per run and shared, tests/conftest.py::once_per_run.)
DIST := --dist worksteal

# The unit tests of the site's JavaScript (tests/js/): its pure parts (the board's
# motion planning and hit-testing, the record link, the stored game, the fit, the
# clock, the viewer's autoplay), on Node's built-in test runner; no browser needed.
js-test: node_modules/.installed catalogs
	node --test tests/js/

# `make test` runs the steps that do not wait on each other side by side: the venv beside
# npm and apt, the static checks beside pytest (they take seconds, pytest minutes). Either
# failing fails the run.
test:
	@$(MAKE) --no-print-directory --jobs=4 check suite

# The static checks: Python's lint, format and types, the JavaScript's (`js`, `js-test`).
check: setup js js-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy crescent crescent_site translations hooks tools  # strict (pyproject.toml)

# Every test of tests/, in xdist workers.
suite: setup chromium java
	$(BIN)/pytest -n $(WORKERS) $(DIST) -v --durations=30  # each test named as it ends (one that hangs is the one never named); the slowest listed last

# The edit loop (under a minute): the engine, the worker's API and the translations
# toolkit, less the tests marked slow (a site build or seconds of solving each); `make
# test` runs them all.
test-fast: setup
	$(BIN)/pytest tests/engine tests/browser_api tests/translations -n 2 -q -m "not slow"

# Which lines of crescent/, crescent_site/, hooks/ and translations/ the whole suite runs:
# in pytest, its xdist workers and the builds and commands they start (coverage.py's
# subprocess patch, settings in pyproject.toml). Chromium's Pyodide is not measured.
COVERAGE_DATA := $(CURDIR)/.coverage-data/run
COVERED := $(foreach d,crescent crescent_site hooks translations,$(CURDIR)/$(d)/*)
coverage: setup chromium java
	rm -rf .coverage-data && mkdir .coverage-data
	COVERAGE_FILE=$(COVERAGE_DATA) $(BIN)/coverage run -m pytest -n $(WORKERS) $(DIST) -q -p no:cacheprovider
	COVERAGE_FILE=$(COVERAGE_DATA) $(BIN)/coverage combine -q
	COVERAGE_FILE=$(COVERAGE_DATA) $(BIN)/coverage report --include="$(subst $(eval) ,$(comma),$(COVERED))" --sort=cover

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
	rm -rf site build .pytest_cache .mypy_cache .ruff_cache .coverage-data
