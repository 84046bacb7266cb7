"""``/healthz``: can this app server answer? For load balancers and monitoring.

It checks what every page needs, the database and the cache, and says which
one failed. The answer names no host, version or error text: it is public,
and the details go to the log instead.
"""

from __future__ import annotations

import logging
import secrets

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)

OK = "ok"
FAILED = "error"


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            row = cursor.fetchone()
    except Exception:
        # Any failure at all means "not healthy": the probe must answer, not crash.
        logger.exception("health check: the database did not answer")
        return FAILED
    return OK if row is not None and row[0] == 1 else FAILED


def cache_status() -> str:
    key = f"healthz:{secrets.token_hex(8)}"
    value = secrets.token_hex(8)
    try:
        cache.set(key, value, timeout=10)
        stored = cache.get(key)
        cache.delete(key)
    except Exception:
        # Redis raises errors of its own client library, not Django's.
        logger.exception("health check: the cache did not answer")
        return FAILED
    if stored != value:
        logger.error("health check: the cache did not keep a value")
        return FAILED
    return OK


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    parts = {"database": database_status(), "cache": cache_status()}
    healthy = all(state == OK for state in parts.values())
    response = JsonResponse({"status": OK if healthy else FAILED, **parts}, status=200 if healthy else 503)
    add_never_cache_headers(response)
    return response
