"""One error shape for the whole API: ``{"error": "<message naming the field>", "code": "<code>"}``.

The message is English for developers; ``code`` is stable and machine-readable,
so a client shows its own translated text for it (:data:`CODES` lists them).
Our own refusals raise :class:`ApiError` with a message, a code and a status.
:func:`exception_handler` (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``) turns
those and everything DRF raises (validation, parse errors, unsupported media
types, throttling, 404, 405...) into that shape, and :func:`not_found` answers
paths under ``/api/`` that match no endpoint, so a client never has to parse an
HTML page or a DRF ``{"detail": ...}``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.core.exceptions import (
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import Http404, HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import set_rollback

from game.common.errors import MalformedInputError
from game.core.registry import api_error_codes

logger = logging.getLogger("game.api")

MAX_MESSAGES = 3
"""At most this many field errors are joined into one message."""


CODES: dict[str, str] = {
    "invalid": "a field is missing, of the wrong type or out of range",
    "malformed_json": "the body is not JSON",
    "unsupported_media_type": "the body is not sent as application/json",
    "too_large": "the body is over the size limit",
    "bad_content_length": "the Content-Length header is not a number",
    "length_required": "a body was sent without a Content-Length (chunked): send its length",
    "too_many_fields": "the query string (or a form) has more parameters than the server reads",
    "not_found": "no such endpoint or object",
    "method_not_allowed": "the endpoint does not take this method",
    "not_acceptable": "the client accepts no JSON",
    "forbidden": "the request is not allowed",
    "throttled": "too many requests from this address",
    "busy": "the server runs as many of these computations at once as it can: retry after Retry-After",
    "interrupted": "the computation was cut off (the server is restarting, say) and nothing was changed: "
    "retry after Retry-After",
    "internal_error": "a bug of ours (logged)",
}
"""The error codes every part of the API answers with, and what they mean (each game adds its own:
``GameInfo.api_error_codes``)."""


def known_code(code: str) -> bool:
    return code in CODES or code in api_error_codes()


class ApiError(exceptions.APIException):
    """A refusal of ours: ``message`` is shown as is (it names the field); ``code`` is a known code.

    Without ``status_code``, a game's code answers with the status its registry entry gives it
    (``ErrorCode.status``), any other with 400. ``extra`` adds fields to the error body beside
    ``error`` and ``code`` (a Rummy illegal table names the rule it broke and the set).
    """

    status_code: int = status.HTTP_400_BAD_REQUEST

    def __init__(
        self,
        message: str,
        status_code: int | None = None,
        *,
        code: str = "invalid",
        extra: dict[str, Any] | None = None,
    ) -> None:
        if not known_code(code):
            raise ValueError(f"unknown API error code {code!r}")
        super().__init__(detail=message)
        if status_code is None:
            game_code = api_error_codes().get(code)
            status_code = game_code.status if game_code is not None else status.HTTP_400_BAD_REQUEST
        self.status_code = status_code
        self.error_code = code
        self.extra = extra or {}


def error_body(message: str, code: str) -> dict[str, str]:
    return {"error": message, "code": code}


def _lower_first(message: str) -> str:
    """DRF's "This field is required." reads better after a field name as "this field..."."""
    if len(message) > 1 and message[0].isupper() and (message[1].islower() or message[1] == " "):
        return message[0].lower() + message[1:]
    return message


def _field_messages(detail: Any, path: str = "") -> Iterator[str]:
    """ "field: message" lines from a ValidationError's nested detail, first message per field."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                sub = path
            elif isinstance(key, int):
                sub = f"{path}[{key}]"
            else:
                sub = f"{path}.{key}" if path else str(key)
            yield from _field_messages(value, sub)
    elif isinstance(detail, list):
        for index, item in enumerate(detail):
            if isinstance(item, dict | list):
                # A list of nested errors (a serializer with many=True): name the item.
                yield from _field_messages(item, f"{path}[{index}]")
            else:
                yield from _field_messages(item, path)
                return  # one message per field is enough
    else:
        text = _lower_first(str(detail))
        yield f"{path}: {text}" if path else text


def validation_message(detail: Any) -> str:
    messages = list(dict.fromkeys(_field_messages(detail)))
    if not messages:
        return "the request is not valid"
    shown = "; ".join(messages[:MAX_MESSAGES])
    if len(messages) > MAX_MESSAGES:
        shown += f" (and {len(messages) - MAX_MESSAGES} more)"
    return shown


def _wait_seconds(exc: exceptions.Throttled) -> int | None:
    wait = getattr(exc, "wait", None)
    return None if wait is None else max(1, math.ceil(wait))


def _message_for(exc: exceptions.APIException, context: dict[str, Any]) -> str:
    request = context.get("request")
    if isinstance(exc, ApiError):
        return str(exc.detail)
    if isinstance(exc, exceptions.ValidationError):
        return validation_message(exc.detail)
    if isinstance(exc, exceptions.ParseError):
        return f"body: {_lower_first(str(exc.detail))} (send one JSON object)"
    if isinstance(exc, exceptions.UnsupportedMediaType):
        media = request.content_type if request is not None else "this media type"
        return f"body: unsupported media type {media!r}: send JSON with 'Content-Type: application/json'"
    if isinstance(exc, exceptions.Throttled):
        wait = _wait_seconds(exc)
        when = f"try again in {wait} seconds" if wait is not None else "try again later"
        return f"too many requests from your address: {when}"
    if isinstance(exc, exceptions.MethodNotAllowed):
        view = context.get("view")
        allowed = ", ".join(m for m in getattr(view, "allowed_methods", []) if m != "OPTIONS")
        method = request.method if request is not None else "this method"
        return f"method {method} is not allowed here; use {allowed}"
    if isinstance(exc, exceptions.NotFound):
        detail = str(exc.detail)
        if detail != exceptions.NotFound.default_detail:
            return detail
        # DRF's bare NotFound comes from content negotiation: a ?format= it does not know.
        wanted = request.query_params.get("format") if request is not None else None
        if wanted:
            return f"format: there is no format {wanted!r} here (leave ?format= out)"
        return "not found"
    if isinstance(exc, exceptions.NotAcceptable):
        return "this endpoint answers only in JSON: accept 'application/json'"
    return _lower_first(str(exc.detail))


_DRF_CODES: tuple[tuple[type[exceptions.APIException], str], ...] = (
    (exceptions.ValidationError, "invalid"),
    (exceptions.ParseError, "malformed_json"),
    (exceptions.UnsupportedMediaType, "unsupported_media_type"),
    (exceptions.Throttled, "throttled"),
    (exceptions.MethodNotAllowed, "method_not_allowed"),
    (exceptions.NotFound, "not_found"),
    (exceptions.NotAcceptable, "not_acceptable"),
    (exceptions.PermissionDenied, "forbidden"),
)


def _code_for(exc: exceptions.APIException) -> str:
    if isinstance(exc, ApiError):
        return exc.error_code
    for kind, code in _DRF_CODES:
        if isinstance(exc, kind):
            return code
    return "invalid"


def _suspicious(exc: SuspiciousOperation) -> ApiError:
    """Django answers these with a bare 400 when they escape a view; the API names what was wrong."""
    if isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        return ApiError(f"query: more than {limit} parameters; send fewer", code="too_many_fields")
    # Logged as Django logs them, to the security logger named after the kind.
    logging.getLogger(f"django.security.{exc.__class__.__name__}").error(str(exc))
    return ApiError("the request is not acceptable", code="invalid")


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF exception handler giving every error the ``{"error": ..., "code": ...}`` shape."""
    if isinstance(exc, SuspiciousOperation) and not isinstance(exc, RequestDataTooBig):
        exc = _suspicious(exc)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, RequestDataTooBig):
        exc = ApiError(
            "body: the request is too large", status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, code="too_large"
        )
    elif isinstance(exc, MalformedInputError):
        # The views validate input before the engine sees it; should the engine
        # still refuse something, it is the input's fault, and its message says why.
        exc = ApiError(str(exc))

    set_rollback()
    if not isinstance(exc, exceptions.APIException):
        # A bug of ours. Log it with its traceback and still answer in the API's shape.
        logger.error("unhandled error in the API", exc_info=exc)
        return Response(
            error_body("internal server error", "internal_error"),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )

    headers: dict[str, str] = {}
    wait = _wait_seconds(exc) if isinstance(exc, exceptions.Throttled) else getattr(exc, "retry_after", None)
    if wait is not None:
        headers["Retry-After"] = str(wait)
    body: dict[str, Any] = error_body(_message_for(exc, context), _code_for(exc))
    if isinstance(exc, ApiError):
        body.update(exc.extra)
    return Response(body, status=exc.status_code, headers=headers)


@csrf_exempt  # it changes nothing, and a POST to a mistyped path deserves the JSON 404, not a CSRF page
def not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Any path under /api/ that is no endpoint: a JSON 404 (with a hint for a missing slash)."""
    message = f"there is no API endpoint at {request.path}"
    if not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            pass
        else:
            if match.url_name != "not-found":
                message += f"; did you mean {request.path}/ ?"
    message += " (see /api/docs/)"
    return JsonResponse(error_body(message, "not_found"), status=status.HTTP_404_NOT_FOUND)
