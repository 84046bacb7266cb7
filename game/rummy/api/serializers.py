"""Request and response shapes of the Rummy API.

The serializers check only the JSON shape (arrays of strings, booleans, whole
numbers) and its size; the tiles themselves are read by the engine, whose
:class:`~game.rummy.engine.MalformedError` (an unknown tile, more copies of a
face than the box holds) the API answers as a 400 like any other bad field.
"""

from __future__ import annotations

from typing import Any, Final

from rest_framework import serializers

from game.core.api.serializers import StrictCharField, StrictChoiceField, StrictIntegerField, StrictSerializer
from game.rummy.engine import BOX_SIZE, Level, Reason

MAX_SET: Final = 13
"""No set is longer than a run of 1 to 13."""

LEVELS: Final = tuple(level.value for level in Level)
REASONS: Final = tuple(reason.value for reason in Reason)


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
