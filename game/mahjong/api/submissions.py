"""Verifying a submitted game and storing it: the rules of ``POST /api/scores/``.

The checks run in this order, each refusal an :class:`~game.core.api.errors.ApiError`
naming the field:

1. the token is the server's, unaltered and under 24 hours old (400);
2. no score was accepted for this token yet (409; the unique ``token_digest``
   column decides under concurrency, see :func:`store`);
3. sizes and shapes: at most :data:`MAX_EVENTS` events, a valid name (400; the
   64 KB body limit is enforced before the body is even parsed);
4. the log replays through the engine; every figure stored is recomputed from
   it (400, saying whether the log is malformed or the play illegal); classic
   games must end with the board cleared;
5. the log's times fit between the token's issue and now, plus
   :data:`CLOCK_SLACK_MS` (400);
6. plausibility: :data:`FAST_STREAK` matches in a row, each under
   :data:`FAST_MATCH_MS` after the one before, get the entry flagged: stored,
   but off the leaderboards until an admin approves it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.db import IntegrityError, transaction
from rest_framework import status

from game.core.api import tokens
from game.core.api.errors import ApiError
from game.core.player_names import clean_name
from game.mahjong.engine import (
    EventType,
    IllegalLogError,
    MalformedError,
    MalformedLogError,
    Mode,
    Result,
    Status,
    replay,
)
from game.mahjong.engine.codes import GameCode
from game.mahjong.models import Score

from .daily import daily_code

MAX_EVENTS: Final = 2_000
CLOCK_SLACK_MS: Final = 5_000
FAST_MATCH_MS: Final = 150
FAST_STREAK: Final = 10


@dataclass(frozen=True, slots=True)
class Verified:
    """A submission that passed every check, ready to be stored."""

    token: tokens.DealToken
    name: str
    log: list[dict[str, Any]]
    result: Result
    flagged: bool


def check_token(text: str) -> tokens.DealToken:
    try:
        token = tokens.verify(text)
    except tokens.TokenExpired:
        raise ApiError(
            "token: the deal token has expired: a game must be submitted within 24 hours of its deal",
            code="token_expired",
        ) from None
    except tokens.TokenError:
        raise ApiError(
            "token: not a valid deal token (forged, altered or not from this server): "
            "use the token POST /api/deals/ returned",
            code="token_invalid",
        ) from None
    # The signature makes these impossible unless the key leaked; checked all the same.
    try:
        code = GameCode.parse(token.code)
        Mode.parse(token.mode)
    except MalformedError:
        raise ApiError("token: not a valid deal token (unknown game)", code="token_invalid") from None
    if token.daily is not None and daily_code(token.daily, token.mode) != code:
        raise ApiError("token: not a valid deal token (not that day's daily challenge)", code="token_invalid")
    return token


def already_submitted_error() -> ApiError:
    return ApiError(
        "token: a score was already submitted for this deal (one per deal): deal a new game",
        status.HTTP_409_CONFLICT,
        code="already_submitted",
    )


def fast_streak(log: Sequence[dict[str, Any]]) -> int:
    """The longest run of matches each made under FAST_MATCH_MS after the previous match.

    ``log`` must have passed the replay: every event is then a well-formed dict.
    """
    longest = run = 0
    last: int | None = None
    for event in log:
        if event["type"] != EventType.MATCH:
            continue
        t = event["t"]
        if last is not None and t - last < FAST_MATCH_MS:
            run += 1
            longest = max(longest, run)
        else:
            run = 0
        last = t
    return longest


def verify(token_text: str, name: str, log: list[Any], *, now_ms: int) -> Verified:
    """Run checks 1 to 6 on a submission whose JSON types are already right."""
    token = check_token(token_text)
    if Score.objects.filter(token_digest=token.digest).exists():
        raise already_submitted_error()

    if len(log) > MAX_EVENTS:
        raise ApiError(f"log: at most {MAX_EVENTS} events, not {len(log)}", code="log_too_long")
    try:
        clean = clean_name(name)
    except ValueError as error:
        raise ApiError(f"name: {error}", code="name_invalid") from None

    try:
        result = replay(token.code, token.mode, log)
    except MalformedLogError as error:
        raise ApiError(
            f"log event {error.index} is malformed: {error.reason}", code="log_malformed"
        ) from None
    except IllegalLogError as error:
        raise ApiError(
            f"log event {error.index} is an illegal move: {error.reason}", code="log_illegal"
        ) from None
    if result.mode is Mode.CLASSIC and result.status is not Status.CLEARED:
        raise ApiError(
            "log: a classic game is submitted once the board is cleared, but this log ends with tiles "
            f"on the board (status {result.status.value})",
            code="not_cleared",
        )

    elapsed_ms = max(0, now_ms - token.issued_ms)
    bound_ms = elapsed_ms + CLOCK_SLACK_MS
    if result.time_ms is not None and result.time_ms > bound_ms:
        raise ApiError(
            f"log: the game claims a time of {_seconds(result.time_ms)}, but only {_seconds(elapsed_ms)} "
            "passed since it was dealt",
            code="impossible_time",
        )
    if result.duration_ms > bound_ms:
        raise ApiError(
            f"log: its last event comes {_seconds(result.duration_ms)} after the deal, but only "
            f"{_seconds(elapsed_ms)} passed since it was dealt",
            code="impossible_time",
        )

    # The replay accepted the log, so it is already in the engine's canonical
    # form (Event.from_json takes exactly that shape): it is stored as sent.
    flagged = fast_streak(log) >= FAST_STREAK
    return Verified(token=token, name=clean, log=log, result=result, flagged=flagged)


def store(verified: Verified, *, created: dt.datetime | None = None) -> Score:
    """Save the entry; :class:`ApiError` 409 if another request stored one for the token first.

    The unique constraint on ``token_digest`` is what makes "one submission per
    token" hold when several requests race past the existence check in
    :func:`verify`: the database lets exactly one insert through.  The insert
    runs in its own atomic block so the IntegrityError leaves any enclosing
    transaction usable.
    """
    result, token = verified.result, verified.token
    code = GameCode.parse(token.code)
    entry = Score(
        code=str(code),
        layout=code.layout_id,
        mode=result.mode.value,
        level=result.level,
        time_ms=result.time_ms if result.mode is Mode.CLASSIC else None,
        score=result.score if result.mode is Mode.ARCADE else None,
        duration_ms=result.duration_ms,
        moves=result.moves,
        hints=result.hints,
        shuffles=result.shuffles,
        name=verified.name,
        log=verified.log,
        token_digest=token.digest,
        daily=token.daily,
        flagged=verified.flagged,
    )
    if created is not None:
        entry.created = created
    try:
        with transaction.atomic():
            entry.save(force_insert=True)
    except IntegrityError:
        if Score.objects.filter(token_digest=token.digest).exists():
            raise already_submitted_error() from None
        raise
    return entry


def _seconds(ms: int) -> str:
    return f"{ms / 1000:.1f} s"
