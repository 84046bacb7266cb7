"""The referee of Mahjong Solitaire's scores: what is accepted, stored and ranked.

Whatever carries a finished game (today ``POST /api/scores/``) calls
:func:`verify`, then :func:`store`.  The checks run cheapest first, so that a
refusal costs milliseconds and only a log that passed everything else is
replayed (the replay searches a solvable arrangement for every shuffle).  Each
refusal is a :class:`Refusal` with a stable code and a message naming the
field; it knows no HTTP: the API answers 409 for the two that say "someone was
first" (``already_submitted``, ``copied_log``) and 400 for the others.

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
   floors and their sources are in :mod:`.engine.timing`);
6. the moves are not those of an entry already stored for the same code and
   mode (409 ``copied_log``; the unique ``moves_digest`` column decides under
   concurrency);
7. the log replays through the engine; every figure stored is recomputed from
   it, and so is what its replay page will show (400, saying whether the log
   is malformed or the play illegal); classic games must end with the board
   cleared;
8. plausibility: a possible game that a person could hardly have played is
   stored but held for review (:func:`review_reasons`); the others are ranked
   at once.  The reasons and the timing statistics are stored on the entry for
   the moderators either way.  Held are: a pace faster than a person finds and
   takes pairs on the layout (:func:`~.engine.timing.pace_floor_ms`); a program's
   cadence or quick resumes; a figure that would take #1 far ahead of the
   layout's reference (what moderators approved, else the pace floor: nothing
   a cheater sends can move it); a near copy of a stored game of the same deal
   (:mod:`.engine.likeness`);
9. after it is stored: games of the same client (:func:`client_digest`) whose
   active play overlaps in time are all held, the ones stored before too
   (:func:`hold_games_at_once`).  Checked after the insert, so that games sent
   at the same moment see each other.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.db import IntegrityError, transaction
from django.db.models import Max, Min
from django.utils.crypto import salted_hmac

from game.core import heavy
from game.mahjong import tokens
from game.mahjong.player_names import clean_name

from .daily import daily_code
from .engine import (
    Event,
    EventType,
    Game,
    IllegalLogError,
    MahjongError,
    MalformedError,
    MalformedLogError,
    Mode,
    Result,
    Status,
    get_layout,
    log_to_json,
    parse_log,
    parse_log_text,
)
from .engine.codes import GameCode
from .engine.events import SEPARATOR
from .engine.likeness import NEAR_COPY, likeness, removal_steps
from .engine.timing import ImpossibleTiming, Timing, active_spans, overlap_ms, pace_floor_ms, read_timing
from .models import Score, moves_digest
from .replays import FORMAT as REPLAY_FORMAT
from .replays import find_dead_end, play_back

logger = logging.getLogger(__name__)

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

REGULAR_CV: Final = 0.1
"""Held when the intervals between matches vary less than this (standard deviation over mean).
A person tapping along with a metronome, with nothing to look for, keeps to a few percent
(Repp 2005, Psychonomic Bulletin & Review 12(6)); one who searches the board for every pair
varies far more (an honest fast player's intervals of 0.35 to 1 s give about 0.3)."""
REGULAR_MIN_INTERVALS: Final = 20
"""Too few intervals say nothing about a cadence."""
FAR_AHEAD: Final = 1.5
"""Held when a figure would take #1 on its board and its classic ranked time is under 1/FAR_AHEAD
of its layout's reference (an arcade score over FAR_AHEAD times it).  The reference is the best
figure moderators approved on the layout (every board of it), so no entry ranked at once moves
it; before any, a classic one is the pace floor's time for the layout.  A reference set by an
honest fast player at 1.2 s a pair still ranks at once whoever comes within a third of it."""
AT_ONCE_GRACE_MS: Final = CLOCK_SLACK_MS
"""Games of one client are held when their active play overlaps by more than this: the client's
clock counts from when the board showed, after the deal's answer arrived, so a game dealt after
another ended never looks to overlap it; this leaves room for a clock that drifts."""
CLIENT_SALT: Final = "miaojong.mahjong.client"
QUICK_RESUMES: Final = 5
"""Held when this many matches came within a second of a resume: a program's way to use the pause."""


class Refusal(Exception):
    """A submission the referee turns down; nothing was stored.

    ``code`` is stable (clients show their own words for it), ``message`` is
    English for developers and names the field at fault.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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
    client: str
    spans: list[list[int]]
    """When the game was played, pauses left out, in ms since 1970 (UTC)."""

    @property
    def held(self) -> bool:
        return bool(self.reasons)


def check_token(text: str, *, now_ms: int | None = None) -> tokens.DealToken:
    try:
        token = tokens.verify(text)
    except tokens.TokenExpired:
        raise Refusal(
            "token_expired",
            "token: the deal token has expired: a game must be submitted within 24 hours of its deal",
        ) from None
    except tokens.TokenError:
        raise Refusal(
            "token_invalid",
            "token: not a valid deal token (forged, altered or not from this server): "
            "use the token POST /api/deals/ returned",
        ) from None
    # The signature makes these impossible unless the key leaked; checked all the same.
    try:
        code = GameCode.parse(token.code)
        Mode.parse(token.mode)
    except MalformedError:
        raise Refusal("token_invalid", "token: not a valid deal token (unknown game)") from None
    if token.daily is not None and daily_code(token.daily, token.mode) != code:
        raise Refusal("token_invalid", "token: not a valid deal token (not that day's daily challenge)")
    if token.daily is not None and now_ms is not None:
        closes = daily_closes(token.daily)
        if now_ms > closes.timestamp() * 1000:
            raise Refusal(
                "daily_closed",
                f"token: the daily challenge of {token.daily.isoformat()} closed at "
                f"{closes:%Y-%m-%d %H:%M} UTC ({_minutes(DAILY_GRACE)} after its day ended): "
                "play today's",
            )
    return token


def daily_closes(day: dt.date) -> dt.datetime:
    """When the daily challenge of ``day`` stops taking entries: its UTC day's end plus the grace."""
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min, tzinfo=dt.UTC) + DAILY_GRACE


def already_submitted_error() -> Refusal:
    return Refusal(
        "already_submitted",
        "token: a score was already submitted for this deal (one per deal): deal a new game",
    )


def copied_log_error() -> Refusal:
    return Refusal(
        "copied_log",
        "log: these moves are those of a game already submitted on this deal and mode (only the times "
        "differ): a copied game is not taken",
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
        raise Refusal("log_too_long", f"log: at most {cap} events in {_a_game(mode)}, not {total}")
    if kinds[EventType.HINT] > MAX_HINTS:
        raise Refusal("log_too_long", f"log: at most {MAX_HINTS} hints, not {kinds[EventType.HINT]}")
    shuffles = kinds[EventType.SHUFFLE]
    if not arcade and shuffles > MAX_CLASSIC_SHUFFLES:
        raise Refusal(
            "log_too_long",
            f"log: at most {MAX_CLASSIC_SHUFFLES} shuffles in a classic game, not {shuffles}",
        )
    levels = kinds[EventType.NEXT_LEVEL] + 1
    if arcade and levels > MAX_ARCADE_LEVELS:
        raise Refusal(
            "log_too_long",
            f"log: at most {MAX_ARCADE_LEVELS} levels in an arcade game, not {levels}",
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
        raise Refusal(
            "impossible_time",
            f"log: the game claims a time of {_seconds(claimed)}, but only {_seconds(elapsed_ms)} "
            "passed since it was dealt",
        )
    duration_ms = events[-1].t if events else 0
    if duration_ms > bound_ms:
        raise Refusal(
            "impossible_time",
            f"log: its last event comes {_seconds(duration_ms)} after the deal, but only "
            f"{_seconds(elapsed_ms)} passed since it was dealt",
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


def review_reasons(
    token: tokens.DealToken, result: Result, timing: Timing, log: Sequence[Mapping[str, Any]] = ()
) -> list[dict[str, Any]]:
    """Why a possible game should wait for a moderator before it is ranked (empty: rank it now).

    Each reason is ``{"code": ..., figures}``; the admin shows them in words.
    ``log`` is the game's JSON log, compared with the stored games of its deal.
    """
    reasons: list[dict[str, Any]] = []
    cv = timing.interval_cv
    if len(timing.intervals) >= REGULAR_MIN_INTERVALS and cv is not None and cv < REGULAR_CV:
        reasons.append({"code": "regular_cadence", "cv": round(cv, 3), "limit": REGULAR_CV})
    reasons.extend(_pace(token, result, timing))
    if timing.matches_after_resume >= QUICK_RESUMES:
        reasons.append(
            {"code": "quick_resumes", "count": timing.matches_after_resume, "limit": QUICK_RESUMES}
        )
    reasons.extend(_far_ahead(token, result))
    reasons.extend(_near_copy(token, log))
    return reasons


def _pace(token: tokens.DealToken, result: Result, timing: Timing) -> list[dict[str, Any]]:
    """The reason to hold a game played faster than a person takes pairs on its layout, if any."""
    if result.mode is Mode.CLASSIC:
        # The stopwatch runs from the first pair to the last: one interval fewer than pairs.
        pairs, active = result.moves - 1, result.time_ms or 0
    else:
        pairs, active = result.moves, timing.active_ms
    limit = pace_floor_ms(len(get_layout(GameCode.parse(token.code).layout_id)))
    if pairs > 0 and active < pairs * limit:
        return [{"code": "pace", "ms_per_pair": active // pairs, "limit": limit}]
    return []


def layout_reference(layout_id: str, mode: Mode) -> int | None:
    """What "far ahead" is measured from on a layout: the best figure moderators approved there.

    Classic: the fastest ranked time approved on any board of the layout, and
    before any, the time of a game at the pace floor (every pair but the first
    at :func:`~.engine.timing.pace_floor_ms`); arcade: the highest score approved, and
    before any, None (a score grows with the game's length, so only the pace
    floor bounds it).  An entry ranked at once never moves it, so a cheater
    cannot lower it step by step.
    """
    approved = Score.objects.filter(
        layout=layout_id, mode=mode.value, approved=True, rejected=False, hidden=False
    )
    if mode is Mode.CLASSIC:
        best: int | None = approved.aggregate(best=Min("ranked_ms"))["best"]
        if best is not None:
            return best
        tiles = len(get_layout(layout_id))
        return (tiles // 2 - 1) * pace_floor_ms(tiles)
    highest: int | None = approved.aggregate(best=Max("score"))["best"]
    return highest


def _far_ahead(token: tokens.DealToken, result: Result) -> list[dict[str, Any]]:
    """The reason to hold a figure that would take #1 far ahead of its layout's reference, if any.

    Classic compares ranked times (penalties included), what the boards rank:
    a time far ahead thanks to a pile of hints is not far ahead.
    """
    code = GameCode.parse(token.code)
    classic = result.mode is Mode.CLASSIC
    figure = result.ranked_ms if classic else result.score
    reference = layout_reference(code.layout_id, result.mode)
    if figure is None or reference is None:
        return []
    far = figure * FAR_AHEAD < reference if classic else figure > reference * FAR_AHEAD
    if not far:
        return []
    mode = result.mode.value
    if token.daily is not None:
        board = Score.objects.daily(token.daily, mode)
    elif token.random_deal:
        board = Score.objects.ranked(layout=code.layout_id, mode=mode)
    else:
        board = Score.objects.of_code(str(code), mode=mode)
    best = board.values_list("ranked_ms" if classic else "score", flat=True).first()
    takes_first = best is None or (figure < best if classic else figure > best)
    if not takes_first:
        return []
    return [{"code": "far_ahead", "figure": figure, "reference": reference, "factor": FAR_AHEAD}]


def _near_copy(token: tokens.DealToken, log: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The reason to hold a game nearly the same as a stored game of its deal and mode, if any."""
    mine = removal_steps(log)
    if not mine:
        return []
    closest, most = None, 0.0
    stored = Score.objects.filter(code=token.code, mode=token.mode).values_list("pk", "log")
    for pk, other in stored.iterator(chunk_size=200):
        alike = likeness(mine, removal_steps(other)) if isinstance(other, list) else 0.0
        if alike > most:
            closest, most = pk, alike
    if closest is None or most < NEAR_COPY:
        return []
    return [{"code": "near_copy", "of": closest, "likeness": round(most, 3), "limit": NEAR_COPY}]


def client_digest(address: str) -> str:
    """Who sent a game, as far as the server can tell: a keyed digest of its address, or "".

    An IPv4 address is one household, office or phone network, which a player
    cannot change for every game without proxies; an IPv6 client gets a whole
    /64 network (and picks addresses in it at will), so the /64 is what counts.
    The key keeps the stored digest from telling anyone the address.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return ""
    network = ipaddress.ip_network(f"{ip}/64", strict=False) if ip.version == 6 else ip
    return salted_hmac(CLIENT_SALT, str(network), algorithm="sha256").hexdigest()


def verify(token_text: str, name: str, log: list[Any] | str, *, now_ms: int, client: str = "") -> Verified:
    """Run checks 1 to 8 on a submission whose JSON types are already right.

    ``log`` is the JSON list of events or their text form; either way the
    entry keeps the JSON list (what the replay page and the admin read).
    ``client`` is the address it came from (checked by :func:`store`).
    """
    token = check_token(token_text, now_ms=now_ms)
    if Score.objects.filter(token_digest=token.digest).exists():
        raise already_submitted_error()

    check_counts(log, token.mode)
    try:
        clean = clean_name(name)
    except ValueError as error:
        raise Refusal("name_invalid", f"name: {error}") from None

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
        raise Refusal("impossible_timing", error.reason) from None

    digest = moves_digest(token.code, token.mode, stored_log)
    if Score.objects.filter(moves_digest=digest).exists():
        raise copied_log_error()

    try:
        game, recording = play_back(token.code, token.mode, events)
    except (MalformedLogError, IllegalLogError) as error:
        raise _log_error(error) from None
    result = recording.result
    if result.mode is Mode.CLASSIC and result.status is not Status.CLEARED:
        raise Refusal(
            "not_cleared",
            "log: a classic game is submitted once the board is cleared, but this log ends with tiles "
            f"on the board (status {result.status.value})",
        )
    recording.stored["dead_end"] = _dead_end_if_free(game)

    return Verified(
        token=token,
        name=clean,
        log=stored_log,
        result=result,
        timing=timing,
        moves_digest=digest,
        replay=recording.stored,
        reasons=review_reasons(token, result, timing, stored_log),
        client=client_digest(client),
        spans=[[token.issued_ms + start, token.issued_ms + end] for start, end in active_spans(events)],
    )


def _dead_end_if_free(game: Game) -> int | None:
    """The lost game's dead end (:func:`~.replays.find_dead_end`), searched in the pool, or None.

    The search may take up to a second (:data:`~.replays.DEAD_END_BUDGET`): like a
    solve, it runs in the pool's processes and only while it holds one of the
    machine's slots (``game/core/heavy.py``): through the API, the one its check
    holds.  A caller holding none, when every slot is taken, or whose search's
    process was killed, gets the game without its dead end (null, as when the
    search's budget runs out: its replay page then shows no mark).
    """
    if game.board.is_empty:
        return None  # no search to run
    with heavy.hold() as held:
        if not held:
            return None
        try:
            return heavy.run_in_pool(find_dead_end, game)
        except heavy.Interrupted:
            return None  # the game stands without the mark, as when the budget runs out


def _log_error(error: MalformedLogError | IllegalLogError) -> Refusal:
    if isinstance(error, MalformedLogError):
        return Refusal("log_malformed", f"log event {error.index} is malformed: {error.reason}")
    return Refusal("log_illegal", f"log event {error.index} is an illegal move: {error.reason}")


def late_replay(entry: Score) -> dict[str, Any]:
    """The replay of an entry stored without one (before replays were stored), as :func:`verify`
    would have made it but for the dead end (a second's search: null, no mark), or a marker
    saying its log does not replay.

    A log beyond today's caps is not replayed at all: it would have been refused,
    and nothing may cost more to show than a submission costs now.
    """
    try:
        check_counts(entry.log, entry.mode)
        return play_back(entry.code, entry.mode, parse_log(entry.log))[1].stored
    except (MahjongError, Refusal) as error:
        # Accepted logs replay; if one stops doing so, its page still shows the entry.
        logger.warning("score %s does not replay: %s", entry.pk, error)
        return {"format": REPLAY_FORMAT, "error": str(error)[:200]}


def store(verified: Verified, *, created: dt.datetime | None = None) -> Score:
    """Save the entry; a :class:`Refusal` if another request stored it (or its moves) first.

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
        client=verified.client,
        played_from=_moment(verified.spans[0][0]) if verified.spans else None,
        played_until=_moment(verified.spans[-1][1]) if verified.spans else None,
        active_spans=verified.spans,
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
    hold_games_at_once(entry)
    return entry


def hold_games_at_once(entry: Score) -> None:
    """Hold ``entry`` and the stored games of its client whose active play overlaps its own.

    No person plays two games at once.  Run once the entry is stored, so of
    two games sent at the same moment the later one to get here sees the
    other.  An entry a moderator already decided on keeps its decision.
    """
    if not entry.client or not entry.active_spans or entry.played_from is None or entry.played_until is None:
        return
    others = (
        Score.objects.filter(
            client=entry.client, played_until__gt=entry.played_from, played_from__lt=entry.played_until
        )
        .exclude(pk=entry.pk)
        .values_list("pk", "active_spans")
    )
    overlaps = {
        pk: at_once
        for pk, spans in others
        if (at_once := overlap_ms(entry.active_spans, spans)) > AT_ONCE_GRACE_MS
    }
    if not overlaps:
        return
    with transaction.atomic():
        undecided = Score.objects.select_for_update().filter(
            pk__in=[entry.pk, *overlaps], approved=False, rejected=False
        )
        for held in undecided:
            if held.pk == entry.pk:
                reason = {"code": "at_once", "with": sorted(overlaps), "overlap_ms": max(overlaps.values())}
            else:
                reason = {"code": "at_once", "with": [entry.pk], "overlap_ms": overlaps[held.pk]}
            held.flagged = True
            held.review_reasons = [*held.review_reasons, reason]
            held.save(update_fields=["flagged", "review_reasons"])
            if held.pk == entry.pk:
                entry.flagged, entry.review_reasons = held.flagged, held.review_reasons


def _moment(epoch_ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(epoch_ms / 1000, dt.UTC)


def _seconds(ms: int) -> str:
    return f"{ms / 1000:.1f} s"


def _minutes(delta: dt.timedelta) -> str:
    return f"{int(delta.total_seconds() // 60)} minutes"
