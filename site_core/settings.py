"""Django settings for Miaojong.

There is exactly one settings module. Everything that differs between a
laptop, CI and production is read from environment variables through the
small typed helpers below (modelled on healthchecks' ``hc/settings.py``).
A bad value fails loudly with ``ImproperlyConfigured`` naming the variable,
instead of silently falling back to a default.

The defaults are production-safe: ``DJANGO_DEBUG`` is off, and with debug off
a secret key and the allowed hosts must be given. ``make run`` exports
``DJANGO_DEBUG=1``; the test suite sets it through ``pytest-env`` (see
``[tool.pytest.ini_options] env`` in ``pyproject.toml``).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import secrets
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from game.core.from_games import EnumNames, ThrottlePerMinute, ThrottleRates

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE_VALUES = ("1", "true", "yes", "on")
_FALSE_VALUES = ("0", "false", "no", "off")


def _raw(name: str) -> str | None:
    """Return the variable's value, treating unset and empty (or blank) alike."""
    value = os.environ.get(name)
    if value is None or not value.strip():
        return None
    return value.strip()


def env_str(name: str, default: str | None = None, *, choices: tuple[str, ...] = ()) -> str | None:
    """A string variable; with ``choices`` the value must be one of them."""
    value = _raw(name)
    if value is None:
        return default
    if choices and value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r} is not valid; use one of: {', '.join(choices)}.")
    return value


def env_bool(name: str, default: bool) -> bool:
    """A boolean variable: 1/true/yes/on or 0/false/no/off, case-insensitive."""
    value = _raw(name)
    if value is None:
        return default
    if value.lower() in _TRUE_VALUES:
        return True
    if value.lower() in _FALSE_VALUES:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a boolean; use one of: "
        f"{', '.join(_TRUE_VALUES)} (on) or {', '.join(_FALSE_VALUES)} (off)."
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    """An integer variable, optionally with a lower bound."""
    value = _raw(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer.") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name}={number} is too small; the minimum is {minimum}.")
    return number


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """A comma-separated list; blanks around items and empty items are dropped."""
    value = _raw(name)
    if value is None:
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


def env_networks(name: str, default: list[str]) -> list[str]:
    """A comma-separated list of IP addresses and networks (``10.0.0.5``, ``10.0.0.0/8``, ``::1``),
    each written back in its canonical CIDR form."""
    networks = []
    for item in env_list(name, default):
        try:
            networks.append(str(ipaddress.ip_network(item)))
        except ValueError as error:
            raise ImproperlyConfigured(
                f"{name}: {item!r} is not an IP address or network ({error}); "
                "use e.g. 10.0.0.5, 10.0.0.0/8 or ::1"
            ) from None
    if not networks:
        raise ImproperlyConfigured(f"{name} names no address; leave it unset for loopback only.")
    return networks


def development_secret_key(path: Path) -> str:
    """The secret key of this checkout in debug mode: made at random on first use, then kept in ``path``.

    Each checkout has a key of its own, so nobody can sign deal tokens or
    sessions for someone else's debug instance (a key in the repository would
    be everybody's). The file is written whole under a temporary name and then
    linked into place, so processes starting together (the test workers) all
    end up with the one key that was linked first.
    """
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    except OSError as error:
        raise ImproperlyConfigured(f"cannot read the development secret key {path}: {error}") from None
    if key:
        return key
    draft = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as draft_file:
            draft_file.write(secrets.token_urlsafe(50) + "\n")
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process was first: its key is the one
        finally:
            draft.unlink()
        return path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise ImproperlyConfigured(
            f"cannot write the development secret key {path} ({error}): set DJANGO_SECRET_KEY instead."
        ) from None


# --- Core ------------------------------------------------------------------

DEBUG = env_bool("DJANGO_DEBUG", False)

SECRET_KEY = env_str("DJANGO_SECRET_KEY") or ""
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off "
            "(use a long random string, e.g. from "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`)."
        )
    # Debug only (make run, the test suite): a random key per checkout, kept out of git (.gitignore).
    SECRET_KEY = development_secret_key(Path(env_str("DJANGO_SECRET_KEY_FILE") or BASE_DIR / ".secret_key"))

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1"] if DEBUG else [])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS must be set when DJANGO_DEBUG is off "
        "(a comma-separated list of host names, e.g. miaojong.example)."
    )
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # Daphne's runserver serves HTTP and WebSockets together (make run); it must come before
    # django.contrib.staticfiles, whose runserver it replaces.
    "daphne",
    # modeltranslation patches the admin, so it must come before it.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    # The admin login's lockout after repeated failures (see "Authentication" below).
    "axes",
    "rest_framework",
    "drf_spectacular",  # OpenAPI schema at /api/schema/, docs at /api/docs/
    "drf_spectacular_sidecar",  # Swagger UI's files served by us, not a CDN (our CSP allows 'self' only)
    "channels",
    "game.core.apps.CoreConfig",
    "game.mahjong.apps.MahjongConfig",
    "game.rummy.apps.RummyConfig",
    "rules",
]

MIDDLEWARE = [
    # Before anything reads X-Forwarded-*: drops them unless one of TRUSTED_PROXIES sent the request.
    "site_core.middleware.TrustedProxyMiddleware",
    # Next, so that the logged duration and status cover everything below,
    # redirects and static files included.
    "site_core.middleware.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Pages, the API's answers and the script catalogue leave compressed (the play page's 54 KB
    # of HTML are 8 KB gzipped: a quarter of a second on a phone's slow line); WhiteNoise's
    # static files come compressed already and are left alone. Django pads each compressed
    # response at random against BREACH (the CSRF token in a form page).
    "django.middleware.gzip.GZipMiddleware",
    # Before WhiteNoise, which answers static files without going further down, and
    # before locale and common, whose redirects ("/" to "/en/", an added slash) are
    # made on the way out: every response gets the policy and the frame ban.
    "site_core.middleware.ContentSecurityPolicyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before common: picks the language from the URL prefix
    # and redirects "/" to the visitor's language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Last (as django-axes asks): turns a refused admin login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "site_core.urls"
WSGI_APPLICATION = "site_core.wsgi.application"
ASGI_APPLICATION = "site_core.asgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database --------------------------------------------------------------
# DATABASE_URL (e.g. postgres://user@host:5432/name) wins; without it a local
# SQLite file is used. SQLite gets WAL journaling (readers never block the
# writer), a busy timeout instead of instant "database is locked" errors, and
# IMMEDIATE transactions so that a write transaction takes its lock up front.

_SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
}

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Persistent connections for PostgreSQL; health checks drop dead ones.
        conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 60, minimum=0),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A new SQLite connection is cheap; reopening per request is the safe choice.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {**_SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
    # The test database is a file as well (one per test process, in the temp
    # folder), not Django's default shared in-memory database: that one has no
    # WAL and no busy timeout (concurrent connections fail at once with "table
    # is locked"), so tests with threads would not see what production does.
    DATABASES["default"].setdefault(
        "TEST", {"NAME": os.path.join(tempfile.gettempdir(), f"miaojong-test-{os.getpid()}.sqlite3")}
    )

# --- Cache -----------------------------------------------------------------
# Two caches, so that nothing a visitor can fill pushes out what limits them:
# "default" holds small shared state (rate-limit counters, the health check's
# probe): in Redis with REDIS_URL, shared by every process; otherwise in the
# process, with room for far more clients than one process serves. "pages"
# holds whole public pages, always in the process's own memory and bounded:
# page keys never reach Redis, so Redis holds only state and may run without
# eviction (docs/deployment.md, "Redis"). An editor's change reaches every process's page
# cache through the content version kept in the database (rules/caching.py).

STATE_CACHE_ENTRIES = 100_000
PAGE_CACHE_ENTRIES = 2_000

REDIS_URL = env_str("REDIS_URL")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "state",
            "OPTIONS": {"MAX_ENTRIES": STATE_CACHE_ENTRIES},
        }
    ),
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "pages",
        "OPTIONS": {"MAX_ENTRIES": PAGE_CACHE_ENTRIES},
    },
}

# --- WebSockets ----------------------------------------------------------------

CHANNELS_REDIS_READ_S = 10
CHANNELS_CAPACITY = 10_000
# A process's connections to Redis for its sockets' groups, and how long a socket may wait for one
# (site_core/channel_layer.py). The BZPOPMIN of the process's receive loop holds one.
CHANNELS_REDIS_CONNECTIONS = 50
CHANNELS_REDIS_WAIT_S = 10
# One process needs no broker (make run); several share their sockets' groups through Redis.
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "site_core.channel_layer.QueuedRedisChannelLayer",
            # A socket waits for its messages with BZPOPMIN, 5 s at a time; since redis-py 8 the
            # client also gives up reading after 5 s by default, and the race between the two
            # tore sockets down. Reads may take a little longer than the pop's own timeout.
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": CHANNELS_REDIS_READ_S,
                        "max_connections": CHANNELS_REDIS_CONNECTIONS,
                        "timeout": CHANNELS_REDIS_WAIT_S,
                    }
                ],
                # All the sockets of one process share one queue in Redis, and channels-redis
                # drops what a group sends beyond its capacity (100 by default): with a few
                # hundred sockets a process, a moment's lag would lose news silently.
                "capacity": CHANNELS_CAPACITY,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# Daphne (make run) refuses a longer WebSocket message unread, as site_core/asgi_worker.py has
# uvicorn do: 16 KiB, what the room socket reads (Daphne's own default is 1 MiB).
DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE = 16 * 1024
DAPHNE_WEBSOCKET_MAX_FRAME_SIZE = 16 * 1024

# --- Authentication ----------------------------------------------------------

# The admin's login, against guessing: after AXES_FAILURE_LIMIT wrong passwords from one address,
# or for one account from anywhere, that address or account is refused (even with the right
# password, and before the password is hashed, so the refusals cost nothing) until
# AXES_COOLOFF_TIME has passed without a further try. The attempts are rows in the database,
# so every process and server counts them together. `manage.py axes_reset_username NAME`
# (or `axes_reset_ip ADDRESS`) lifts a lockout early.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = dt.timedelta(minutes=env_int("DJANGO_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
# Each parameter on its own: by address or by account, whichever reaches the limit first.
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = True
# The same client address as the rate limits and the request log (TRUSTED_PROXIES).
AXES_CLIENT_IP_CALLABLE = "site_core.proxies.client_ip"
AXES_LOCKOUT_CALLABLE = "site_core.lockout.locked_out"
# Its start-up banner would be one more line per process and command.
AXES_VERBOSE = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Internationalisation ----------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("it", _("Italian")),
    ("pl", _("Polish")),
    ("ru", _("Russian")),
    ("fr", _("French")),
]
# The project's translations live in one top-level folder rather than in each
# app, because most interface strings are in the shared templates/ folder and
# makemessages run from the project root collects them all into one catalogue.
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates as each language writes them, where Django's own formats read wrong
# ("02 Dicembre 2026" in Italian): only what differs, see site_core/formats/.
FORMAT_MODULE_PATH = ["site_core.formats"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)

# --- Static files --------------------------------------------------------------

STATIC_URL = "static/"
# Where collectstatic writes (make serve uses a folder of its own in the temp folder).
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Minified, hashed, compressed files served by WhiteNoise need `collectstatic`
    # (site_core/static_storage.py); in debug (make run, tests) plain storage serves files
    # straight from apps.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "site_core.static_storage.MinifiedStaticFilesStorage"
        )
    },
}
# In debug, WhiteNoise serves files straight from the apps' static folders
# (no collectstatic needed). Read from our DEBUG, not settings.DEBUG, which
# the test runner forces off.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# --- Security ----------------------------------------------------------------

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"

# Sent on every response, in debug too, so that the test suite and the browser
# tests run under the policy production uses (site_core/middleware.py). Every
# script and style of ours is a file: no inline <script>, <style> or style=""
# (json_script blocks are data, never executed, so they need no exception).
# data: images are for the admin's and Swagger UI's small inline icons.
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "font-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
}

BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", False)
if BEHIND_PROXY:
    # Only trust this header when a proxy we control always sets it.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# How many proxies of ours stand in front and append to X-Forwarded-For: the
# client address is the one the outermost of them saw, the rest of the header
# is whatever the client wrote. Used by the rate limits and the request log.
NUM_PROXIES = env_int("DJANGO_NUM_PROXIES", 1 if BEHIND_PROXY else 0, minimum=0)
# The addresses our proxies connect from. X-Forwarded-For and X-Forwarded-Proto are believed
# only on a connection from one of them; anybody else reaching the app server directly is known
# by its own address, whatever it writes (site_core/proxies.py).
TRUSTED_PROXIES = env_networks("DJANGO_TRUSTED_PROXIES", ["127.0.0.0/8", "::1"])

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # Load balancers probe over plain HTTP and do not follow redirects.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 60 * 60 * 24 * 365, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

# --- REST framework ------------------------------------------------------------

# Requests per minute per client address, by scope: "reads" (every plain GET of the API) here, each
# game's own scopes in its registry entry (GameInfo.throttle_rates), looked up when first read.
THROTTLE_PER_MINUTE = ThrottlePerMinute({"reads": 300})
# Multiplies every rate above: the load test (tests/load/run_load.py) plays
# hundreds of games from the one loopback address.
THROTTLE_SCALE = env_int("DJANGO_THROTTLE_SCALE", 1, minimum=1)

# How many second-long computations (Mahjong solves, Rummy computer moves, dead-end searches, all
# kinds together) the machine runs at once, whatever the number of server processes; a request
# beyond that is answered 503 at once (game/core/api/busy.py). The rate limits bound each client;
# this bounds all of them together, so a crowd of clients each within its limit still cannot
# occupy every processor. One per processor by default.
PROCESSORS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
MAX_CONCURRENT_SOLVES = env_int("DJANGO_MAX_CONCURRENT_SOLVES", PROCESSORS, minimum=1)
# Where the machine's slots are kept (game/core/heavy.py): leases in Redis when it is configured,
# else lock files in this directory, shared by every server process of this user on the machine.
HEAVY_WORK_REDIS_URL = REDIS_URL
HEAVY_WORK_DIR = Path(
    env_str("DJANGO_HEAVY_WORK_DIR")
    or os.path.join(tempfile.gettempdir(), f"miaojong-heavy-work-{os.getuid()}")
)

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": (
        ["rest_framework.renderers.JSONRenderer"]
        + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else [])
    ),
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every API error as {"error": "..."}, DRF's own included (game/core/api/errors.py).
    "EXCEPTION_HANDLER": "game.core.api.errors.exception_handler",
    # Per client address, counted in the default cache (Redis when REDIS_URL is
    # set, so all workers share the counts). Scopes are set on the API views.
    "DEFAULT_THROTTLE_RATES": ThrottleRates(THROTTLE_PER_MINUTE, THROTTLE_SCALE),
    # The client address for throttling: REMOTE_ADDR, or behind our proxies the
    # address the outermost one appended to X-Forwarded-For. Never the whole
    # header, which any client can fill in (DRF's default with NUM_PROXIES unset).
    "NUM_PROXIES": NUM_PROXIES,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Miaojong API",
    # Each game's line is added from the registry (game/core/api/schema.py).
    "DESCRIPTION": (
        'The games of the site, listed below. Every error is answered as {"error": "<message naming '
        'the field>", "code": "<stable code>"}.'
    ),
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "game.core.api.schema.describe_games",
    ],
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from drf-spectacular-sidecar's static files instead of a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Names for choice sets used by several fields ("mode" and "daily" share one): each game's
    # GameInfo.api_enum_names.
    "ENUM_NAME_OVERRIDES": EnumNames(),
}

# --- Logging -----------------------------------------------------------------

LOG_LEVEL = env_str("DJANGO_LOG_LEVEL", "INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"))
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "filters": {"without_traceback": {"()": "site_core.log_filters.WithoutTraceback"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "plain",
        },
        "console_one_line": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "plain",
            "filters": ["without_traceback"],
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
        # A refused Host, a bad signature...: the client's doing, one line each (log_filters.py).
        "django.security": {"handlers": ["console_one_line"], "level": LOG_LEVEL, "propagate": False},
        # One line per request (site_core/middleware.py). Off in debug, where
        # runserver prints its own; DJANGO_REQUEST_LOG turns it on or off.
        # Its lines reach stdout through the root's handler.
        "miaojong.requests": {"level": "INFO" if env_bool("DJANGO_REQUEST_LOG", not DEBUG) else "WARNING"},
        # django-axes: its warnings (repeated failures, lockouts) matter; its INFO lines are bookkeeping.
        "axes": {"level": "WARNING"},
    },
}
