# Miaojong developer commands. Everything runs inside .venv.
#   make run    - set up, migrate, load sample pages, serve on 127.0.0.1:8000
#   make test   - set up, lint (ruff, mypy), the client tests (node --test), then the whole pytest suite
#   make bench  - run every tests/benchmarks/bench_*.py script

PYTHON := .venv/bin/python
STAMP := .venv/.installed

.PHONY: setup run test lint bench messages

setup: $(STAMP)

# Reinstalls only when pyproject.toml changed (or the venv is new).
$(STAMP): pyproject.toml
	test -x $(PYTHON) || python3 -m venv .venv
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[test]'
	@if command -v msgfmt >/dev/null 2>&1; then \
		DJANGO_DEBUG=1 $(PYTHON) manage.py compilemessages --ignore=.venv -v 0; \
	else \
		echo "msgfmt not found: using the committed .mo files"; \
	fi
	touch $(STAMP)

run: setup
	DJANGO_DEBUG=1 $(PYTHON) manage.py migrate --no-input
	DJANGO_DEBUG=1 $(PYTHON) manage.py load_sample_content
	DJANGO_DEBUG=1 $(PYTHON) manage.py runserver 127.0.0.1:8000

lint: setup
	$(PYTHON) -m ruff check .
	$(PYTHON) -m mypy

# The client's pure modules are tested with Node's own runner (Node ships with the machines).
test: lint
	node --test tests/client/js/
	$(PYTHON) -m pytest

bench: setup
	@set -e; found=0; \
	for script in tests/benchmarks/bench_*.py; do \
		[ -e "$$script" ] || continue; \
		found=1; \
		echo "== $$script"; \
		$(PYTHON) "$$script"; \
	done; \
	[ "$$found" = 1 ] || echo "no benchmarks in tests/benchmarks/"

# Refresh the translation catalogues after changing interface strings.
# The game app keeps its own catalogue in game/locale/, made from inside game/.
messages: setup
	DJANGO_DEBUG=1 $(PYTHON) manage.py makemessages -l it -l pl -l ru -l fr --ignore=.venv --ignore=game
	cd game && DJANGO_DEBUG=1 DJANGO_SETTINGS_MODULE=site_core.settings PYTHONPATH=.. \
		../$(PYTHON) -m django makemessages -l it -l pl -l ru -l fr
	DJANGO_DEBUG=1 $(PYTHON) manage.py compilemessages --ignore=.venv
