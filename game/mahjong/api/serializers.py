"""Request validation and the documented shapes of the API.

Request bodies are read strictly, as the engine reads logs: JSON types must be
the documented ones (no ``"3"`` for ``3``, no ``1`` for ``true``, no numbers
posing as text) and unknown fields are refused, so a client mistake shows up as
a 400 naming the field instead of being guessed at.  Query parameters are text
by nature and are converted as usual.

The response serializers only document the answers (drf-spectacular reads
them for ``/api/schema/``); the views build those answers directly.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from game.core.api.serializers import (
    QuerySerializer,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
    json_type,
)
from game.mahjong.engine import (
    FACES,
    Board,
    EventType,
    Face,
    IllegalMoveError,
    MalformedError,
    Mode,
    all_layouts,
    check_tiles,
    get_layout,
)
from game.mahjong.engine.codes import GameCode
from game.mahjong.engine.layout import MAX_TILES
from game.mahjong.engine.play import HINT_PENALTY_MS, SHUFFLE_PENALTY_MS
from game.mahjong.periods import PERIODS

MODES: Final = tuple(mode.value for mode in Mode)
EVENT_TYPES: Final = tuple(event_type.value for event_type in EventType)
PERIOD_CHOICES: Final = tuple(PERIODS)
MAX_LEVEL: Final = 10_000
MAX_SHUFFLE_NUMBER: Final = 10_000
MAX_LIMIT: Final = 100
MAX_REMOVALS: Final = 72
"""The most removals POST /api/solve/ takes: a whole Turtle's pairs."""


def layout_ids() -> list[str]:
    return list(all_layouts())


# -- strict fields ---------------------------------------------------------------------------


class LayoutField(StrictChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        known = ", ".join(layout_ids())
        kwargs.setdefault(
            "error_messages", {"invalid_choice": f"there is no layout '{{input}}'; known: {known}"}
        )
        kwargs.setdefault("help_text", "A layout id, as listed by GET /api/layouts/.")
        super().__init__(choices=layout_ids(), **kwargs)


class ModeField(StrictChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "error_messages", {"invalid_choice": "must be 'classic' or 'arcade', not '{input}'"}
        )
        super().__init__(choices=MODES, **kwargs)


class GameCodeField(StrictCharField):
    """A game code of a shipped layout, e.g. MJ1-L00-ABCDEFG."""

    def to_internal_value(self, data: Any) -> str:
        text = super().to_internal_value(data)
        try:
            code = GameCode.parse(text)
            get_layout(code.layout_id)
        except MalformedError as error:
            raise serializers.ValidationError(str(error)) from None
        return str(code)


class TilesField(serializers.ListField):
    """One face label (or null where no tile lies) per position of the layout."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "help_text",
            "One canonical face label per position of the layout, in position order; "
            "null where no tile lies.",
        )
        super().__init__(
            child=StrictChoiceField(choices=FACES, allow_null=True),
            max_length=MAX_TILES,
            **kwargs,
        )

    def to_internal_value(self, data: Any) -> list[Any]:
        if not isinstance(data, list):
            raise serializers.ValidationError(f"must be an array of face labels, not {json_type(data)}")
        return list(super().to_internal_value(data))


class EventSerializer(serializers.Serializer[Any]):
    """One move-log event (the engine's format; see game.mahjong.engine.events)."""

    t = serializers.IntegerField(
        min_value=0, help_text="Milliseconds since the deal was shown; never decreasing."
    )
    type = serializers.ChoiceField(choices=EVENT_TYPES)
    a = serializers.IntegerField(min_value=0, required=False, help_text="match only: a position index.")
    b = serializers.IntegerField(min_value=0, required=False, help_text="match only: the other position.")


@extend_schema_field(EventSerializer(many=True))
class LogField(serializers.Field[list[Any], list[Any], list[Any], Any]):
    """The move log: an array of events, read and checked by the engine's replay."""

    def to_internal_value(self, data: Any) -> list[Any]:
        if not isinstance(data, list):
            raise serializers.ValidationError(f"must be an array of events, not {json_type(data)}")
        return data

    def to_representation(self, value: list[Any]) -> list[Any]:
        return value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "array", "items": {"$ref": "#/components/schemas/Event"}},
            {
                "type": "string",
                "description": (
                    "The same events in text: 'm1830.12.97 h800 n1200', a letter for the type "
                    "(the initial), ms since the event before, a match's two positions; events "
                    "separated by single spaces (grammar in game/mahjong/engine/events.py)."
                ),
            },
        ]
    }
)
class SubmittedLogField(serializers.Field[list[Any] | str, list[Any] | str, list[Any] | str, Any]):
    """The log of a submission: the array of events, or the engine's text form of them.

    Only the JSON type is checked here; the text is read by the engine, after
    the counts (see ``submissions``).  A long arcade game fits the body only
    in text (about 12 bytes a match instead of 45).
    """

    def to_internal_value(self, data: Any) -> list[Any] | str:
        if not isinstance(data, list | str):
            raise serializers.ValidationError(
                f"must be an array of events or their text form, not {json_type(data)}"
            )
        return data

    def to_representation(self, value: list[Any] | str) -> list[Any] | str:
        return value


@extend_schema_field({"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3})
class PositionField(serializers.ListField):
    """[x, y, z] in half-tile units."""


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
        "description": "Pairs of position indices [i, j], in an order that clears the board.",
    }
)
class PlanField(serializers.ListField):
    pass


# -- request bodies ---------------------------------------------------------------------------


class DealRequestSerializer(StrictSerializer):
    """Exactly one of ``layout`` (a new random deal), ``code`` (a replay) or ``daily``."""

    layout = LayoutField(required=False)
    code = GameCodeField(required=False, help_text="Replay this game code.")
    daily = ModeField(required=False, help_text="Today's daily challenge (UTC date) in this mode.")
    mode = ModeField(required=False, help_text="classic (default) or arcade; with daily, it must agree.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in ("layout", "code", "daily") if key in attrs]
        if len(given) != 1:
            what = "none" if not given else " and ".join(given)
            raise serializers.ValidationError(
                {"body": f"give exactly one of layout, code or daily (got {what})"}
            )
        if "daily" in attrs:
            if attrs.get("mode", attrs["daily"]) != attrs["daily"]:
                raise serializers.ValidationError({"mode": "must agree with daily (or be left out)"})
            attrs["mode"] = attrs["daily"]
        attrs.setdefault("mode", "classic")
        return attrs


class ShuffleRequestSerializer(StrictSerializer):
    level = StrictIntegerField(
        min_value=1, max_value=MAX_LEVEL, help_text="The level being played (1 in classic)."
    )
    shuffle = StrictIntegerField(
        min_value=0,
        max_value=MAX_SHUFFLE_NUMBER,
        help_text="How many shuffles this game made before this one.",
    )
    tiles = TilesField()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        layout = self.context["layout"]
        try:
            attrs["tiles"] = check_tiles(layout, attrs["tiles"], must_pair=True)
        except ValueError as error:
            raise serializers.ValidationError({"tiles": str(error)}) from None
        return attrs


class RemovalSerializer(StrictSerializer):
    """One pair the player took (and could undo): its positions and the faces that lay there."""

    a = StrictIntegerField(min_value=0, help_text="Position index of one tile of the pair.")
    b = StrictIntegerField(min_value=0, help_text="Position index of the other tile.")
    fa = StrictChoiceField(choices=FACES, help_text="The face that lay on a.")
    fb = StrictChoiceField(choices=FACES, help_text="The face that lay on b.")


class RemovalsField(serializers.ListField):
    """The undo history: at most :data:`MAX_REMOVALS`, refused (not cut) beyond, as the client caps it."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "help_text",
            f"Optional: the pairs the player could undo, oldest first, at most {MAX_REMOVALS} "
            "(the last ones). With them, a board that is not winnable is answered with undos.",
        )
        super().__init__(child=RemovalSerializer(), required=False, **kwargs)

    def to_internal_value(self, data: Any) -> list[Any]:
        if not isinstance(data, list):
            raise serializers.ValidationError(f"must be an array of removals, not {json_type(data)}")
        if len(data) > MAX_REMOVALS:
            raise serializers.ValidationError(
                f"at most {MAX_REMOVALS} removals (send the last ones), not {len(data)}"
            )
        return list(super().to_internal_value(data))


def check_removals(board: Board, removals: list[dict[str, Any]]) -> list[tuple[int, int, Face, Face]]:
    """The removals as the engine takes them, if they are a legal way to the board; else a ValidationError.

    The board they lead back to must hold tiles of one set, and taking the
    pairs again from there, in order, must be legal and give ``board`` back: so
    forged faces (a fifth 7C, a pair that does not match, a tile put back where
    one lies, or under one put back later) are refused before any solving.
    """
    undone = list(board.tiles)
    for index in range(len(removals) - 1, -1, -1):
        removal = removals[index]
        for key, face_key in (("a", "fa"), ("b", "fb")):
            i = removal[key]
            if i >= len(undone):
                raise serializers.ValidationError({f"removals[{index}].{key}": f"no position {i}"})
            if undone[i] is not None:
                raise serializers.ValidationError(
                    {f"removals[{index}].{key}": f"position {i} is not empty before this removal is undone"}
                )
            undone[i] = Face(removal[face_key])
    try:
        check_tiles(board.layout, undone, must_pair=False)
    except MalformedError as error:
        raise serializers.ValidationError({"removals": f"the board they lead back to: {error}"}) from None
    again = Board(board.layout, undone)
    taken: list[tuple[int, int, Face, Face]] = []
    for index, removal in enumerate(removals):
        a, b = removal["a"], removal["b"]
        try:
            fa, fb = again.remove(a, b)
        except IllegalMoveError as error:
            raise serializers.ValidationError({f"removals[{index}]": f"not a legal move: {error}"}) from None
        taken.append((a, b, fa, fb))
    return taken


class SolveRequestSerializer(StrictSerializer):
    layout = LayoutField()
    tiles = TilesField()
    removals = RemovalsField()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        layout = get_layout(attrs["layout"])
        try:
            attrs["tiles"] = check_tiles(layout, attrs["tiles"], must_pair=False)
        except ValueError as error:
            raise serializers.ValidationError({"tiles": str(error)}) from None
        attrs["layout"] = layout
        if "removals" in attrs:
            attrs["removals"] = check_removals(Board(layout, attrs["tiles"]), attrs["removals"])
        return attrs


class ScoreRequestSerializer(StrictSerializer):
    """Only the JSON types are checked here; the submission is then verified in order (see submissions)."""

    token = StrictCharField(trim_whitespace=False, help_text="The token of the deal, from POST /api/deals/.")
    name = StrictCharField(
        trim_whitespace=False,
        allow_blank=True,
        help_text="1-24 letters of any script, digits, spaces and . - _ ' ! ? (trimmed).",
    )
    log = SubmittedLogField(
        help_text=(
            "The game's events, as an array or in text. Classic: at most 2,000 events and 30 shuffles; "
            "arcade: at most 6,000 events and 100 levels; at most 500 hints in both."
        )
    )


# -- query parameters ---------------------------------------------------------------------------


class DealQuerySerializer(QuerySerializer):
    level = serializers.IntegerField(
        min_value=1, max_value=MAX_LEVEL, default=1, help_text="Arcade level (1 by default)."
    )
    mode = serializers.ChoiceField(choices=MODES, default="classic")


class LeaderboardQuerySerializer(QuerySerializer):
    layout = serializers.ChoiceField(
        choices=layout_ids(), required=False, help_text="A layout's board (deals the server chose at random)."
    )
    code = GameCodeField(
        required=False, help_text="A game code's board (every game of that code but daily ones)."
    )
    daily = serializers.DateField(
        required=False, input_formats=["%Y-%m-%d"], help_text="A daily challenge's board (YYYY-MM-DD)."
    )
    mode = serializers.ChoiceField(choices=MODES, default="classic")
    period = serializers.ChoiceField(
        choices=PERIOD_CHOICES,
        required=False,
        help_text="Layout boards: entries of the last 24 hours, 7 days, or all (default).",
    )
    limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, default=MAX_LIMIT)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if sum(key in attrs for key in ("layout", "code", "daily")) != 1:
            raise serializers.ValidationError({"layout": "give exactly one of layout, code or daily"})
        if "daily" in attrs and "period" in attrs:
            raise serializers.ValidationError({"period": "only layout and code boards have periods"})
        attrs.setdefault("period", "all")
        return attrs


# -- responses (documentation) ---------------------------------------------------------------------


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "description": "Per position index, the indices it relates to, ascending.",
    }
)
class RelationField(serializers.ListField):
    """One relation of a layout's freedom graph: a list of position indices per position."""


class GraphSerializer(serializers.Serializer[Any]):
    """The relations between a layout's positions that decide which tiles are free, as the engine has them.

    A tile is free when no tile of ``above[i]`` lies on the board and the tiles of
    ``left[i]`` or those of ``right[i]`` are all gone.
    """

    above = RelationField(
        help_text="above[i]: the positions of the layer above that overlap position i (even by half a tile)."
    )
    left = RelationField(
        help_text="left[i]: the positions on i's layer, one tile to its left, whose rows overlap it."
    )
    right = RelationField(
        help_text="right[i]: the positions on i's layer, one tile to its right, whose rows overlap it."
    )


class LayoutSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    name = serializers.CharField()
    size = serializers.IntegerField(help_text="Number of tiles.")
    positions = serializers.ListField(
        child=PositionField(), help_text="[x, y, z] per position, half-tile units."
    )
    graph = GraphSerializer(help_text="Which positions block which: the free rule's relations.")


class DealSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    layout = serializers.CharField()
    mode = serializers.ChoiceField(choices=MODES)
    level = serializers.IntegerField()
    daily = serializers.DateField(allow_null=True, help_text="The daily challenge's date, or null.")
    positions = serializers.ListField(child=PositionField())
    graph = GraphSerializer(help_text="The layout's relations between positions (as in GET /api/layouts/).")
    tiles = serializers.ListField(
        child=serializers.ChoiceField(choices=FACES),
        help_text=(
            "tiles[i] lies on positions[i]. Every deal can be cleared; the way to clear it is not "
            "given (POST /api/solve/ finds one for a board)."
        ),
    )


class DealWithTokenSerializer(DealSerializer):
    token = serializers.CharField(
        help_text="Signed; submit it with the log to POST /api/scores/ within 24 hours."
    )


class ShuffleSerializer(serializers.Serializer[Any]):
    tiles = serializers.ListField(child=serializers.ChoiceField(choices=FACES, allow_null=True))
    plan = PlanField(allow_null=True, help_text="null when no solvable arrangement exists.")


class LeftoverSerializer(serializers.Serializer[Any]):
    tiles = serializers.IntegerField(min_value=0, help_text="Tiles left at the end of the best play found.")
    proven = serializers.BooleanField(help_text="Whether no play leaves fewer.")


class SolveSerializer(serializers.Serializer[Any]):
    winnable = serializers.BooleanField(allow_null=True, help_text="null: undecided within the time budget.")
    plan = PlanField(allow_null=True)
    undos = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text=(
            "Only when removals were sent: for a board that is not winnable, how many of the last "
            "removals to undo to get a winnable board; null when winnable, when no undo of those "
            "sent helps, or when the budget ran out first."
        ),
    )
    leftover = LeftoverSerializer(
        required=False,
        allow_null=True,
        help_text=(
            "Only for a board that is not winnable: the fewest tiles it can still be played down to "
            "(proven), or the fewest found within the budget (not proven); null when no time was left."
        ),
    )


RANKED_MS_HELP: Final = (
    f"classic only: what the boards rank, time_ms plus {HINT_PENALTY_MS:,} per hint and "
    f"{SHUFFLE_PENALTY_MS:,} per shuffle"
)
RANDOM_DEAL_HELP: Final = (
    "true if the server chose the code at random (POST /api/deals/ with a layout): the entry is ranked "
    "on its layout's board; false for a chosen code (its code's board) and for a daily challenge "
    "(its day's board)"
)
RANK_HELP: Final = (
    "Place on the entry's own all-time board (its day's, its layout's or its code's); "
    "null if held for review."
)


class ScoreCreatedSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True, help_text=RANK_HELP)
    random_deal = serializers.BooleanField(help_text=RANDOM_DEAL_HELP)
    mode = serializers.ChoiceField(choices=MODES)
    time_ms = serializers.IntegerField(required=False, help_text="classic only: the stopwatch")
    ranked_ms = serializers.IntegerField(required=False, help_text=RANKED_MS_HELP)
    score = serializers.IntegerField(required=False, help_text="arcade only")
    level = serializers.IntegerField(required=False, help_text="arcade only: the level reached")
    moves = serializers.IntegerField()
    hints = serializers.IntegerField()
    shuffles = serializers.IntegerField()


class LeaderboardEntrySerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    id = serializers.IntegerField()
    name = serializers.CharField()
    time_ms = serializers.IntegerField(required=False, help_text="classic only: the stopwatch")
    ranked_ms = serializers.IntegerField(required=False, help_text=RANKED_MS_HELP)
    score = serializers.IntegerField(required=False, help_text="arcade only")
    hints = serializers.IntegerField()
    shuffles = serializers.IntegerField()
    created = serializers.DateTimeField()


class LeaderboardSerializer(serializers.Serializer[Any]):
    entries = LeaderboardEntrySerializer(many=True)


class ScoreDetailSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True, help_text=RANK_HELP)
    name = serializers.CharField()
    code = serializers.CharField()
    layout = serializers.CharField()
    mode = serializers.ChoiceField(choices=MODES)
    daily = serializers.DateField(allow_null=True)
    random_deal = serializers.BooleanField(help_text=RANDOM_DEAL_HELP)
    level = serializers.IntegerField()
    time_ms = serializers.IntegerField(allow_null=True)
    ranked_ms = serializers.IntegerField(allow_null=True, help_text=RANKED_MS_HELP)
    score = serializers.IntegerField(allow_null=True)
    moves = serializers.IntegerField()
    hints = serializers.IntegerField()
    shuffles = serializers.IntegerField()
    created = serializers.DateTimeField()
    log = LogField()


def iso_date(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()
