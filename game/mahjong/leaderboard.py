"""The leaderboard pages and the replay viewer (under the language prefix).

The boards come from ``Score.objects`` (``ranked`` and ``daily``); the replay
page embeds what the browser needs to rebuild every board of an accepted game:
the deal, the log, and for each event the part of it only the server can work
out (see :func:`replay_script`).
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from game.core.leaderboard import PERIOD_NAMES, PERIODS

from .api.daily import daily_code, today
from .api.views import layout_graph
from .engine import FACES, Event, EventType, Game, MahjongError, all_layouts, plan_json
from .engine.play import scoring_rules
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


def figure_of(entry: Score) -> str:
    """What the entry is ranked by, as people read it: a time or a score."""
    if entry.mode == Mode.CLASSIC:
        return format_time(entry.time_ms or 0)
    return formats.number_format(entry.score or 0, force_grouping=True)


def _rows(entries: list[Score]) -> list[dict[str, Any]]:
    return [
        {
            "rank": rank,
            "entry": entry,
            "figure": figure_of(entry),
            "url": reverse("mahjong:replay", args=[entry.pk]),
        }
        for rank, entry in enumerate(entries, start=1)
    ]


def _board_entries(board: Any) -> list[Score]:
    fields = ("id", "name", "mode", "time_ms", "score", "level", "hints", "created")
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

    def query(self) -> str:
        """The query string of this board, leaving out the defaults."""
        pairs = [
            (key, value)
            for key, value, default in (
                ("layout", self.layout, DEFAULT_LAYOUT),
                ("mode", self.mode, DEFAULT_MODE),
                ("period", self.period, DEFAULT_PERIOD),
            )
            if value != default
        ]
        return urlencode(pairs)


def read_board_choice(query: Any) -> tuple[BoardChoice, list[str]]:
    """The board a query string asks for, and what was wrong with it (then the defaults stand in)."""
    problems: list[str] = []
    layout = query.get("layout", DEFAULT_LAYOUT)
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
    return BoardChoice(layout, mode, period), problems


@require_safe
def leaderboard(request: HttpRequest) -> HttpResponse:
    """The top entries of one layout, mode and period (``?layout=L00&mode=classic&period=week``)."""
    choice, problems = read_board_choice(request.GET)
    context: dict[str, Any] = {
        "choice": choice,
        "layouts": _layout_choices(),
        "modes": _choices(MODE_NAMES),
        "periods": [
            {**item, "url": f"?{BoardChoice(choice.layout, choice.mode, item['value']).query()}"}
            for item in _choices(PERIOD_NAMES)
        ],
        "layout_name": layout_name(choice.layout),
        "mode_name": MODE_NAMES[choice.mode],
        "period_name": PERIOD_NAMES[choice.period],
        "alternates_query": choice.query(),
    }
    if problems:
        return _bad_request(request, "mahjong/leaderboard.html", {**context, "problems": problems})
    board = Score.objects.ranked(layout=choice.layout, mode=choice.mode, period=choice.period)
    context["rows"] = _rows(_board_entries(board))
    return render(request, "mahjong/leaderboard.html", context)


# -- the daily challenge ----------------------------------------------------------------------------


@require_safe
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
                "code": str(daily_code(day, mode)),
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


def replay_script(code: str, mode: str, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The deal, the log, and per event what the engine decided there.

    ``outcomes[k]`` is ``null`` for most events; a shuffle's is the arrangement
    it dealt (``tiles`` and ``plan``), a next level's that level's deal, a hint's
    the pair the engine showed (``pair``).  Shuffles and deals come from our own
    PRNG, so the browser takes them from here instead of re-implementing them.
    Raises :class:`~game.mahjong.engine.MahjongError` if the log no longer replays.
    """
    game = Game(code, mode)
    start = {"level": 1, "tiles": list(game.deal.tiles), "plan": plan_json(game.deal.plan)}
    outcomes: list[dict[str, Any] | None] = []
    for index, event_data in enumerate(log):
        event = Event.from_json(event_data, index)
        outcome: dict[str, Any] | None = None
        if event.type is EventType.HINT:
            pair = game.hint(event.t)
            outcome = {"pair": list(pair) if pair is not None else None}
        else:
            game.apply(event)
            if event.type is EventType.SHUFFLE:
                outcome = {"tiles": list(game.board.tiles), "plan": plan_json(game.plan)}
            elif event.type is EventType.NEXT_LEVEL:
                outcome = {
                    "level": game.level,
                    "tiles": list(game.deal.tiles),
                    "plan": plan_json(game.deal.plan),
                }
        outcomes.append(outcome)
    result = game.result()
    return {
        "code": code,
        "layout": game.deal.layout.id,
        "mode": mode,
        "positions": [list(p) for p in game.deal.layout.positions],
        "graph": layout_graph(game.deal.layout.id),
        "deal": start,
        "events": log,
        "outcomes": outcomes,
        "result": {
            "status": result.status.value,
            "level": result.level,
            "time_ms": result.time_ms,
            "score": result.score,
            "moves": result.moves,
            "hints": result.hints,
            "shuffles": result.shuffles,
        },
    }


def _viewer_config(script: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "script": script,
        "scoring": scoring_rules(),
        "styles": style_sheets(),
        "faceNames": {face: face_name(face) for face in FACES},
        "language": get_language(),
    }


@require_safe
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """One accepted game, played back move by move on the canvas."""
    entry = Score.objects.public().filter(pk=pk).first() if pk <= MAX_ID else None
    if entry is None:
        raise Http404("there is no public score with this id")
    try:
        script: dict[str, Any] | None = replay_script(entry.code, entry.mode, entry.log)
    except MahjongError as error:
        # Accepted logs replay; if one stops doing so, the page still shows the entry.
        logger.warning("score %s no longer replays: %s", entry.pk, error)
        script = None
    play_url = reverse("mahjong:play_code", args=[entry.code])
    if entry.mode == Mode.ARCADE:
        play_url += "?mode=arcade"
    context = {
        "entry": entry,
        "figure": figure_of(entry),
        "rank": Score.objects.rank_of(entry),
        "layout_name": layout_name(entry.layout),
        "mode_name": MODE_NAMES.get(entry.mode, entry.mode),
        "play_url": play_url,
        "board_url": _board_url(entry),
        "config": _viewer_config(script),
        "replayable": script is not None,
    }
    return render(request, "mahjong/replay.html", context)


def _board_url(entry: Score) -> str:
    if entry.daily is not None:
        return f"{reverse('mahjong:daily_leaderboard')}?{urlencode({'date': entry.daily.isoformat()})}"
    query = BoardChoice(entry.layout, entry.mode, DEFAULT_PERIOD).query()
    return reverse("mahjong:leaderboard") + (f"?{query}" if query else "")
