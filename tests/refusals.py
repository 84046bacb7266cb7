"""The one way the tests read a refusal of the API: ``{"error": ..., "code": ...}`` and its status."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from game.core.api.errors import known_code

STATUS_CODES: Final = {
    404: "not_found",
    405: "method_not_allowed",
    411: "length_required",
    413: "too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "internal_error",
    503: "busy",
}
"""The code every refusal of these statuses has (a 400, 403 or 409 may have several)."""


def refused(response: Any, status: int = 400, code: str | None = None, extra: Iterable[str] = ()) -> str:
    """The message of a refusal, after checking its status, its shape and its code.

    The code is ``code`` when given, else the one its status always has (if it
    has one); either way one the API lists.  The body holds ``error``, ``code``
    and the ``extra`` fields, nothing else.
    """
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "code", *extra}, body
    expected = code or STATUS_CODES.get(status)
    if expected is not None:
        assert body["code"] == expected, body
    assert known_code(body["code"]), body
    message: str = body["error"]
    assert message, body
    return message
