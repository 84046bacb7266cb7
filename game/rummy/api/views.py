"""Tile Rummy's stateless endpoints: thin views over the engine (``game.rummy.engine``)."""

from __future__ import annotations

from typing import Any, Final

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from game.core.api import busy
from game.core.api.views import ApiView, error_responses
from game.rummy.engine import ActionKind, check_turn, choose_move

from . import serializers as s

MOVE_BUDGET_S: Final = 1.0
"""At most this much search per POST /api/rummy/moves/ (Hard), so that one request cannot hold a worker."""


class CheckView(ApiView):
    throttle_scope = "rummy_check"

    @extend_schema(
        summary="Check a confirmed Rummy turn",
        description=(
            "Whether turning `table` into `after` with tiles from `rack` is a legal turn. Either "
            '{"valid": true, "played": [...]} (the rack tiles put down) or {"valid": false, "code": '
            '<reason>, "message": ..., "set": <index or null>}, the first reason that applies, in this '
            "order: invalid_set, tile_left_table, not_from_rack, nothing_played, "
            "opening_changed_table, opening_too_low."
        ),
        request=s.CheckRequestSerializer,
        responses={200: s.CheckSerializer, **error_responses(400, 413, 415, 429)},
        examples=[
            OpenApiExample(
                "an opening of 30",
                value={
                    "table": [],
                    "rack": ["R10", "B10", "J", "K3"],
                    "after": [["R10", "B10", "J"]],
                    "opened": False,
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        query = s.CheckRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        verdict = check_turn(data["table"], data["rack"], data["after"], data["opened"])
        if verdict.reason is None:
            return Response({"valid": True, "played": [str(tile) for tile in verdict.played]})
        return Response(
            {
                "valid": False,
                "code": verdict.reason.value,
                "message": verdict.message,
                "set": verdict.set_index,
            }
        )


COMPUTER_MOVES: Final = "computer moves"
"""What the computer's moves are called in a refusal for want of a slot (``busy``)."""


class MoveView(ApiView):
    throttle_scope = "rummy_moves"

    @extend_schema(
        summary="The computer's Rummy move",
        description=(
            "What the computer player of `level` (easy, medium, hard) does in this position: "
            '{"action": "play", "after": [...], "played": [...]}, {"action": "draw"}, or '
            '{"action": "pass"} (only when the pool is empty). The same position, level and seed '
            f"give the same move; Hard searches for at most {MOVE_BUDGET_S} s. The server runs only so "
            "many second-long computations at once (the computer's moves and solves together); beyond "
            "that the answer is 503 (code busy) with Retry-After, at once."
        ),
        request=s.MoveRequestSerializer,
        responses={200: s.MoveSerializer, **error_responses(400, 413, 415, 429, 503)},
    )
    def post(self, request: Request) -> Response:
        query = s.MoveRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        move = busy.compute(
            COMPUTER_MOVES,
            choose_move,
            data["table"],
            data["rack"],
            data["opened"],
            data["level"],
            data["pool"],
            seed=data["seed"],
            opponent_tiles=data["opponent_tiles"],
            budget_s=MOVE_BUDGET_S,
        )
        body: dict[str, Any] = {"action": move.kind.value}
        if move.kind is ActionKind.PLAY:
            body["after"] = [[str(tile) for tile in tiles] for tiles in move.after]
            body["played"] = [str(tile) for tile in move.played]
        return Response(body)
