# Miaojong developer commands. Everything runs inside .venv.
#   make run    - set up, migrate, load sample pages, serve on 127.0.0.1:8000
#   make test   - set up, lint, the client tests (node --test), then the whole pytest suite (two workers)
#   make lint   - ruff (check and format), mypy, import-linter, tsc and eslint over the client
#   make bench  - run every tests/benchmarks/bench_*.py script
#   make serve  - the production setup, locally: collectstatic, migrate, gunicorn (ASGI, uvicorn workers) on 127.0.0.1:8000
#   make load   - the load tests: many players at once on PostgreSQL and SQLite; 200 online rooms over two ASGI processes
#   make lock   - refresh requirements.lock (pinned, hashed) from pyproject.toml

PYTHON := .venv/bin/python
STAMP := .venv/.installed
# npm ci writes this file; it is newer than package-lock.json once the install is done.
NODE_STAMP := node_modules/.package-lock.json
PYTEST_WORKERS ?= 2

.PHONY: setup run test lint bench messages
.PHONY: serve load lock

setup: $(STAMP) $(NODE_STAMP) tsconfig.json

# tsc reads "../../core/js/api.js" in any game's client as the file it is served as through
# rootDirs: every game/<name>/static, found here (a new game is not listed anywhere), written
# into tsconfig.json over tsconfig.base.json's options. git ignores the file made.
GAME_STATIC := $(wildcard game/*/static)
tsconfig.json: tsconfig.base.json $(GAME_STATIC)
	node -e 'require("fs").writeFileSync("tsconfig.json", JSON.stringify({extends: "./tsconfig.base.json", compilerOptions: {rootDirs: process.argv.slice(1)}}, null, 2) + "\n")' $(GAME_STATIC)

# tsc and eslint for the client, pinned by package-lock.json.
$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

# Reinstalls only when the lock file changed (or the venv is new). Every package,
# pip and setuptools included, comes pinned and hashed from requirements.lock;
# the project itself is then installed on top without touching them.
$(STAMP): pyproject.toml requirements.lock
	test -x $(PYTHON) || python3 -m venv .venv
	$(PYTHON) -m pip install --quiet --require-hashes -r requirements.lock
	$(PYTHON) -m pip install --quiet --no-deps --no-build-isolation -e .
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
	$(PYTHON) -m ruff format --check .
	DJANGO_DEBUG=1 $(PYTHON) -m mypy
	DJANGO_DEBUG=1 $(PYTHON) manage.py lint_imports
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/eslint .

# The client's pure modules are tested with Node's own runner (Node ships with the machines).
test: lint
	node --test tests/client/js/
	$(PYTHON) -m pytest -n $(PYTEST_WORKERS)

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
# Each game app keeps its own catalogues in game/<name>/locale/, made from inside its folder
# (every folder of game/ with an apps.py: the shared core and each game).
GAME_APPS := $(patsubst %/apps.py,%,$(wildcard game/*/apps.py))
messages: setup
	DJANGO_DEBUG=1 $(PYTHON) manage.py makemessages -l it -l pl -l ru -l fr --ignore=.venv --ignore=game --ignore=node_modules
	@set -e; for app in $(GAME_APPS); do \
		mkdir -p $$app/locale; \
		(cd $$app && DJANGO_DEBUG=1 DJANGO_SETTINGS_MODULE=site_core.settings PYTHONPATH=$(CURDIR) \
			$(CURDIR)/$(PYTHON) -m django makemessages -l it -l pl -l ru -l fr --ignore=static --ignore=engine; \
		 DJANGO_DEBUG=1 DJANGO_SETTINGS_MODULE=site_core.settings PYTHONPATH=$(CURDIR) \
			$(CURDIR)/$(PYTHON) -m django makemessages -d djangojs -l it -l pl -l ru -l fr --ignore=static/*/tiles); \
	done
	DJANGO_DEBUG=1 $(PYTHON) manage.py compilemessages --ignore=.venv --ignore=node_modules

# Production mode on loopback: DJANGO_DEBUG=0, hashed static files served by
# WhiteNoise, gunicorn. Only the HTTPS redirect is off (plain HTTP on 127.0.0.1),
# which is the one warning `check --deploy` prints here. The secret key is made
# once and kept in SERVE_DIR; DATABASE_URL and REDIS_URL pass through if set.
# gunicorn 25.1+ opens a control socket at one fixed path per user (~/.gunicorn/gunicorn.ctl):
# a second server (another checkout's, the load test's) would take it over, so none is opened.
SERVE_DIR := $(or $(TMPDIR),/tmp)/miaojong-serve
SERVE_PORT ?= 8000
# An online room's two players must reach each other's sockets: several workers only through
# Redis (REDIS_URL, channels-redis). Without it, one worker, said aloud: with the in-memory layer
# each worker would hold its own players, and moves would silently never arrive.
SERVE_WORKERS := $(if $(REDIS_URL),2,1)
SERVE_NOTICE := $(if $(REDIS_URL),2 workers sharing the rooms' sockets through Redis,1 worker only: REDIS_URL is not set and an online room's players must reach each other; set it for 2)
SERVE_ENV := DJANGO_DEBUG=0 DJANGO_ALLOWED_HOSTS=127.0.0.1,localhost DJANGO_SECURE_SSL_REDIRECT=0 \
	DJANGO_STATIC_ROOT=$(SERVE_DIR)/static

serve: setup
	@mkdir -p $(SERVE_DIR)
	@test -s $(SERVE_DIR)/secret_key || (umask 077; $(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $(SERVE_DIR)/secret_key)
	@set -e; export $(SERVE_ENV) DJANGO_SECRET_KEY="$$(cat $(SERVE_DIR)/secret_key)"; \
	$(PYTHON) manage.py check --deploy; \
	$(PYTHON) manage.py collectstatic --no-input -v 0; \
	$(PYTHON) manage.py migrate --no-input; \
	echo "serving on http://127.0.0.1:$(SERVE_PORT) (static files in $(SERVE_DIR)/static), $(SERVE_NOTICE)"; \
	exec .venv/bin/gunicorn site_core.asgi:application --bind 127.0.0.1:$(SERVE_PORT) \
		--workers $(SERVE_WORKERS) --worker-class site_core.asgi_worker.Worker --no-control-socket

# PostgreSQL at 127.0.0.1:5432 (user postgres, trust auth) is needed; see tests/load/run_load.py --help.
load: setup
	$(PYTHON) tests/load/run_load.py --players 200 --games 3 --sqlite-players 20 --time-limit 600
	$(PYTHON) tests/load/run_rooms.py --rooms 200

# After changing dependencies in pyproject.toml: pins every package (with hashes) anew.
lock:
	test -x $(PYTHON) || python3 -m venv .venv
	$(PYTHON) -m pip install --quiet pip-tools
	$(PYTHON) -m piptools compile --quiet --extra test --generate-hashes --strip-extras --allow-unsafe \
		--no-emit-index-url --no-emit-find-links \
		--upgrade -o requirements.lock pyproject.toml
