"""Deal tokens: the server's signed word that it dealt a game, and when.

``POST /api/deals/`` hands one out with every deal; ``POST /api/scores/`` only
accepts a log together with a valid token.  A token is a
:class:`~django.core.signing.TimestampSigner` signature (HMAC with the
``SECRET_KEY`` and a salt of its own, so no other signed value of the site can
pass for one) over a small JSON object:

``c`` the game code, ``m`` the mode, ``i`` the issue time in milliseconds since
the epoch, ``n`` a random nonce (one accepted submission per nonce, enforced by
a unique column), ``d`` the date of the daily challenge, if it is one, and
``r`` (1) if the server chose the code at random (a new deal of a layout): only
such deals are ranked on the layout boards.  A token without ``r`` is of a
code the player chose (a shared code, a replay), as were all the tokens issued
before the key existed: they still verify, and count as chosen.

A token is valid for 24 hours.  The payload is readable by anyone (it is only
base64); nothing in it is secret, it just cannot be changed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any, Final

from django.core import signing

SALT: Final = "miaojong.deal"
MAX_AGE_S: Final = 24 * 3600
NONCE_BYTES: Final = 16


def clock() -> float:
    """Seconds since the epoch; a module-level function so tests can move the issue time."""
    return time.time()


class TokenError(ValueError):
    """A token that was forged, altered, expired or not a token at all."""


class TokenExpired(TokenError):
    pass


class _Signer(signing.TimestampSigner):
    """A TimestampSigner whose timestamp is the issue time we chose (normally now)."""

    def __init__(self, issued: float | None = None) -> None:
        super().__init__(salt=SALT)
        self._issued = issued

    def timestamp(self) -> str:
        return signing.b62_encode(int(self._issued if self._issued is not None else clock()))


@dataclass(frozen=True, slots=True)
class DealToken:
    code: str
    mode: str
    issued_ms: int
    nonce: str
    daily: dt.date | None = None
    random_deal: bool = False
    """The server chose the code at random; False for a code the player chose, and for the daily's."""

    @property
    def digest(self) -> str:
        """What the database stores to allow one submission per token."""
        return hashlib.sha256(self.nonce.encode("utf-8")).hexdigest()

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"c": self.code, "m": self.mode, "i": self.issued_ms, "n": self.nonce}
        if self.daily is not None:
            data["d"] = self.daily.isoformat()
        if self.random_deal:
            data["r"] = 1
        return data


def issue(
    code: str,
    mode: str,
    *,
    daily: dt.date | None = None,
    random_deal: bool = False,
    now: float | None = None,
) -> str:
    """A fresh token for a deal of ``code`` played in ``mode`` (``random_deal``: the server chose it)."""
    issued = clock() if now is None else now
    token = DealToken(
        code=code,
        mode=mode,
        issued_ms=int(issued * 1000),
        nonce=secrets.token_urlsafe(NONCE_BYTES),
        daily=daily,
        random_deal=random_deal,
    )
    return _Signer(issued).sign_object(token.payload())


def verify(text: object) -> DealToken:
    """The token's content; :class:`TokenError` (or :class:`TokenExpired`) if it is not valid."""
    if not isinstance(text, str) or not text or len(text) > 500:
        raise TokenError("not a deal token")
    try:
        data = _Signer().unsign_object(text, max_age=MAX_AGE_S)
    except signing.SignatureExpired:
        raise TokenExpired("expired") from None
    except (signing.BadSignature, ValueError):
        # ValueError covers a signed value that is not JSON (cannot happen
        # without the key, but a token must never crash the verification).
        raise TokenError("bad signature") from None
    try:
        return _from_payload(data)
    except (KeyError, TypeError, ValueError):
        raise TokenError("unreadable payload") from None


def _from_payload(data: Any) -> DealToken:
    code, mode, issued_ms, nonce = data["c"], data["m"], data["i"], data["n"]
    if not (isinstance(code, str) and isinstance(mode, str) and isinstance(nonce, str)):
        raise TypeError("bad payload")
    if isinstance(issued_ms, bool) or not isinstance(issued_ms, int):
        raise TypeError("bad issue time")
    daily = dt.date.fromisoformat(data["d"]) if "d" in data else None
    chosen_at_random = data.get("r", 0)
    if isinstance(chosen_at_random, bool) or chosen_at_random not in (0, 1):
        raise TypeError("bad random flag")
    return DealToken(
        code=code,
        mode=mode,
        issued_ms=issued_ms,
        nonce=nonce,
        daily=daily,
        random_deal=chosen_at_random == 1,
    )
