"""WSGI entry point, e.g. ``gunicorn site_core.wsgi``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_core.settings")

application = get_wsgi_application()
