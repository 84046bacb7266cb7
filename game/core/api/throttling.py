"""Per-client rate limits, counted in the default cache (shared by all workers with Redis)."""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from site_core.proxies import client_ip


class ClientRateThrottle(ScopedRateThrottle):
    """ScopedRateThrottle keyed by the client's IP address, with rates read per request.

    DRF's own class copies ``DEFAULT_THROTTLE_RATES`` once, when it is imported,
    so a settings override (in tests, say) would not reach it; this one looks the
    rate up each time.  The API authenticates nobody, so the key is always the
    address, as :func:`site_core.proxies.client_ip` names it: ``REMOTE_ADDR``,
    or the address our trusted proxies put in ``X-Forwarded-For`` (never what a
    client reaching the server directly wrote there).
    """

    duration: int
    """The rate's window in seconds (DRF sets it when it reads the rate)."""

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES
        if self.scope not in rates:
            raise ImproperlyConfigured(f"no throttle rate set for the '{self.scope}' scope")
        rate = rates[self.scope]
        return None if rate is None else str(rate)

    def get_ident(self, request: Request) -> str:
        return client_ip(request)

    def refund(self) -> None:
        """Give back the request this throttle just counted (a refusal that cost the server nothing).

        Removes the one timestamp :meth:`allow_request` added to the client's
        history, if it is still there; a request it did not count (no rate for
        the scope) has nothing to give back.
        """
        key = getattr(self, "key", None)
        if key is None:
            return
        history = list(self.cache.get(key, []))
        if self.now in history:
            history.remove(self.now)
            self.cache.set(key, history, self.duration)
