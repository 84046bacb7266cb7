"""The page a locked-out admin login gets (django-axes calls :func:`locked_out`; see ``AXES_*`` in
the settings)."""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

TEMPLATE = "admin/locked_out.html"


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """429 with the admin's look, saying in the visitor's language how long the pause lasts.

    It names neither the account nor which limit was reached (address or
    account), which would only help someone guessing; ``Retry-After`` gives
    the cool-off in seconds for scripts.
    """
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    context = {
        **admin.site.each_context(request),
        "title": _("Too many failed logins"),
        "minutes": math.ceil(seconds / 60),
    }
    response = TemplateResponse(request, TEMPLATE, context, status=429)
    response["Retry-After"] = str(seconds)
    return response.render()
