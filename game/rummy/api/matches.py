"""The seat API: matches against the computer and pass-and-play matches, refereed by the server.

Thin views over :mod:`game.rummy.service`: each reads the seat's credential
from ``Authorization: Seat <key>`` (never from the URL, so it lands in no
log), validates the body's shape, and hands the rest to the service, whose
refusals become the API's ``{"error", "code"}`` answers.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any, Final

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from game.core.api import busy
from game.core.api.errors import ApiError
from game.core.api.views import ApiView, error_responses
from game.rummy import rooms, service
from game.rummy.engine import Level
from game.rummy.models import Match, Mode

from . import serializers as s
from .views import COMPUTER_MOVES

SCHEME: Final = "Seat "

CREDENTIAL = OpenApiParameter(
    "Authorization",
    str,
    OpenApiParameter.HEADER,
    required=True,
    description="Seat <key>: the credential the match's creation returned for your seat.",
)
MATCH = OpenApiParameter("match", str, OpenApiParameter.PATH, description="The match's address.")

HOUSE_STATUS: Final = {"not_found": status.HTTP_404_NOT_FOUND}
"""The house's code among the referee's refusals; the game's own codes take their status from its
registry entry (``ErrorCode.status``), which :class:`ApiError` reads."""

CONFLICT = (
    "The action is out of turn (not_your_turn), for an old turn or hand (stale_turn), after the end "
    "(hand_over), a draw/pass the pool forbids (pool_empty, pool_not_empty), or, in an online room, "
    "while the other player is not connected (opponent_away)."
)


class SeatView(ApiView):
    """A view acting for the seat whose credential came with the request.

    The service's refusals become the API's error answers here, once for every view.
    """

    def seat(self, request: Request, match: str) -> service.Seat:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        key = header[len(SCHEME) :].strip() if header.startswith(SCHEME) else None
        return service.open_seat(match, key)

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, service.Refusal):
            exc = ApiError(exc.message, HOUSE_STATUS.get(exc.code), code=exc.code, extra=exc.extra)
        return super().handle_exception(exc)


class MatchesView(ApiView):
    throttle_scope = "rummy_matches"

    @extend_schema(
        summary="Start a Rummy match",
        description=(
            "Against the computer (`mode` computer, with a `level`: you are seat 0) or pass and play "
            "(`mode` local: both seats on this device, one credential each). The first hand is dealt at "
            "once. The credentials are shown only in this answer."
        ),
        request=s.CreateMatchSerializer,
        responses={201: s.CreatedMatchSerializer, **error_responses(400, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        query = s.CreateMatchSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        level = Level(data["level"]) if "level" in data else None
        match, credentials = service.create_match(Mode(data["mode"]), level)
        state = service.seat_state(service.Seat(match, 0), since=0)
        body = {"match": match.public_id, "credentials": [c.to_json() for c in credentials], "state": state}
        return Response(body, status=status.HTTP_201_CREATED)


def _created(match: Match, credential: service.Credential, seat: int) -> Response:
    state = service.seat_state(service.Seat(match, seat), since=0)
    body = {"match": match.public_id, "credentials": [credential.to_json()], "state": state}
    return Response(body, status=status.HTTP_201_CREATED)


class RoomsView(SeatView):
    throttle_scope = "rummy_matches"

    @extend_schema(
        summary="Open an online Rummy room",
        description=(
            "You hold seat 0 (Player 1, who starts the first hand); `state.invite` is the invitation to "
            "send to the other player, who takes seat 1 with it. The credential is shown only in this answer."
        ),
        request=s.EmptyRequestSerializer,
        responses={201: s.CreatedMatchSerializer, **error_responses(400, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        s.EmptyRequestSerializer(data=request.data).is_valid(raise_exception=True)
        room, credential = service.create_room()
        return _created(room, credential, 0)


class RoomSeatView(SeatView):
    throttle_scope = "rummy_matches"

    @extend_schema(
        summary="Take the second seat of an online room",
        description=(
            "With the invitation: the first to come gets seat 1 and its credential (shown only in this "
            "answer); afterwards the room is full (409 room_full). A room nobody played in for 7 days has "
            "expired (410 room_expired)."
        ),
        parameters=[OpenApiParameter("invite", str, OpenApiParameter.PATH, description="The invitation.")],
        request=s.EmptyRequestSerializer,
        responses={
            201: s.CreatedMatchSerializer,
            **error_responses(400, 404, 409, 410, 413, 415, 429, s409="Both seats are taken."),
        },
    )
    def post(self, request: Request, invite: str) -> Response:
        s.EmptyRequestSerializer(data=request.data).is_valid(raise_exception=True)
        room, credential = service.join_room(invite)
        rooms.tell_room(room)
        return _created(room, credential, 1)


class MatchView(SeatView):
    throttle_scope = "reads"

    @extend_schema(
        summary="A seat's view of its match",
        description=(
            "The hand as this seat may see it (its rack, the table, the other rack's size) and the actions "
            "numbered above `since`. Never the other rack, the pool or the hand's `code` (which deals them) "
            "while the hand is in play: the code and both racks come once it is over."
        ),
        parameters=[CREDENTIAL, MATCH, s.SinceQuerySerializer],
        responses={200: s.SeatStateSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
    def get(self, request: Request, match: str) -> Response:
        seat = self.seat(request, match)
        query = s.SinceQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        return Response(service.seat_state(seat, since=query.validated_data.get("since")))

    @extend_schema(
        summary="Change the computer's level",
        description="The position stays as it is; the computer's next move is at the new level.",
        parameters=[CREDENTIAL, MATCH],
        request=s.LevelRequestSerializer,
        responses={200: s.SeatStateSerializer, **error_responses(400, 401, 403, 404, 413, 415, 429)},
    )
    def patch(self, request: Request, match: str) -> Response:
        seat = self.seat(request, match)
        query = s.LevelRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        return Response(service.change_level(seat, Level(query.validated_data["level"])))


def computer_may_move(seat: service.Seat) -> AbstractContextManager[None]:
    """A slot of the computer's moves if the answer may include its reply (up to a second for Hard).

    Refused at once with 503 ``busy`` when the machine already runs as many
    second-long computations as it may, before anything is stored.
    """
    return busy.hold(COMPUTER_MOVES) if seat.match.mode == Mode.COMPUTER else nullcontext()


class ActionsView(SeatView):
    throttle_scope = "rummy_actions"

    @extend_schema(
        summary="Confirm a turn",
        description=(
            "Play (the whole table after your turn), draw or pass (only with an empty pool), naming the "
            "hand and the number of actions you saw. Against the computer, its reply is played at once and "
            "is among the answer's `events`. An illegal table is refused with code illegal_table, the "
            "`reason` and the `set`; nothing is stored on any refusal."
        ),
        parameters=[CREDENTIAL, MATCH],
        request=s.ActionRequestSerializer,
        responses={
            200: s.SeatStateSerializer,
            **error_responses(400, 401, 403, 404, 409, 413, 415, 429, 503, s409=CONFLICT),
        },
    )
    def post(self, request: Request, match: str) -> Response:
        seat = self.seat(request, match)
        query = s.ActionRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        data: dict[str, Any] = query.validated_data
        action = s.action_of(data)
        with computer_may_move(seat):
            state = service.act(seat, data["hand"], data["number"], action)
        rooms.tell_room(seat.match)
        return Response(state)


class FreeSeatView(SeatView):
    throttle_scope = "rummy_actions"

    @extend_schema(
        summary="Free an online room's second seat",
        description=(
            "The host (seat 0), while the second player is away: their credential stops working, a new "
            "invitation replaces the old one (in the answer's `invite`), and the hand in play is dealt "
            "again. Refused to anyone but the host (403 not_host), for a free seat (409 seat_free) and "
            "while the second player is connected (409 opponent_here)."
        ),
        parameters=[CREDENTIAL, MATCH],
        request=s.EmptyRequestSerializer,
        responses={200: s.SeatStateSerializer, **error_responses(400, 401, 403, 404, 409, 413, 415, 429)},
    )
    def post(self, request: Request, match: str) -> Response:
        seat = self.seat(request, match)
        s.EmptyRequestSerializer(data=request.data).is_valid(raise_exception=True)
        state = service.free_second_seat(seat)
        rooms.tell_room(seat.match)
        return Response(state)


class HandsView(SeatView):
    throttle_scope = "rummy_actions"

    @extend_schema(
        summary="Deal the next hand",
        description=(
            "Once the current hand is over: the next one, where the other seat starts. Each seat keeps its "
            "place (and its colour). If the computer starts, its first move is in `events`."
        ),
        parameters=[CREDENTIAL, MATCH],
        request=s.NextHandRequestSerializer,
        responses={
            201: s.SeatStateSerializer,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                413,
                415,
                429,
                503,
                s409="The hand is not over, or is not the current one.",
            ),
        },
    )
    def post(self, request: Request, match: str) -> Response:
        seat = self.seat(request, match)
        query = s.NextHandRequestSerializer(data=request.data)
        query.is_valid(raise_exception=True)
        with computer_may_move(seat):
            state = service.next_hand(seat, query.validated_data["hand"])
        rooms.tell_room(seat.match)
        return Response(state, status=status.HTTP_201_CREATED)
