"""The gunicorn worker that serves the ASGI application in production (``make serve``).

uvicorn's own worker with the limits this site wants: a WebSocket message is at most
64 KiB (uvicorn would buffer up to 16 MiB of one before the application sees it; the
room socket reads at most 16 KB and answers anything between with an error), and the
server pings each socket every 20 s, closing it when no pong comes back within 20 s,
so a vanished phone frees its seat for the other player to see.

One event loop per worker reads every connection, so a client that sends its headers
or body a byte at a time holds no worker (``tests/test_slow_clients.py``); a reverse
proxy in front still buffers requests and times slow ones out (README, "Production run").

uvicorn's own reading of ``X-Forwarded-For`` / ``-Proto`` is off: it would believe them
from any loopback peer (gunicorn's ``forwarded_allow_ips``) and rewrite the client
address before Django sees it. Which proxies to believe is the site's setting
(``DJANGO_TRUSTED_PROXIES``, ``site_core/proxies.py``), applied in one place.
"""

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker

WS_MAX_BYTES = 64 * 1024


class Worker(UvicornWorker):  # type: ignore[misc]
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        **UvicornWorker.CONFIG_KWARGS,
        "ws_max_size": WS_MAX_BYTES,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "proxy_headers": False,
    }
