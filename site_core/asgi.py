"""ASGI entry point, e.g. ``uvicorn site_core.asgi:application``."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_core.settings")

application = get_asgi_application()
