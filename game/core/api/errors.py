"""One error shape for the whole API: ``{"error": "<message naming the field>"}``.

Our own refusals raise :class:`ApiError` with a message and a status.
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

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import set_rollback

from game.mahjong.engine import MalformedError

logger = logging.getLogger("game.mahjong.api")

MAX_MESSAGES = 3
"""At most this many field errors are joined into one message."""


class ApiError(exceptions.APIException):
    """A refusal of ours: ``message`` is shown as is (it names the field)."""

    status_code: int = status.HTTP_400_BAD_REQUEST

    def __init__(self, message: str, status_code: int = status.HTTP_400_BAD_REQUEST) -> None:
        super().__init__(detail=message)
        self.status_code = status_code


def error_body(message: str) -> dict[str, str]:
    return {"error": message}


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


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF exception handler giving every error the ``{"error": ...}`` shape."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, RequestDataTooBig):
        exc = ApiError("body: the request is too large", status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    elif isinstance(exc, MalformedError):
        # The views validate input before the engine sees it; should the engine
        # still refuse something, it is the input's fault, and its message says why.
        exc = ApiError(str(exc))

    set_rollback()
    if not isinstance(exc, exceptions.APIException):
        # A bug of ours. Log it with its traceback and still answer in the API's shape.
        logger.error("unhandled error in the API", exc_info=exc)
        return Response(error_body("internal server error"), status=status.HTTP_500_INTERNAL_SERVER_ERROR)

    headers: dict[str, str] = {}
    wait = _wait_seconds(exc) if isinstance(exc, exceptions.Throttled) else None
    if wait is not None:
        headers["Retry-After"] = str(wait)
    return Response(error_body(_message_for(exc, context)), status=exc.status_code, headers=headers)


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
    return JsonResponse(error_body(message), status=status.HTTP_404_NOT_FOUND)
