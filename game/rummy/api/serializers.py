"""Request and response shapes of the Rummy API.

The serializers check only the JSON shape (arrays of strings, booleans, whole
numbers) and its size; the tiles themselves are read by the engine, whose
:class:`~game.rummy.engine.MalformedError` (an unknown tile, more copies of a
face than the box holds) the API answers as a 400 like any other bad field.
"""

from __future__ import annotations

from typing import Any, Final

from rest_framework import serializers

from game.core.api.serializers import (
    QuerySerializer,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from game.rummy.engine import BOX_SIZE, Action, Level, Reason
from game.rummy.engine.game import MAX_LOG
from game.rummy.models import Mode

MAX_SET: Final = 13
"""No set is longer than a run of 1 to 13."""

LEVELS: Final = tuple(level.value for level in Level)
REASONS: Final = tuple(reason.value for reason in Reason)
MODES: Final = tuple(mode.value for mode in Mode)
NEW_MATCH_MODES: Final = (Mode.COMPUTER.value, Mode.LOCAL.value)
"""The modes POST /api/rummy/matches/ creates; online rooms have their own endpoint."""
ACTIONS: Final = ("play", "draw", "pass")
MAX_HANDS: Final = 1_000_000


class StrictBooleanField(serializers.BooleanField):
    """true or false only: DRF would also take "yes", 1 or "on"."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            raise serializers.ValidationError("must be true or false")
        return data


def tiles_field(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(
        child=StrictCharField(max_length=3, help_text="A tile: R, B, K or O and 1 to 13 (R7, O13), or J."),
        max_length=BOX_SIZE,
        **kwargs,
    )


def table_field(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ListField(child=StrictCharField(max_length=3), max_length=MAX_SET),
        max_length=BOX_SIZE,
        **kwargs,
    )


class CheckRequestSerializer(StrictSerializer):
    table = table_field(help_text="The sets on the table before the turn, in table order.")
    rack = tiles_field(help_text="The player's rack before the turn.")
    after = table_field(help_text="The whole table the player confirms.")
    opened = StrictBooleanField(help_text="Whether the player had opened before this turn.")


class MoveRequestSerializer(StrictSerializer):
    table = table_field(help_text="The sets on the table.")
    rack = tiles_field(help_text="The computer's rack.")
    opened = StrictBooleanField(help_text="Whether the computer has opened.")
    level = StrictChoiceField(choices=LEVELS)
    pool = StrictIntegerField(min_value=0, max_value=BOX_SIZE, help_text="How many tiles are left to draw.")
    seed = StrictIntegerField(min_value=0, max_value=2**63 - 1, required=False, default=0)
    opponent_tiles = StrictIntegerField(min_value=0, max_value=BOX_SIZE, required=False, default=None)


class CheckSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField()
    played = serializers.ListField(child=serializers.CharField(), required=False)
    code = serializers.ChoiceField(choices=REASONS, required=False)
    message = serializers.CharField(required=False)
    set = serializers.IntegerField(allow_null=True, required=False, help_text="For invalid_set: its index.")


class MoveSerializer(serializers.Serializer[Any]):
    action = serializers.ChoiceField(choices=("play", "draw", "pass"))
    after = serializers.ListField(child=serializers.ListField(child=serializers.CharField()), required=False)
    played = serializers.ListField(child=serializers.CharField(), required=False)


class CreateMatchSerializer(StrictSerializer):
    mode = StrictChoiceField(
        choices=NEW_MATCH_MODES, help_text="computer (you are seat 0) or local (pass and play)."
    )
    level = StrictChoiceField(
        choices=LEVELS, required=False, help_text="The computer's level (computer only)."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["mode"] == Mode.COMPUTER and "level" not in attrs:
            raise serializers.ValidationError({"level": "is required against the computer"})
        if attrs["mode"] == Mode.LOCAL and "level" in attrs:
            raise serializers.ValidationError({"level": "a pass-and-play match has no computer level"})
        return attrs


class ActionRequestSerializer(StrictSerializer):
    hand = StrictIntegerField(min_value=1, max_value=MAX_HANDS, help_text="The current hand's number.")
    number = StrictIntegerField(
        min_value=0, max_value=MAX_LOG, help_text="How many actions the hand had when you chose this one."
    )
    type = StrictChoiceField(choices=ACTIONS)
    after = table_field(required=False, help_text="For a play: the whole table after it.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["type"] == "play" and "after" not in attrs:
            raise serializers.ValidationError({"after": "is required for a play"})
        if attrs["type"] != "play" and "after" in attrs:
            raise serializers.ValidationError({"after": f"a {attrs['type']} has no table"})
        return attrs


def action_of(validated: dict[str, Any]) -> Action:
    """The engine's action from an ActionRequestSerializer's data: everything but the position
    it names."""
    return Action.from_json({k: v for k, v in validated.items() if k not in ("hand", "number")})


class EmptyRequestSerializer(StrictSerializer):
    """An empty JSON object: the request needs nothing more than its address."""


class LevelRequestSerializer(StrictSerializer):
    level = StrictChoiceField(choices=LEVELS)


class NextHandRequestSerializer(StrictSerializer):
    hand = StrictIntegerField(min_value=1, max_value=MAX_HANDS, help_text="The hand that is over.")


class SinceQuerySerializer(QuerySerializer):
    since = serializers.IntegerField(
        min_value=0, max_value=MAX_LOG, required=False, help_text="Send the events numbered above this."
    )


class CredentialSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    key = serializers.CharField(help_text="Keep it: send it as 'Authorization: Seat <key>'. Shown once.")


class RummyResultSerializer(serializers.Serializer[Any]):
    winner = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField()
    reason = serializers.ChoiceField(choices=("rack_empty", "blocked"))
    rack_points = serializers.ListField(child=serializers.IntegerField())


class RummyViewSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    rack = serializers.ListField(child=serializers.CharField())
    table = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    pool_size = serializers.IntegerField()
    turn = serializers.IntegerField(
        allow_null=True, help_text="The seat to move; null once the hand is over."
    )
    opened = serializers.ListField(child=serializers.BooleanField())
    opponent_tiles = serializers.IntegerField()
    result = RummyResultSerializer(allow_null=True)


class RummyEventSerializer(serializers.Serializer[Any]):
    n = serializers.IntegerField(help_text="The action's number in the hand, from 1.")
    seat = serializers.IntegerField()
    type = serializers.ChoiceField(choices=ACTIONS)
    tile = serializers.CharField(required=False, help_text="Your own draws only: the tile drawn.")
    after = serializers.ListField(child=serializers.ListField(child=serializers.CharField()), required=False)
    played = serializers.ListField(child=serializers.CharField(), required=False)


class SeatStateSerializer(serializers.Serializer[Any]):
    match = serializers.CharField()
    mode = serializers.ChoiceField(choices=MODES)
    level = serializers.ChoiceField(choices=LEVELS, allow_null=True)
    seat = serializers.IntegerField()
    hand = serializers.IntegerField()
    code = serializers.CharField(
        allow_null=True,
        help_text="The hand's code, which deals both racks and the pool: null until the hand is over.",
    )
    starting_seat = serializers.IntegerField()
    number = serializers.IntegerField(help_text="Actions so far in this hand: send it with the next one.")
    view = RummyViewSerializer()
    last_play = serializers.DictField(allow_null=True)
    events = RummyEventSerializer(many=True)
    racks = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        allow_null=True,
        help_text="Both racks, once the hand is over.",
    )
    players = serializers.ListField(child=serializers.DictField())
    joined = serializers.BooleanField(required=False, help_text="Online rooms: whether seat 1 is taken.")
    consents = serializers.ListField(
        child=serializers.BooleanField(), required=False, help_text="Online rooms: who wants the next hand."
    )
    invite = serializers.CharField(required=False, help_text="Online rooms, seat 0 only: the invitation.")
    connected = serializers.ListField(
        child=serializers.BooleanField(),
        required=False,
        help_text="Online rooms: which seats have a live connection (the game waits for an absent one).",
    )


class CreatedMatchSerializer(serializers.Serializer[Any]):
    match = serializers.CharField()
    credentials = CredentialSerializer(many=True)
    state = SeatStateSerializer()
