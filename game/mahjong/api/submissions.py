"""Verifying a submitted game and storing it: the rules of ``POST /api/scores/``.

The checks run cheapest first, so that a refusal costs milliseconds and only a
log that passed everything else is replayed (the replay searches a solvable
arrangement for every shuffle).  Each refusal is an
:class:`~game.core.api.errors.ApiError` naming the field:

1. the token is the server's, unaltered and under 24 hours old (400); a daily
   challenge's token is taken until its UTC day ends plus :data:`DAILY_GRACE`
   (400 ``daily_closed``);
2. no score was accepted for this token yet (409; the unique ``token_digest``
   column decides under concurrency, see :func:`store`);
3. sizes and counts, from the log as sent (the items of the JSON list, or the
   spaces and letters of the text form, see :mod:`game.mahjong.engine.events`),
   before any event is read: in classic at most :data:`MAX_EVENTS` events and
   :data:`MAX_CLASSIC_SHUFFLES` shuffles, in arcade at most
   :data:`MAX_ARCADE_EVENTS` events and :data:`MAX_ARCADE_LEVELS` levels, and
   :data:`MAX_HINTS` hints in both (400 ``log_too_long``; arcade allows three
   shuffles, which the replay enforces); a valid name (the 64 KB body limit is
   enforced before the body is even parsed);
4. the events are readable (400 ``log_malformed``) and their times fit between
   the token's issue and now, plus :data:`CLOCK_SLACK_MS` (400);
5. no person could have made them so fast (400 ``impossible_timing``: the
   floors and their sources are in :mod:`.timing`);
6. the moves are not those of an entry already stored for the same code and
   mode (409 ``copied_log``; the unique ``moves_digest`` column decides under
   concurrency);
7. the log replays through the engine; every figure stored is recomputed from
   it, and so is what its replay page will show (400, saying whether the log
   is malformed or the play illegal); classic games must end with the board
   cleared;
8. plausibility: a possible game that looks like a program's, or beats the
   board by far, is stored but held for review (:func:`review_reasons`); the
   others are ranked at once.  The reasons and the timing statistics are
   stored on the entry for the moderators either way.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.db import IntegrityError, transaction
from rest_framework import status

from game.core.api import tokens
from game.core.api.errors import ApiError
from game.core.player_names import clean_name
from game.mahjong.engine import (
    Event,
    EventType,
    IllegalLogError,
    MalformedError,
    MalformedLogError,
    Mode,
    Result,
    Status,
    log_to_json,
    parse_log,
    parse_log_text,
)
from game.mahjong.engine.codes import GameCode
from game.mahjong.engine.events import SEPARATOR
from game.mahjong.models import Score, moves_digest
from game.mahjong.replays import play_back

from .daily import daily_code
from .dead_ends import find_dead_end_if_free
from .timing import ImpossibleTiming, Timing, read_timing

MAX_EVENTS: Final = 2_000
"""Classic: one board of at most 72 pairs, with room for every undo, hint and pause a person makes."""
MAX_ARCADE_EVENTS: Final = 6_000
"""Arcade: 80 boards of 72 pairs with their next levels, and room for the rest.  The 64 KB body
holds about 5,800 events of a person's game in the text form (the client's; about 1,500 in
JSON): 73 Turtle levels with every hint and shuffle, so for honest play the body limit comes
first, and the cap bounds logs of short events (hints, pauses, undos).  Matches and undos cost
the replay microseconds each: the levels are what costs."""
MAX_ARCADE_LEVELS: Final = 100
"""Each level is a new deal, 2 to 6 ms of search on a 144-tile board, less on a smaller one.
The worst log the caps and the body let through (73 levels of a 144-tile layout, or 100 of a
smaller one) costs the whole request about 350 ms of CPU, a refused one a few milliseconds
(``tests/benchmarks/bench_submissions.py``).  100 levels hold 2,800 pairs on the smallest layout."""
MAX_HINTS: Final = 500
"""A hint for every pair of seven Turtle boards: far beyond anyone who still plays the game."""
MAX_CLASSIC_SHUFFLES: Final = 30
"""A shuffle deals a solvable arrangement, so one gets a player out of each dead end; a game
with three dead ends is already unlucky, and thirty is ten times that.  Each shuffle costs the
replay a search of up to a few milliseconds, and its arrangement is part of the stored replay."""
CLOCK_SLACK_MS: Final = 5_000
DAILY_GRACE: Final = dt.timedelta(minutes=15)
"""A daily entry is taken up to this long after its UTC day ends: a game dealt just before
midnight, played at an ordinary pace (a few minutes for most boards), still counts; one sent
later was mostly played on the next day, whose board is another."""

PLAUSIBLE_PAIR_MS: Final = 350
"""Held when the whole game went faster than this a pair: 72 pairs in 25 s on the Turtle.  An
honest fast player takes 600 ms to 1 s a pair, 1.7 to 2.9 times as long."""
REGULAR_CV: Final = 0.1
"""Held when the intervals between matches vary less than this (standard deviation over mean).
A person tapping along with a metronome, with nothing to look for, keeps to a few percent
(Repp 2005, Psychonomic Bulletin & Review 12(6)); one who searches the board for every pair
varies far more (an honest fast player's intervals of 0.35 to 1 s give about 0.3)."""
REGULAR_MIN_INTERVALS: Final = 20
"""Too few intervals say nothing about a cadence."""
FAR_AHEAD: Final = 2
"""Held when a classic time is under 1/FAR_AHEAD of the board's best, or an arcade score over
FAR_AHEAD times it..."""
FAR_AHEAD_MIN_ENTRIES: Final = 10
"""...once the board has this many public entries: the best of a handful says little."""
QUICK_RESUMES: Final = 5
"""Held when this many matches came within a second of a resume: a program's way to use the pause."""


@dataclass(frozen=True, slots=True)
class Verified:
    """A submission that passed every check, ready to be stored."""

    token: tokens.DealToken
    name: str
    log: list[dict[str, Any]]
    result: Result
    timing: Timing
    moves_digest: str
    replay: dict[str, Any]
    reasons: list[dict[str, Any]]

    @property
    def held(self) -> bool:
        return bool(self.reasons)


def check_token(text: str, *, now_ms: int | None = None) -> tokens.DealToken:
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
    if token.daily is not None and now_ms is not None:
        closes = daily_closes(token.daily)
        if now_ms > closes.timestamp() * 1000:
            raise ApiError(
                f"token: the daily challenge of {token.daily.isoformat()} closed at "
                f"{closes:%Y-%m-%d %H:%M} UTC ({_minutes(DAILY_GRACE)} after its day ended): "
                "play today's",
                code="daily_closed",
            )
    return token


def daily_closes(day: dt.date) -> dt.datetime:
    """When the daily challenge of ``day`` stops taking entries: its UTC day's end plus the grace."""
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min, tzinfo=dt.UTC) + DAILY_GRACE


def already_submitted_error() -> ApiError:
    return ApiError(
        "token: a score was already submitted for this deal (one per deal): deal a new game",
        status.HTTP_409_CONFLICT,
        code="already_submitted",
    )


def copied_log_error() -> ApiError:
    return ApiError(
        "log: these moves are those of a game already submitted on this deal and mode (only the times "
        "differ): a copied game is not taken",
        status.HTTP_409_CONFLICT,
        code="copied_log",
    )


def check_counts(log: Sequence[Any] | str, mode: str) -> None:
    """Sizes and counts read straight from the log as sent, before an event is even parsed.

    ``log`` is the JSON list or the text form; in text, the events are counted
    by their separators and the types by their letters (each event begins
    with its type's letter, right after a separator), so nothing is split or
    converted yet.
    """
    total, kinds = _counts(log)
    arcade = mode == Mode.ARCADE
    cap = MAX_ARCADE_EVENTS if arcade else MAX_EVENTS
    if total > cap:
        raise ApiError(f"log: at most {cap} events in {_a_game(mode)}, not {total}", code="log_too_long")
    if kinds[EventType.HINT] > MAX_HINTS:
        raise ApiError(f"log: at most {MAX_HINTS} hints, not {kinds[EventType.HINT]}", code="log_too_long")
    shuffles = kinds[EventType.SHUFFLE]
    if not arcade and shuffles > MAX_CLASSIC_SHUFFLES:
        raise ApiError(
            f"log: at most {MAX_CLASSIC_SHUFFLES} shuffles in a classic game, not {shuffles}",
            code="log_too_long",
        )
    levels = kinds[EventType.NEXT_LEVEL] + 1
    if arcade and levels > MAX_ARCADE_LEVELS:
        raise ApiError(
            f"log: at most {MAX_ARCADE_LEVELS} levels in an arcade game, not {levels}", code="log_too_long"
        )


def _counts(log: Sequence[Any] | str) -> tuple[int, Counter[EventType]]:
    """How many events ``log`` holds, and how many of each type (as far as can be told unread)."""
    if isinstance(log, str):
        total = log.count(SEPARATOR) + 1 if log else 0
        kinds = Counter(
            {
                kind: log.count(SEPARATOR + kind.letter) + log.startswith(kind.letter)
                for kind in (EventType.HINT, EventType.SHUFFLE, EventType.NEXT_LEVEL)
            }
        )
        return total, kinds
    types = {kind.value: kind for kind in EventType}
    return len(log), Counter(
        types[kind]
        for event in log
        if isinstance(event, dict) and isinstance(kind := event.get("type"), str) and kind in types
    )


def _a_game(mode: str) -> str:
    return "an arcade game" if mode == Mode.ARCADE else "a classic game"


def check_time_bound(events: Sequence[Event], mode: str, *, issued_ms: int, now_ms: int) -> None:
    """The log's times must fit in the time since the deal was issued (plus the slack)."""
    elapsed_ms = max(0, now_ms - issued_ms)
    bound_ms = elapsed_ms + CLOCK_SLACK_MS
    claimed = classic_time_ms(events) if mode == Mode.CLASSIC else None
    if claimed is not None and claimed > bound_ms:
        raise ApiError(
            f"log: the game claims a time of {_seconds(claimed)}, but only {_seconds(elapsed_ms)} "
            "passed since it was dealt",
            code="impossible_time",
        )
    duration_ms = events[-1].t if events else 0
    if duration_ms > bound_ms:
        raise ApiError(
            f"log: its last event comes {_seconds(duration_ms)} after the deal, but only "
            f"{_seconds(elapsed_ms)} passed since it was dealt",
            code="impossible_time",
        )


def classic_time_ms(events: Sequence[Event]) -> int | None:
    """The stopwatch a classic log claims: active time from its first match to its last.

    Worked out from the times alone (no board), so that the time bound is
    checked before the replay: the engine's stopwatch runs from the first pair
    to the winning one, the last of a cleared game, and stops while paused.
    """
    paused_ms = 0
    paused_at: int | None = None
    first: int | None = None
    last: int | None = None
    for event in events:
        if event.type is EventType.PAUSE and paused_at is None:
            paused_at = event.t
        elif event.type is EventType.RESUME and paused_at is not None:
            paused_ms += event.t - paused_at
            paused_at = None
        elif event.type is EventType.MATCH:
            active = event.t - paused_ms
            first = active if first is None else first
            last = active
    return None if first is None or last is None else last - first


def review_reasons(token: tokens.DealToken, result: Result, timing: Timing) -> list[dict[str, Any]]:
    """Why a possible game should wait for a moderator before it is ranked (empty: rank it now).

    Each reason is ``{"code": ..., figures}``; the admin shows them in words.
    """
    reasons: list[dict[str, Any]] = []
    cv = timing.interval_cv
    if len(timing.intervals) >= REGULAR_MIN_INTERVALS and cv is not None and cv < REGULAR_CV:
        reasons.append({"code": "regular_cadence", "cv": round(cv, 3), "limit": REGULAR_CV})
    classic = result.mode is Mode.CLASSIC
    if classic:
        pairs, active = result.moves - 1, result.time_ms or 0
    else:
        pairs, active = result.moves, timing.active_ms
    if pairs > 0 and active < pairs * PLAUSIBLE_PAIR_MS:
        reasons.append({"code": "pace", "ms_per_pair": active // pairs, "limit": PLAUSIBLE_PAIR_MS})
    if timing.matches_after_resume >= QUICK_RESUMES:
        reasons.append(
            {"code": "quick_resumes", "count": timing.matches_after_resume, "limit": QUICK_RESUMES}
        )
    reasons.extend(_far_ahead(token, result))
    return reasons


def _far_ahead(token: tokens.DealToken, result: Result) -> list[dict[str, Any]]:
    """The reason to hold a figure far beyond the best of the board it would join, if any.

    Classic compares ranked times (penalties included), what the board ranks: a
    time far ahead thanks to a pile of hints is not far ahead.
    """
    code = GameCode.parse(token.code)
    mode = result.mode.value
    if token.daily is not None:
        board = Score.objects.daily(token.daily, mode)
    elif token.random_deal:
        board = Score.objects.ranked(layout=code.layout_id, mode=mode)
    else:
        board = Score.objects.of_code(str(code), mode=mode)
    if board.count() < FAR_AHEAD_MIN_ENTRIES:
        return []
    best = board.values_list("ranked_ms" if result.mode is Mode.CLASSIC else "score", flat=True).first()
    if best is None:
        return []
    if result.mode is Mode.CLASSIC:
        ranked_ms = result.ranked_ms
        if ranked_ms is not None and ranked_ms * FAR_AHEAD < best:
            return [{"code": "far_ahead", "figure": ranked_ms, "best": best, "factor": FAR_AHEAD}]
    elif result.score > best * FAR_AHEAD:
        return [{"code": "far_ahead", "figure": result.score, "best": best, "factor": FAR_AHEAD}]
    return []


def verify(token_text: str, name: str, log: list[Any] | str, *, now_ms: int) -> Verified:
    """Run checks 1 to 8 on a submission whose JSON types are already right.

    ``log`` is the JSON list of events or their text form; either way the
    entry keeps the JSON list (what the replay page and the admin read).
    """
    token = check_token(token_text, now_ms=now_ms)
    if Score.objects.filter(token_digest=token.digest).exists():
        raise already_submitted_error()

    check_counts(log, token.mode)
    try:
        clean = clean_name(name)
    except ValueError as error:
        raise ApiError(f"name: {error}", code="name_invalid") from None

    try:
        events = parse_log_text(log) if isinstance(log, str) else parse_log(log)
    except MalformedLogError as error:
        raise _log_error(error) from None
    # Canonical whichever form was sent (Event.from_json takes exactly the engine's shape, and
    # the text form has one spelling), so both forms of a game make the same entry.
    stored_log = log_to_json(events)
    check_time_bound(events, token.mode, issued_ms=token.issued_ms, now_ms=now_ms)
    try:
        timing = read_timing(events)
    except ImpossibleTiming as error:
        raise ApiError(error.reason, code="impossible_timing") from None

    digest = moves_digest(token.code, token.mode, stored_log)
    if Score.objects.filter(moves_digest=digest).exists():
        raise copied_log_error()

    try:
        game, recording = play_back(token.code, token.mode, events)
    except (MalformedLogError, IllegalLogError) as error:
        raise _log_error(error) from None
    result = recording.result
    if result.mode is Mode.CLASSIC and result.status is not Status.CLEARED:
        raise ApiError(
            "log: a classic game is submitted once the board is cleared, but this log ends with tiles "
            f"on the board (status {result.status.value})",
            code="not_cleared",
        )
    recording.stored["dead_end"] = find_dead_end_if_free(game)

    return Verified(
        token=token,
        name=clean,
        log=stored_log,
        result=result,
        timing=timing,
        moves_digest=digest,
        replay=recording.stored,
        reasons=review_reasons(token, result, timing),
    )


def _log_error(error: MalformedLogError | IllegalLogError) -> ApiError:
    if isinstance(error, MalformedLogError):
        return ApiError(f"log event {error.index} is malformed: {error.reason}", code="log_malformed")
    return ApiError(f"log event {error.index} is an illegal move: {error.reason}", code="log_illegal")


def store(verified: Verified, *, created: dt.datetime | None = None) -> Score:
    """Save the entry; :class:`ApiError` 409 if another request stored it (or its moves) first.

    The unique constraints on ``token_digest`` and ``moves_digest`` are what
    make "one submission per token" and "no copied game" hold when several
    requests race past the existence checks in :func:`verify`: the database
    lets exactly one insert through.  The insert runs in its own atomic block
    so the IntegrityError leaves any enclosing transaction usable.
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
        moves_digest=verified.moves_digest,
        daily=token.daily,
        random_deal=token.random_deal,
        flagged=verified.held,
        review_reasons=verified.reasons,
        timing=verified.timing.as_json(),
        replay=verified.replay,
    )
    if created is not None:
        entry.created = created
    try:
        with transaction.atomic():
            entry.save(force_insert=True)
    except IntegrityError:
        if Score.objects.filter(token_digest=token.digest).exists():
            raise already_submitted_error() from None
        if Score.objects.filter(moves_digest=verified.moves_digest).exists():
            raise copied_log_error() from None
        raise
    return entry


def _seconds(ms: int) -> str:
    return f"{ms / 1000:.1f} s"


def _minutes(delta: dt.timedelta) -> str:
    return f"{int(delta.total_seconds() // 60)} minutes"
