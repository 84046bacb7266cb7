"""The gunicorn worker that serves the ASGI application in production (``make serve``).

uvicorn's own worker with the limits this site wants: a WebSocket message is at most
16 KiB, what the room socket reads (a whole table is under 2 KB): a longer one is refused
as its frame header announces it, unread, with the close code 1009 (uvicorn would buffer
up to 16 MiB of one before the application sees it). The server pings each socket every
5 s and closes it when no pong comes back within 5 s, so a connection that died without
a word (a phone gone, a cable pulled) frees its seat within 10 s for the other player to
see; a ping is a few bytes.

One event loop per worker reads every connection, so a client that sends its headers
or body a byte at a time holds no worker (``tests/test_slow_clients.py``); a reverse
proxy in front still buffers requests and times slow ones out (docs/deployment.md, "Production run").

uvicorn's own reading of ``X-Forwarded-For`` / ``-Proto`` is off: it would believe them
from any loopback peer (gunicorn's ``forwarded_allow_ips``) and rewrite the client
address before Django sees it. Which proxies to believe is the site's setting
(``DJANGO_TRUSTED_PROXIES``, ``site_core/proxies.py``), applied in one place.
"""

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker

WS_MAX_BYTES = 16 * 1024
"""game.rummy.sockets.MAX_MESSAGE_CHARS, in bytes; settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE too."""
WS_PING_INTERVAL_S = 5.0
WS_PING_TIMEOUT_S = 5.0


class Worker(UvicornWorker):  # type: ignore[misc]
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        **UvicornWorker.CONFIG_KWARGS,
        "ws_max_size": WS_MAX_BYTES,
        "ws_ping_interval": WS_PING_INTERVAL_S,
        "ws_ping_timeout": WS_PING_TIMEOUT_S,
        "proxy_headers": False,
    }
