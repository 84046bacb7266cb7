"""The replay page (under the language prefix): one accepted game, played back move by move.

The page embeds what the browser needs to rebuild every board of the game: the
deal, the log, and for each event the part of it only the server can work out
(a shuffle's arrangement, a next level's deal, the pair a hint showed: see
:mod:`.replays`).  That part was computed once, when the game was submitted,
and is served from the entry; a view writes nothing.
"""

from __future__ import annotations

import math
from typing import Any, Final, cast

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.html import format_html
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from game.core.api.throttling import ClientRateThrottle

from . import replays, scoring
from .board_pages import board_url, figure_of, format_count, penalty_note
from .engine import FACES, GameCode, get_layout
from .engine.layout import layout_graph
from .engine.play import scoring_rules
from .models import Mode, Score
from .names import MODE_NAMES, face_name, layout_name
from .views import style_sheets

MAX_ID: Final = 2**63 - 1
"""Larger ids cannot be in the table (BigAutoField); the database would refuse the query."""


class _ReplayScope:
    """What the API's throttle reads from a view: the replay page's own rate-limit scope."""

    throttle_scope = "replays"


def script_of(code: str, mode: str, log: list[dict[str, Any]], stored: dict[str, Any]) -> dict[str, Any]:
    """The viewer's script: a stored replay (game.mahjong.replays) with its layout and its log.

    ``outcomes[k]`` is ``null`` for most events; a shuffle's is the arrangement
    it dealt (``tiles`` and ``plan``), a next level's that level's deal, a hint's
    the pair the engine showed (``pair``).  Shuffles and deals come from our own
    PRNG, so the browser takes them from here instead of re-implementing them.
    """
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


def replay_of(entry: Score) -> dict[str, Any] | None:
    """What the entry's replay page shows; None if its log does not replay.

    Every entry stores its replay (submissions since replays are stored, older
    ones by the migration that added them).  One stored without it all the
    same is worked out now, not stored: a page view writes nothing.
    """
    stored = entry.replay if entry.replay is not None else scoring.late_replay(entry)
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
    stored = replay_of(entry)
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
        "board_url": board_url(entry),
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
