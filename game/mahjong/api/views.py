"""Mahjong Solitaire's endpoints: thin views over the engine (``game.mahjong.engine``) and ``Score``.

Every view derives from the core's :class:`~game.core.api.views.ApiView`: JSON
in (at most 64 KB), JSON out, errors as ``{"error": ..., "code": ...}``, rate
limits per client address (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from game.core.api import busy
from game.core.api.errors import ApiError
from game.core.api.views import ApiView, error_responses
from game.mahjong import tokens
from game.mahjong.engine import (
    Deal,
    GameCode,
    MalformedError,
    all_layouts,
    deal,
    get_layout,
    plan_json,
    shuffle_tiles,
)
from game.mahjong.engine.layout import layout_graph
from game.mahjong.models import Mode, Score
from site_core.proxies import client_ip

from .. import scoring
from ..daily import daily_code, today
from ..solving import SOLVE_BUDGET as SOLVE_BUDGET  # the tests and the hints read it here
from ..solving import solve_board
from . import serializers as s

CODE_PARAMETER = OpenApiParameter(
    "code",
    str,
    OpenApiParameter.PATH,
    description="A game code: MJ1, a layout id and seven capital letters, e.g. MJ1-L00-ABCDEFG.",
    pattern=r"^MJ1-L[0-9]{2}-[A-Z]{7}$",
)

# -- helpers ------------------------------------------------------------------------------------


@cache
def _positions(layout_id: str) -> list[list[int]]:
    """A layout's positions as JSON arrays (shared between responses: never mutate)."""
    return [list(p) for p in get_layout(layout_id).positions]


def _deal_body(dealt: Deal, mode: str, daily: Any = None) -> dict[str, Any]:
    # No plan (issue 26): the hint asks POST /api/solve/ for one when it has none, and the play
    # page asks it in the background 0.8 s after the deal anyway. Measured on a busy machine, in
    # Chromium on loopback: the first hint pressed right after the deal showed in 57 ms (median
    # of 5) without the plan, 74 ms with it; the solve costs the server 0.1 to 14 ms (median by
    # layout) on a fresh deal. Leaving it out hands nobody the way through every deal at once;
    # the tiles stay public, so a program can still solve them, which the review rules are for.
    return {
        "code": str(dealt.code),
        "layout": dealt.layout.id,
        "mode": mode,
        "level": dealt.level,
        "daily": s.iso_date(daily),
        "positions": _positions(dealt.layout.id),
        "graph": layout_graph(dealt.layout.id),
        "tiles": list(dealt.tiles),
    }


def _code_or_404(text: str) -> GameCode:
    try:
        code = GameCode.parse(text)
        get_layout(code.layout_id)
    except MalformedError as error:
        raise Http404(f"code: {error}") from None
    return code


def refused(refusal: scoring.Refusal) -> ApiError:
    """The referee's refusal as the API answers it: with the status the game's registry entry
    gives its code (``ErrorCode.status``: 409 when another submission came first)."""
    return ApiError(refusal.message, code=refusal.code)


def _figures(entry: Score) -> dict[str, Any]:
    if entry.mode == Mode.CLASSIC:
        return {"time_ms": entry.time_ms, "ranked_ms": entry.ranked_ms}
    return {"score": entry.score, "level": entry.level}


# -- endpoints ------------------------------------------------------------------------------------


@cache
def _layouts_body() -> list[dict[str, Any]]:
    return [
        {
            "id": layout.id,
            "name": layout.name,
            "size": len(layout),
            "positions": _positions(layout.id),
            "graph": layout_graph(layout.id),
        }
        for layout in all_layouts().values()
    ]


class LayoutListView(ApiView):
    @extend_schema(
        summary="List the layouts",
        description=(
            "Every layout with its positions [x, y, z] in half-tile units (a tile is 2 x 2) and its "
            "graph: which positions lie on or beside which, the relations of the free rule."
        ),
        responses={200: s.LayoutSerializer(many=True), **error_responses(429)},
    )
    def get(self, request: Request) -> Response:
        return Response(_layouts_body())


class DealCreateView(ApiView):
    throttle_scope = "deals"

    @extend_schema(
        summary="Deal a game",
        description=(
            "A new random deal of a layout, a replay of a game code, or today's daily challenge "
            "(one code per UTC date and mode, on the Turtle). The answer carries the signed token "
            "that POST /api/scores/ needs within 24 hours."
        ),
        request=s.DealRequestSerializer,
        responses={201: s.DealWithTokenSerializer, **error_responses(400, 413, 415, 429)},
        examples=[
            OpenApiExample("new deal", value={"layout": "L00", "mode": "classic"}, request_only=True),
            OpenApiExample(
                "replay a code", value={"code": "MJ1-L00-ABCDEFG", "mode": "arcade"}, request_only=True
            ),
            OpenApiExample("daily challenge", value={"daily": "classic"}, request_only=True),
        ],
    )
    def post(self, request: Request) -> Response:
        query = s.DealRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        mode = data["mode"]
        day = None
        # Only a code the server drew ranks on its layout's board; a chosen one has a board of its own.
        random_deal = False
        if "daily" in data:
            day = today()
            code = daily_code(day, mode)
        elif "code" in data:
            code = GameCode.parse(data["code"])
        else:
            code = GameCode.random(data["layout"])
            random_deal = True
        body = _deal_body(deal(code, 1), mode, day)
        body["token"] = tokens.issue(str(code), mode, daily=day, random_deal=random_deal)
        return Response(body, status=status.HTTP_201_CREATED)


class DealDetailView(ApiView):
    @extend_schema(
        summary="Show a deal",
        description="The board of a game code at a level (arcade levels go on from 1), without a token.",
        parameters=[CODE_PARAMETER, s.DealQuerySerializer],
        responses={200: s.DealSerializer, **error_responses(400, 404, 429)},
    )
    def get(self, request: Request, code: str) -> Response:
        game_code = _code_or_404(code)
        query = s.DealQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        level = query.validated_data["level"]
        return Response(_deal_body(deal(game_code, level), query.validated_data["mode"]))


class ShuffleView(ApiView):
    throttle_scope = "shuffle"

    @extend_schema(
        summary="Shuffle the tiles left",
        description=(
            "Redeals the remaining tiles over the same positions, solvably when possible. "
            "Deterministic: the server recomputes the same shuffle when it replays a log."
        ),
        parameters=[CODE_PARAMETER],
        request=s.ShuffleRequestSerializer,
        responses={200: s.ShuffleSerializer, **error_responses(400, 404, 413, 415, 429)},
    )
    def post(self, request: Request, code: str) -> Response:
        game_code = _code_or_404(code)
        query = s.ShuffleRequestSerializer(
            data=request.data, context={"layout": get_layout(game_code.layout_id)}
        )
        query.is_valid(raise_exception=True)
        data = query.validated_data
        result = shuffle_tiles(game_code, data["level"], data["shuffle"], data["tiles"])
        return Response({"tiles": list(result.tiles), "plan": plan_json(result.plan)})


class SolveView(ApiView):
    throttle_scope = "solve"

    @extend_schema(
        summary="Is this board winnable?",
        description=(
            "Searches for a way to clear the board within a bounded budget "
            f"({SOLVE_BUDGET.nodes} nodes, {SOLVE_BUDGET.seconds} s): winnable is true (with a plan), "
            "false (proven), or null when the budget ran out first. With removals (the pairs the "
            f"player could undo, oldest first, at most {s.MAX_REMOVALS}: checked to be a legal way "
            "to this board, faces included), a board that is not winnable also gets undos, the "
            "fewest of them to undo for a winnable board, found within the same one budget. The "
            "server runs only so many second-long computations at once (solves and the computer's "
            "moves together); beyond that the answer is 503 (code busy) with Retry-After, at once."
        ),
        request=s.SolveRequestSerializer,
        responses={200: s.SolveSerializer, **error_responses(400, 413, 415, 429, 503)},
    )
    def post(self, request: Request) -> Response:
        query = s.SolveRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        body = busy.compute(
            "solves", solve_board, data["layout"].id, list(data["tiles"]), data.get("removals")
        )
        return Response(body)


class ScoreCreateView(ApiView):
    throttle_scope = "scores"

    @extend_schema(
        summary="Submit a finished game",
        description=(
            "The server verifies the token, replays the log through the engine and recomputes "
            "every figure (the request carries none). Classic games must end with the board "
            "cleared; arcade games are sent at game over or when the player stops; a daily "
            "challenge's entries close 15 minutes after its UTC day. A log no person could have "
            "played (matches sooner than two taps, or right after the board was shown) is refused "
            "(impossible_timing); one that copies the moves of a stored entry too (409 copied_log). "
            "A possible but implausible game (faster than a person finds pairs on the layout, a "
            "program's cadence, far ahead of what moderators approved, a near copy of a stored game "
            "of the deal, or played at the same time as another game from the same address) is "
            "stored but held for review (rank null). The server checks only so many games (and "
            "other second-long computations) at once; beyond that the answer is 503 (code busy) with "
            "Retry-After, at once, and the game may be sent again."
        ),
        request=s.ScoreRequestSerializer,
        responses={
            201: s.ScoreCreatedSerializer,
            **error_responses(
                400,
                409,
                413,
                415,
                429,
                503,
                s409="This deal's score was submitted already, or these moves were (copied_log).",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        query = s.ScoreRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        # A check replays the log and may search for its dead end: tens of milliseconds of this
        # process's time and up to a second of the pool's, so it takes a slot like a solve.
        with busy.hold("score checks"):
            now_ms = int(tokens.clock() * 1000)
            try:
                verified = scoring.verify(
                    data["token"], data["name"], data["log"], now_ms=now_ms, client=client_ip(request)
                )
                entry = scoring.store(verified)
            except scoring.Refusal as refusal:
                raise refused(refusal) from None
        body = {
            "id": entry.pk,
            "rank": Score.objects.rank_of(entry),
            "random_deal": entry.random_deal,
            "mode": entry.mode,
            **_figures(entry),
            "moves": entry.moves,
            "hints": entry.hints,
            "shuffles": entry.shuffles,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class ScoreDetailView(ApiView):
    @extend_schema(
        summary="Show a submitted game",
        description=(
            "A public entry with its code, mode and log, so anyone can replay it. Entries held "
            "for review, rejected or hidden are not found, as if they did not exist."
        ),
        responses={200: s.ScoreDetailSerializer, **error_responses(404, 429)},
    )
    def get(self, request: Request, pk: int) -> Response:
        entry = Score.objects.public().filter(pk=pk).first()
        if entry is None:
            raise Http404(f"there is no score {pk}")
        return Response(
            {
                "id": entry.pk,
                "rank": Score.objects.rank_of(entry),
                "name": entry.name,
                "code": entry.code,
                "layout": entry.layout,
                "mode": entry.mode,
                "daily": s.iso_date(entry.daily),
                "random_deal": entry.random_deal,
                "level": entry.level,
                "time_ms": entry.time_ms,
                "ranked_ms": entry.ranked_ms,
                "score": entry.score,
                "moves": entry.moves,
                "hints": entry.hints,
                "shuffles": entry.shuffles,
                "created": entry.created,
                "log": entry.log,
            }
        )


class LeaderboardView(ApiView):
    @extend_schema(
        summary="Show a leaderboard",
        description=(
            "A layout's board (?layout=L00&mode=classic&period=day|week|all: the deals the server "
            "chose at random), a game code's (?code=MJ1-L00-ABCDEFG&mode=classic&period=...: every "
            "game of that code but the daily ones) or a daily challenge's "
            "(?daily=YYYY-MM-DD&mode=classic). Classic ranks by ranked_ms (the stopwatch plus the "
            "penalties of hints and shuffles), then fewer hints, then the earlier entry; arcade by "
            "score, then the earlier entry."
        ),
        parameters=[s.LeaderboardQuerySerializer],
        responses={200: s.LeaderboardSerializer, **error_responses(400, 429)},
    )
    def get(self, request: Request) -> Response:
        query = s.LeaderboardQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        mode = data["mode"]
        if "daily" in data:
            board = Score.objects.daily(data["daily"], mode)
        elif "code" in data:
            board = Score.objects.of_code(data["code"], mode=mode, period=data["period"])
        else:
            board = Score.objects.ranked(layout=data["layout"], mode=mode, period=data["period"])
        figures = ("time_ms", "ranked_ms") if mode == Mode.CLASSIC else ("score",)
        fields = ("id", "name", *figures, "hints", "shuffles", "created")
        rows = board.values(*fields)[: data["limit"]]
        entries = [{"rank": rank, **row} for rank, row in enumerate(rows, start=1)]
        return Response({"entries": entries})
