"""ASGI entry point: HTTP and WebSockets.

Served by ``gunicorn -k site_core.asgi_worker.Worker site_core.asgi:application``
in production (``make serve``) and by Daphne's runserver in development (``make run``).

HTTP goes to Django as usual. A WebSocket is let in only from an allowed
origin (scheme, host and port: ``site_core/origins.py``; another site's page
cannot open one in a visitor's name) and only at a path a game registered
(``GameInfo.websocket_urls``, under ``/ws/<slug>/``); anything else is refused
at the handshake.
"""

import gc
import logging
import os
import warnings
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_core.settings")

# Django first: the routes below import the games' consumers, which need the app registry.
django_application = get_asgi_application()

from asgiref.sync import sync_to_async  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

from game.core.registry import server_start_hooks, websocket_routes  # noqa: E402
from game.core.sockets import NoSuchSocket  # noqa: E402
from site_core.origins import SameOriginValidator  # noqa: E402

# WhiteNoise serves static files as a synchronous stream, which Django's ASGI handler reads in a
# thread: correct, and cheap for files this size, but it would warn on every file.
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous iterators")

# Django's path() and re_path() take ASGI consumers too (Channels' stubs know only its own kind).
sockets: list[Any] = [*websocket_routes(), re_path(r"", NoSuchSocket.as_asgi())]  # type: ignore[arg-type]

logger = logging.getLogger(__name__)


async def lifespan(scope: Any, receive: Any, send: Any) -> None:
    """The ASGI lifespan (uvicorn's; Daphne sends none): the games' start-up hooks, before any
    connection. A hook that fails is logged, never a reason not to serve."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            for hook in server_start_hooks():
                try:
                    await sync_to_async(hook, thread_sensitive=False)()
                except Exception:
                    logger.exception("start-up hook %s failed", hook.__qualname__)
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": SameOriginValidator(URLRouter(sockets)),
        "lifespan": lifespan,
    }
)

# Everything loaded so far (Django, the settings, the games' code and tables) lives as long as the
# process: out of the collector's sight, so that its full collections scan only what requests
# made since. Under the rooms load test (tests/load/run_rooms.py) each full collection stopped a
# server's event loop, every socket of it waiting, for 160 to 200 ms on a slow machine; most of
# the objects it walked were these.
gc.freeze()
