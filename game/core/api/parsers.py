"""Reading request bodies: JSON only, and never more than MAX_BODY_BYTES."""

from __future__ import annotations

import io
from typing import Any, Final

from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from .errors import ApiError

MAX_BODY_BYTES: Final = 64 * 1024


def too_large(size: int) -> ApiError:
    return ApiError(
        f"body: the request has {size} bytes; at most {MAX_BODY_BYTES} are accepted",
        status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        code="too_large",
    )


def check_declared_size(meta: dict[str, Any]) -> None:
    """Refuse a body whose Content-Length is over the limit before reading any of it,
    and a body sent without one.

    Django and DRF read a request without ``Content-Length`` as having no body
    at all; a chunked body (``Transfer-Encoding: chunked``) would be taken for
    an empty one and answered as if nothing had been sent. It is refused with
    411 Length Required instead, which every HTTP client understands (browsers'
    ``fetch`` always sends the length of a JSON body).
    """
    if not meta.get("CONTENT_LENGTH") and meta.get("HTTP_TRANSFER_ENCODING"):
        raise ApiError(
            "body: it was sent in chunks, without a Content-Length header; send it with its length",
            status.HTTP_411_LENGTH_REQUIRED,
            code="length_required",
        )
    try:
        declared = int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise ApiError("body: the Content-Length header is not a number", code="bad_content_length") from None
    if declared > MAX_BODY_BYTES:
        raise too_large(declared)


class BoundedJSONParser(JSONParser):
    """DRF's JSONParser behind a size check of the bytes actually read."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        body = stream.read(MAX_BODY_BYTES + 1)
        if len(body) > MAX_BODY_BYTES:
            raise too_large(len(body))
        try:
            return super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError:
            # json raises this (not a ValueError) for arrays nested thousands deep.
            raise ParseError("JSON parse error - nested too deeply") from None
