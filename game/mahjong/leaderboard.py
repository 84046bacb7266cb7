"""The leaderboard pages and the replay viewer (under the language prefix).

The boards come from ``Score.objects``: a layout's (``ranked``, random deals
only), a code's (``of_code``, ``?code=MJ1-L00-ABCDEFG``) and a day's
(``daily``); classic rows show the ranked time with the stopwatch and the
penalties that make it up (:func:`penalty_note`).  The replay
page embeds what the browser needs to rebuild every board of an accepted game:
the deal, the log, and for each event the part of it only the server can work
out (see :func:`replay_script`).  That part was computed once, when the game
was submitted, and is served from the entry (:func:`stored_replay`).
"""

from __future__ import annotations

import datetime as dt
import logging
import math
import re
from dataclasses import dataclass
from typing import Any, Final, cast
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.utils.cache import patch_cache_control
from django.utils.html import format_html
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from game.core.api.errors import ApiError
from game.core.api.throttling import ClientRateThrottle
from game.core.page_limits import rate_limited
from game.mahjong.periods import PERIOD_NAMES, PERIODS

from . import replays
from .api import submissions
from .api.daily import daily_code, today
from .api.views import layout_graph
from .engine import FACES, GameCode, MahjongError, all_layouts, get_layout, parse_log
from .engine.play import HINT_PENALTY_MS, SHUFFLE_PENALTY_MS, scoring_rules
from .models import Mode, Score
from .names import MODE_NAMES, face_name, layout_name
from .views import style_sheets

logger = logging.getLogger(__name__)

BOARD_SIZE: Final = 100
"""Rows shown on a board: the top 100."""

MAX_ID: Final = 2**63 - 1
"""Larger ids cannot be in the table (BigAutoField); the database would refuse the query."""


DEFAULT_LAYOUT: Final = "L00"
DEFAULT_MODE: Final = Mode.CLASSIC.value
DEFAULT_PERIOD: Final = "all"
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def format_time(ms: int) -> str:
    """A classic time as m:ss.t (h:mm:ss.t past an hour), with the language's decimal mark."""
    tenths = ms // 100
    hours, rest = divmod(tenths, 36_000)
    minutes, rest = divmod(rest, 600)
    seconds, tenth = divmod(rest, 10)
    mark = formats.get_format("DECIMAL_SEPARATOR")
    if hours:
        return f"{hours}:{minutes:02}:{seconds:02}{mark}{tenth}"
    return f"{minutes}:{seconds:02}{mark}{tenth}"


def format_penalty(ms: int) -> str:
    """Penalty seconds as m:ss (h:mm:ss past an hour): they are whole seconds, no tenths."""
    hours, rest = divmod(ms // 1000, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def format_count(n: int) -> str:
    """A score or a count as the language groups it (16,900 / 16.900 / 16 900), even below 10,000:
    Django groups only when asked, and a score should read the same on every page."""
    return formats.number_format(n, force_grouping=True)


def figure_of(entry: Score) -> str:
    """What the entry is ranked by, as people read it: a ranked time (penalties in) or a score."""
    if entry.mode == Mode.CLASSIC:
        return format_time(entry.ranked_ms or 0)
    return format_count(entry.score or 0)


def penalty_note(entry: Score) -> str:
    """How a classic ranked time is made up, e.g. "2:31.4 + 0:45 (3 hints)"; "" without penalties."""
    if entry.mode != Mode.CLASSIC or not (entry.hints or entry.shuffles):
        return ""
    hints = ngettext("%(count)s hint", "%(count)s hints", entry.hints) % {"count": entry.hints}
    shuffles = ngettext("%(count)s shuffle", "%(count)s shuffles", entry.shuffles) % {"count": entry.shuffles}
    if entry.hints and entry.shuffles:
        what = str(_("%(hints)s, %(shuffles)s") % {"hints": hints, "shuffles": shuffles})
    else:
        what = hints if entry.hints else shuffles
    return str(
        _("%(time)s + %(penalty)s (%(what)s)")
        % {
            "time": format_time(entry.time_ms or 0),
            "penalty": format_penalty(_penalty_ms(entry)),
            "what": what,
        }
    )


def _penalty_ms(entry: Score) -> int:
    return HINT_PENALTY_MS * entry.hints + SHUFFLE_PENALTY_MS * entry.shuffles


def penalty_sum(entry: Score) -> str:
    """The sum alone, e.g. "2:31.4 + 0:45": the penalty note where a phone has no room for words."""
    if entry.mode != Mode.CLASSIC or not (entry.hints or entry.shuffles):
        return ""
    # The line may break before the plus sign, never after it.
    return f"{format_time(entry.time_ms or 0)} +\u00a0{format_penalty(_penalty_ms(entry))}"


def _rows(entries: list[Score]) -> list[dict[str, Any]]:
    return [
        {
            "rank": rank,
            "entry": entry,
            "figure": figure_of(entry),
            "penalty": penalty_note(entry),
            "penalty_short": penalty_sum(entry),
            "url": reverse("mahjong:replay", args=[entry.pk]),
        }
        for rank, entry in enumerate(entries, start=1)
    ]


def _board_entries(board: Any) -> list[Score]:
    fields = ("id", "name", "mode", "time_ms", "ranked_ms", "score", "level", "hints", "shuffles", "created")
    return list(board.only(*fields)[:BOARD_SIZE])


def _choices(names: dict[str, Any]) -> list[dict[str, str]]:
    return [{"value": value, "name": str(name)} for value, name in names.items()]


def _layout_choices() -> list[dict[str, str]]:
    return [{"value": layout_id, "name": layout_name(layout_id)} for layout_id in all_layouts()]


def _bad_request(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    return render(request, template, {**context, "robots_noindex": True}, status=400)


# -- the layout boards ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardChoice:
    layout: str
    mode: str
    period: str
    code: str = ""
    """A code's board (the layout is the code's); "" for the layout's board."""

    def query(self) -> str:
        """The query string of this board, leaving out the defaults (and the layout a code names)."""
        pairs: list[tuple[str, str]] = []
        if self.code:
            pairs.append(("code", self.code))
        elif self.layout != DEFAULT_LAYOUT:
            pairs.append(("layout", self.layout))
        if self.mode != DEFAULT_MODE:
            pairs.append(("mode", self.mode))
        if self.period != DEFAULT_PERIOD:
            pairs.append(("period", self.period))
        return urlencode(pairs)

    def with_period(self, period: str) -> BoardChoice:
        return BoardChoice(self.layout, self.mode, period, self.code)

    def entries(self) -> Any:
        """This board's entries, best first."""
        if self.code:
            return Score.objects.of_code(self.code, mode=self.mode, period=self.period)
        return Score.objects.ranked(layout=self.layout, mode=self.mode, period=self.period)


def read_board_choice(query: Any) -> tuple[BoardChoice, list[str]]:
    """The board a query string asks for, and what was wrong with it (then the defaults stand in).

    ``code`` asks for a code's board; its layout is the code's, whatever ``layout`` says.
    """
    problems: list[str] = []
    code = ""
    layout = query.get("layout", DEFAULT_LAYOUT)
    if "code" in query:
        try:
            game_code = GameCode.parse(query["code"])
            get_layout(game_code.layout_id)
        except MahjongError:
            problems.append(str(_("There is no game code “%(value)s”.") % {"value": query["code"][:20]}))
        else:
            code, layout = str(game_code), game_code.layout_id
    if layout not in all_layouts():
        problems.append(str(_("There is no layout “%(value)s”.") % {"value": layout[:20]}))
        layout = DEFAULT_LAYOUT
    mode = query.get("mode", DEFAULT_MODE)
    if mode not in MODE_NAMES:
        problems.append(str(_("There is no mode “%(value)s”.") % {"value": mode[:20]}))
        mode = DEFAULT_MODE
    period = query.get("period", DEFAULT_PERIOD)
    if period not in PERIODS:
        problems.append(str(_("There is no period “%(value)s”.") % {"value": period[:20]}))
        period = DEFAULT_PERIOD
    return BoardChoice(layout, mode, period, code), problems


@require_safe
@rate_limited("boards")
def leaderboard(request: HttpRequest) -> HttpResponse:
    """The top entries of one layout, mode and period (``?layout=L00&mode=classic&period=week``).

    With ``?code=MJ1-L00-ABCDEFG``, the board of that code instead (games of a chosen code are
    ranked there, not on the layout's board).
    """
    choice, problems = read_board_choice(request.GET)
    context: dict[str, Any] = {
        "choice": choice,
        "default_period": DEFAULT_PERIOD,
        "layouts": _layout_choices(),
        "modes": _choices(MODE_NAMES),
        "periods": [
            {**item, "url": f"?{choice.with_period(item['value']).query()}"}
            for item in _choices(PERIOD_NAMES)
        ],
        "layout_board_url": _page_url(BoardChoice(choice.layout, choice.mode, DEFAULT_PERIOD)),
        "penalties": {
            "hint": format_penalty(HINT_PENALTY_MS),
            "shuffle": format_penalty(SHUFFLE_PENALTY_MS),
            "hint_seconds": HINT_PENALTY_MS // 1000,
            "shuffle_seconds": SHUFFLE_PENALTY_MS // 1000,
            "grace_minutes": int(submissions.DAILY_GRACE.total_seconds() // 60),
        },
        "layout_name": layout_name(choice.layout),
        "mode_name": MODE_NAMES[choice.mode],
        "period_name": PERIOD_NAMES[choice.period],
        "alternates_query": choice.query(),
    }
    if problems:
        return _bad_request(request, "mahjong/leaderboard.html", {**context, "problems": problems})
    context["rows"] = _rows(_board_entries(choice.entries()))
    return render(request, "mahjong/leaderboard.html", context)


def _page_url(choice: BoardChoice) -> str:
    query = choice.query()
    return reverse("mahjong:leaderboard") + (f"?{query}" if query else "")


# -- the daily challenge ----------------------------------------------------------------------------


def _played_daily_code(day: dt.date, mode: str) -> str:
    """The deal the day's entries were played on, or the day's code if it has none.

    They differ for a day played before the daily codes were keyed by the
    server's secret (or under another SECRET_KEY): "Play this deal" must lead
    to the board on that day's leaderboard.
    """
    played = Score.objects.filter(daily=day, mode=mode).values_list("code", flat=True).first()
    return played or str(daily_code(day, mode))


@require_safe
@rate_limited("boards")
def daily_leaderboard(request: HttpRequest) -> HttpResponse:
    """Both boards of a day's daily challenge: today, or ``?date=YYYY-MM-DD``."""
    current = today()
    text = request.GET.get("date")
    context: dict[str, Any] = {"today": current, "alternates_query": ""}
    if text is None:
        day = current
    else:
        try:
            if not DATE_RE.match(text):
                raise ValueError(text)
            day = dt.date.fromisoformat(text)
        except ValueError:
            context["problem"] = _("“%(value)s” is not a date: write it as YYYY-MM-DD.") % {
                "value": text[:20]
            }
            return _bad_request(request, "mahjong/daily_leaderboard.html", context)
        if day > current:
            raise Http404("the daily challenge of that date is still to come")
        context["alternates_query"] = urlencode({"date": day.isoformat()})
    boards = []
    for mode, name in MODE_NAMES.items():
        boards.append(
            {
                "mode": mode,
                "name": name,
                "code": _played_daily_code(day, mode),
                "rows": _rows(_board_entries(Score.objects.daily(day, mode))),
            }
        )
    context.update(
        {
            "day": day,
            "is_today": day == current,
            "boards": boards,
            "previous_day": day - dt.timedelta(days=1) if day > dt.date.min else None,
            "next_day": day + dt.timedelta(days=1) if day < current else None,
            "layout_name": layout_name("L00"),
        }
    )
    return render(request, "mahjong/daily_leaderboard.html", context)


# -- the replay viewer ----------------------------------------------------------------------------


class _ReplayScope:
    """What the API's throttle reads from a view: the replay page's own rate-limit scope."""

    throttle_scope = "replays"


def replay_script(code: str, mode: str, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The deal, the log, and per event what the engine decided there (computed now).

    ``outcomes[k]`` is ``null`` for most events; a shuffle's is the arrangement
    it dealt (``tiles`` and ``plan``), a next level's that level's deal, a hint's
    the pair the engine showed (``pair``).  Shuffles and deals come from our own
    PRNG, so the browser takes them from here instead of re-implementing them.
    Raises :class:`~game.mahjong.engine.MahjongError` if the log no longer replays.
    The page itself serves what the submission stored (:func:`stored_replay`).
    """
    return script_of(code, mode, log, replays.record(code, mode, parse_log(log)).stored)


def script_of(code: str, mode: str, log: list[dict[str, Any]], stored: dict[str, Any]) -> dict[str, Any]:
    """The viewer's script: a stored replay (game.mahjong.replays) with its layout and its log."""
    layout = get_layout(GameCode.parse(code).layout_id)
    return {
        "code": code,
        "layout": layout.id,
        "mode": mode,
        "positions": [list(p) for p in layout.positions],
        "graph": layout_graph(layout.id),
        "deal": stored["deal"],
        "events": log,
        "outcomes": stored["outcomes"],
        "result": stored["result"],
    }


def stored_replay(entry: Score) -> dict[str, Any] | None:
    """What the entry's replay page shows, from storage; None if its log no longer replays.

    Entries accepted since replays are stored have theirs.  An older one gets
    its replay computed on its first view and saved, unless its log breaks
    today's caps (which would have refused it: no page may cost more than a
    submission does now), in which case it is marked as not replayable.
    """
    if entry.replay is not None:
        return entry.replay if replays.is_stored_form(entry.replay) else None
    try:
        events = parse_log(entry.log)
        submissions.check_counts(entry.log, entry.mode)
        stored: dict[str, Any] = replays.record(entry.code, entry.mode, events).stored
    except (MahjongError, ApiError) as error:
        # Accepted logs replay; if one stops doing so, the page still shows the entry.
        logger.warning("score %s no longer replays: %s", entry.pk, error)
        stored = {"format": replays.FORMAT, "error": str(error)[:200]}
    Score.objects.filter(pk=entry.pk, replay__isnull=True).update(replay=stored)
    entry.replay = stored
    return stored if replays.is_stored_form(stored) else None


def _viewer_config(script: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "script": script,
        "scoring": scoring_rules(),
        "styles": style_sheets(),
        "faceNames": {face: face_name(face) for face in FACES},
        "language": get_language(),
    }


def _too_many_replays(request: HttpRequest, wait: float | None) -> HttpResponse:
    seconds = max(1, math.ceil(wait)) if wait is not None else 60
    response = render(request, "mahjong/replay_throttled.html", {"retry_after": seconds}, status=429)
    response["Retry-After"] = str(seconds)
    return response


@require_safe
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """One accepted game, played back move by move on the canvas.

    Rate-limited per client address like the API (the "replays" scope), before
    anything is read.  The public sees public entries only; a moderator (who
    may view scores in the admin) sees any, held for review or hidden, to judge it.
    """
    throttle = ClientRateThrottle()
    if not throttle.allow_request(cast(Any, request), cast(Any, _ReplayScope())):
        return _too_many_replays(request, throttle.wait())
    moderator = request.user.has_perm("game.view_score")
    entries = Score.objects.all() if moderator else Score.objects.public()
    entry = entries.filter(pk=pk).first() if pk <= MAX_ID else None
    if entry is None:
        raise Http404("there is no public score with this id")
    stored = stored_replay(entry)
    script = None if stored is None else script_of(entry.code, entry.mode, entry.log, stored)
    play_url = reverse("mahjong:play_code", args=[entry.code])
    if entry.mode == Mode.ARCADE:
        play_url += "?mode=arcade"
    context = {
        "entry": entry,
        "name": format_html("<bdi>{}</bdi>", entry.name),
        "figure": figure_of(entry),
        "penalty": penalty_note(entry),
        "rank": Score.objects.rank_of(entry),
        "layout_name": layout_name(entry.layout),
        "mode_name": MODE_NAMES.get(entry.mode, entry.mode),
        "play_url": play_url,
        "board_url": _board_url(entry),
        "config": _viewer_config(script),
        "replayable": script is not None,
        "not_public": not entry.is_public,
        "events": len(entry.log),
        "moves": format_count(entry.moves),
    }
    response = render(request, "mahjong/replay.html", context)
    if not entry.is_public:
        patch_cache_control(response, private=True, no_store=True)
    return response


def _board_url(entry: Score) -> str:
    if entry.daily is not None:
        return f"{reverse('mahjong:daily_leaderboard')}?{urlencode({'date': entry.daily.isoformat()})}"
    code = "" if entry.random_deal else entry.code
    return _page_url(BoardChoice(entry.layout, entry.mode, DEFAULT_PERIOD, code))
