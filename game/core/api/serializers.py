"""Strict JSON fields and serializers every game's API uses, and the documented error shape.

DRF is lenient by default (it turns 5 into "5", "3" into 3, and ignores
unknown fields); the API refuses all of that with a message naming the field.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.fields import empty


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class StrictCharField(serializers.CharField):
    """Text only: DRF's CharField would also take numbers and turn them into text."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            raise serializers.ValidationError(f"must be a string, not {json_type(data)}")
        return str(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """Whole JSON numbers only: no strings, booleans or 3.0."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise serializers.ValidationError(f"must be a whole number, not {json_type(data)}")
        return int(super().to_internal_value(data))


class StrictChoiceField(serializers.ChoiceField):
    """One of the choices, given as text (DRF compares ``str(value)``, so 5 would pass for "5")."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            raise serializers.ValidationError(f"must be a string, not {json_type(data)}")
        return super().to_internal_value(data)


class StrictSerializer(serializers.Serializer[Any]):
    """A JSON object with exactly the declared fields."""

    def run_validation(self, data: Any = empty) -> Any:
        # DRF would answer a body of "null" with a bare "No data provided".
        if data is None:
            raise serializers.ValidationError({"body": "must be a JSON object, not null"})
        return super().run_validation(data)

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise serializers.ValidationError({"body": f"must be a JSON object, not {json_type(data)}"})
        unknown = sorted(set(data) - set(self.fields))
        if unknown:
            expected = ", ".join(self.fields)
            raise serializers.ValidationError(
                {"body": f"unexpected field {', '.join(map(repr, unknown))} (expected: {expected})"}
            )
        return super().to_internal_value(data)


class QuerySerializer(serializers.Serializer[Any]):
    """Query parameters; an empty one (``?mode=``) is refused.

    DRF would treat an empty value like a missing one and quietly use the
    default, so ``?level=`` would deal level 1: a client bug better named.
    """

    def to_internal_value(self, data: Any) -> Any:
        for name in self.fields.keys():  # noqa: SIM118 (the stubs type iteration over fields as Field)
            if data.get(name) == "":
                raise serializers.ValidationError(
                    {name: "must not be empty (leave the parameter out instead)"}
                )
        return super().to_internal_value(data)


class ErrorSerializer(serializers.Serializer[Any]):
    error = serializers.CharField(help_text="What was wrong, naming the field (English, for developers).")
    code = serializers.CharField(
        help_text="A stable machine-readable code, e.g. invalid, throttled, token_expired."
    )
