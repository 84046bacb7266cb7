"""The API's base view, its documented error answers, and the views that belong to no game:
the endpoint list, the OpenAPI schema and its Swagger UI."""

from __future__ import annotations

import threading
from typing import Any

from django.conf import settings
from django.utils import translation
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game.core import heavy
from game.core.registry import games

from .busy import Interrupted, TryAgain
from .parsers import BoundedJSONParser, check_declared_size
from .serializers import ErrorSerializer
from .throttling import ClientRateThrottle

ERROR_DESCRIPTIONS = {
    400: "Invalid input; the message names the field.",
    401: "No credential was sent.",
    403: "The credential is not valid here.",
    404: "Not found.",
    409: "It conflicts with the state of things (the code says which).",
    410: "Gone: it has expired.",
    413: "The body is larger than 64 KB.",
    411: "A body was sent in chunks, without Content-Length.",
    415: "The body is not JSON.",
    429: "Too many requests from this address; see Retry-After.",
    503: "The server is running as many of these at once as it can; see Retry-After.",
}


def error_responses(*codes: int, **descriptions: str) -> dict[int, OpenApiResponse]:
    """The schema's answers for these HTTP error statuses, all in the one error shape.

    ``descriptions`` override the usual text of a status for one endpoint: ``s409="..."``.
    """
    return {
        code: OpenApiResponse(
            ErrorSerializer, description=descriptions.get(f"s{code}", ERROR_DESCRIPTIONS[code])
        )
        for code in codes
    }


class ApiView(APIView):
    """Base of the public API's views.

    CSRF: the API authenticates nobody (``authentication_classes = []``).  DRF
    only enforces CSRF inside SessionAuthentication, and ``APIView`` views are
    exempt from Django's CSRF middleware, so JSON posted with ``fetch`` works
    for everyone, including a logged-in editor whose session cookie rides
    along.  That is safe because no endpoint acts on the session or on any
    account: a forged cross-site request can do nothing the attacker could not
    do directly (and, being JSON-only, a plain HTML form cannot even post one;
    other media types get 415).  An endpoint that ever needs the user must
    enable SessionAuthentication, and with it CSRF tokens, for itself.
    """

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    parser_classes = [BoundedJSONParser]
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "reads"

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        check_declared_size(request.META)

    def get_throttles(self) -> list[Any]:
        # Kept, so that a refusal for want of a slot can give back what they counted.
        self.counted_by: list[Any] = super().get_throttles()
        return self.counted_by

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, heavy.Interrupted):
            exc = Interrupted()
        if isinstance(exc, TryAgain):
            for throttle in getattr(self, "counted_by", []):
                if isinstance(throttle, ClientRateThrottle):
                    throttle.refund()
        return super().handle_exception(exc)


class ApiRootView(ApiView):
    @extend_schema(
        summary="List the endpoints",
        description="Where everything is; /api/docs/ describes it all.",
        responses={
            200: inline_serializer(
                "ApiRoot", {"endpoints": serializers.DictField(child=serializers.CharField())}
            ),
            **error_responses(429),
        },
    )
    def get(self, request: Request) -> Response:
        endpoints: dict[str, str] = {}
        for game in games():
            endpoints.update(game.api_endpoints)
        endpoints.update({"schema": "/api/schema/", "docs": "/api/docs/"})
        return Response({"endpoints": endpoints})


_schemas: dict[str, dict[str, Any]] = {}
"""The schema in each language, built once per process."""
_building = threading.Lock()


def _schema_language() -> str:
    """The language the schema is written in now (``?lang=``), one of ours: a bounded key."""
    try:
        return translation.get_supported_language_variant(translation.get_language() or "")
    except LookupError:
        return str(settings.LANGUAGE_CODE)


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema, rate-limited like the other reads.

    Built once per process and language, by one request while any others wait: drf-spectacular
    loads its extensions the first time a generator runs, and two doing it at once on a cold
    worker (each request has its thread under ASGI) failed with a 500. The schema depends on
    the code alone, so the first answer is every later one's too."""

    authentication_classes: list[type] = []
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "reads"

    def _get_schema_response(self, request: Request) -> Response:
        language = _schema_language()
        with _building:
            schema = _schemas.get(language)
            if schema is None:
                generator = self.generator_class(
                    urlconf=self.urlconf, api_version=self.api_version, patterns=self.patterns
                )
                schema = _schemas[language] = generator.get_schema(request=request, public=self.serve_public)  # type: ignore[no-untyped-call]
        filename = self._get_filename(request, self.api_version)  # type: ignore[no-untyped-call]
        return Response(data=schema, headers={"Content-Disposition": f'inline; filename="{filename}"'})

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        # Errors (?format=xml, throttling) in the API's JSON shape, not as a YAML document.
        if response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI; its start-up script is fetched as a file (?script), as our CSP allows no inline script."""

    authentication_classes: list[type] = []
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "reads"
