"""The API's endpoints: thin views over the engine (``game.mahjong``) and the ``Score`` model.

Every view derives from :class:`ApiView`: JSON in (at most 64 KB), JSON out,
errors as ``{"error": ...}`` (see ``errors``), rate limits per client address
(see ``throttling`` and ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.http import Http404
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from game.mahjong import Deal, GameCode, MalformedError, all_layouts, deal, get_layout, shuffle_tiles
from game.mahjong.solver import Budget, solve_tiles
from game.models import Mode, Score

from . import serializers as s
from . import submissions, tokens
from .daily import daily_code, today
from .parsers import BoundedJSONParser, check_declared_size
from .throttling import ClientRateThrottle

CODE_PARAMETER = OpenApiParameter(
    "code",
    str,
    OpenApiParameter.PATH,
    description="A game code: MJ1, a layout id and seven capital letters, e.g. MJ1-L00-ABCDEFG.",
    pattern=r"^MJ1-L[0-9]{2}-[A-Z]{7}$",
)

SOLVE_BUDGET = Budget(nodes=20_000, seconds=1.0)
"""At most this much work per POST /api/solve/, so that one request cannot hold a worker."""


def _errors(*codes: int) -> dict[int, OpenApiResponse]:
    described = {
        400: "Invalid input; the message names the field.",
        404: "Not found.",
        409: "This deal's score was submitted already.",
        413: "The body is larger than 64 KB.",
        415: "The body is not JSON.",
        429: "Too many requests from this address; see Retry-After.",
    }
    return {code: OpenApiResponse(s.ErrorSerializer, description=described[code]) for code in codes}


class ApiView(APIView):
    """Base of the public API's views.

    CSRF: the API authenticates nobody (``authentication_classes = []``).  DRF
    only enforces CSRF inside SessionAuthentication, and ``APIView`` views are
    exempt from Django's CSRF middleware, so JSON posted with ``fetch`` works
    for everyone, including a logged-in editor whose session cookie rides
    along.  That is safe because no endpoint acts on the session or on any
    account: a forged cross-site request can do nothing the attacker could not
    do directly (and, being JSON-only, a plain HTML form cannot even post one;
    other media types get 415).  An endpoint that ever needs the user must
    enable SessionAuthentication, and with it CSRF tokens, for itself.
    """

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    parser_classes = [BoundedJSONParser]
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "reads"

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        check_declared_size(request.META)


# -- helpers ------------------------------------------------------------------------------------


@cache
def _positions(layout_id: str) -> list[list[int]]:
    """A layout's positions as JSON arrays (shared between responses: never mutate)."""
    return [list(p) for p in get_layout(layout_id).positions]


def _plan(plan: Any) -> list[list[int]] | None:
    return None if plan is None else [[a, b] for a, b in plan]


def _deal_body(dealt: Deal, mode: str, daily: Any = None) -> dict[str, Any]:
    return {
        "code": str(dealt.code),
        "layout": dealt.layout.id,
        "mode": mode,
        "level": dealt.level,
        "daily": s.iso_date(daily),
        "positions": _positions(dealt.layout.id),
        "tiles": list(dealt.tiles),
        "plan": _plan(dealt.plan),
    }


def _code_or_404(text: str) -> GameCode:
    try:
        code = GameCode.parse(text)
        get_layout(code.layout_id)
    except MalformedError as error:
        raise Http404(f"code: {error}") from None
    return code


def _figures(entry: Score) -> dict[str, Any]:
    if entry.mode == Mode.CLASSIC:
        return {"time_ms": entry.time_ms}
    return {"score": entry.score, "level": entry.level}


# -- endpoints ------------------------------------------------------------------------------------


class ApiRootView(ApiView):
    @extend_schema(
        summary="List the endpoints",
        description="Where everything is; /api/docs/ describes it all.",
        responses={
            200: inline_serializer(
                "ApiRoot", {"endpoints": serializers.DictField(child=serializers.CharField())}
            ),
            **_errors(429),
        },
    )
    def get(self, request: Request) -> Response:
        return Response(
            {
                "endpoints": {
                    "layouts": "/api/layouts/",
                    "deals": "/api/deals/",
                    "deal": "/api/deals/{code}/",
                    "shuffle": "/api/deals/{code}/shuffle/",
                    "solve": "/api/solve/",
                    "scores": "/api/scores/",
                    "score": "/api/scores/{id}/",
                    "leaderboards": "/api/leaderboards/",
                    "schema": "/api/schema/",
                    "docs": "/api/docs/",
                }
            }
        )


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema, rate-limited like the other reads (building it is not free)."""

    authentication_classes: list[type] = []
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "reads"

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        # Errors (?format=xml, throttling) in the API's JSON shape, not as a YAML document.
        if response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI; its start-up script is fetched as a file (?script), as our CSP allows no inline script."""

    authentication_classes: list[type] = []
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "reads"


@cache
def _layouts_body() -> list[dict[str, Any]]:
    return [
        {"id": layout.id, "name": layout.name, "size": len(layout), "positions": _positions(layout.id)}
        for layout in all_layouts().values()
    ]


class LayoutListView(ApiView):
    @extend_schema(
        summary="List the layouts",
        description="Every layout with its positions [x, y, z] in half-tile units (a tile is 2 x 2).",
        responses={200: s.LayoutSerializer(many=True), **_errors(429)},
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
        responses={201: s.DealWithTokenSerializer, **_errors(400, 413, 415, 429)},
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
        if "daily" in data:
            day = today()
            code = daily_code(day, mode)
        elif "code" in data:
            code = GameCode.parse(data["code"])
        else:
            code = GameCode.random(data["layout"])
        body = _deal_body(deal(code, 1), mode, day)
        body["token"] = tokens.issue(str(code), mode, daily=day)
        return Response(body, status=status.HTTP_201_CREATED)


class DealDetailView(ApiView):
    @extend_schema(
        summary="Show a deal",
        description="The board of a game code at a level (arcade levels go on from 1), without a token.",
        parameters=[CODE_PARAMETER, s.DealQuerySerializer],
        responses={200: s.DealSerializer, **_errors(400, 404, 429)},
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
        responses={200: s.ShuffleSerializer, **_errors(400, 404, 413, 415, 429)},
    )
    def post(self, request: Request, code: str) -> Response:
        game_code = _code_or_404(code)
        query = s.ShuffleRequestSerializer(
            data=request.data, context={"layout": get_layout(game_code.layout_id)}
        )
        query.is_valid(raise_exception=True)
        data = query.validated_data
        result = shuffle_tiles(game_code, data["level"], data["shuffle"], data["tiles"])
        return Response({"tiles": list(result.tiles), "plan": _plan(result.plan)})


class SolveView(ApiView):
    throttle_scope = "solve"

    @extend_schema(
        summary="Is this board winnable?",
        description=(
            "Searches for a way to clear the board within a bounded budget "
            f"({SOLVE_BUDGET.nodes} nodes, {SOLVE_BUDGET.seconds} s): winnable is true (with a plan), "
            "false (proven), or null when the budget ran out first."
        ),
        request=s.SolveRequestSerializer,
        responses={200: s.SolveSerializer, **_errors(400, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        query = s.SolveRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        solution = solve_tiles(data["layout"], data["tiles"], SOLVE_BUDGET)
        return Response({"winnable": solution.winnable, "plan": _plan(solution.plan)})


class ScoreCreateView(ApiView):
    throttle_scope = "scores"

    @extend_schema(
        summary="Submit a finished game",
        description=(
            "The server verifies the token, replays the log through the engine and recomputes "
            "every figure (the request carries none). Classic games must end with the board "
            "cleared; arcade games are sent at game over or when the player stops. Games with "
            "inhumanly fast streaks are stored but held for review (rank null)."
        ),
        request=s.ScoreRequestSerializer,
        responses={201: s.ScoreCreatedSerializer, **_errors(400, 409, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        query = s.ScoreRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        now_ms = int(tokens.clock() * 1000)
        verified = submissions.verify(data["token"], data["name"], data["log"], now_ms=now_ms)
        entry = submissions.store(verified)
        body = {
            "id": entry.pk,
            "rank": Score.objects.rank_of(entry),
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
        description="The entry with its code, mode and log, so anyone can replay it.",
        responses={200: s.ScoreDetailSerializer, **_errors(404, 429)},
    )
    def get(self, request: Request, pk: int) -> Response:
        entry = Score.objects.filter(pk=pk, hidden=False).first()
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
                "level": entry.level,
                "time_ms": entry.time_ms,
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
            "A layout's board (?layout=L00&mode=classic&period=day|week|all; daily games are not on "
            "it) or a daily challenge's (?daily=YYYY-MM-DD&mode=classic). Classic ranks by time, "
            "then fewer hints, then the earlier entry; arcade by score, then the earlier entry."
        ),
        parameters=[s.LeaderboardQuerySerializer],
        responses={200: s.LeaderboardSerializer, **_errors(400, 429)},
    )
    def get(self, request: Request) -> Response:
        query = s.LeaderboardQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        mode = data["mode"]
        if "daily" in data:
            board = Score.objects.daily(data["daily"], mode)
        else:
            board = Score.objects.ranked(layout=data["layout"], mode=mode, period=data["period"])
        figure = "time_ms" if mode == Mode.CLASSIC else "score"
        rows = board.values("id", "name", figure, "hints", "shuffles", "created")[: data["limit"]]
        entries = [
            {
                "rank": rank,
                "id": row["id"],
                "name": row["name"],
                figure: row[figure],
                "hints": row["hints"],
                "shuffles": row["shuffles"],
                "created": row["created"],
            }
            for rank, row in enumerate(rows, start=1)
        ]
        return Response({"entries": entries})
