"""The names visitors see, translated, each defined once: game modes, layouts, tile faces,
tile groups and styles (the pages, the client's config and the leaderboards all read them here).

The engine keeps English names for messages (:data:`game.mahjong.engine.tiles.FACE_NAMES`);
pages use these, translated with the Mahjong app's own catalogue.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

# Translators: a suit tile, e.g. "5 of bamboo"; put the number where your language wants it.
_SUIT_NAME = {
    "B": gettext_lazy("%(number)s of bamboo"),
    "C": gettext_lazy("%(number)s of characters"),
    "D": gettext_lazy("%(number)s of dots"),
}

_HONOUR_NAMES: dict[str, Promise] = {
    "N": gettext_lazy("North wind"),
    "S": gettext_lazy("South wind"),
    "E": gettext_lazy("East wind"),
    "W": gettext_lazy("West wind"),
    "R": gettext_lazy("Red dragon"),
    "G": gettext_lazy("Green dragon"),
    "Wh": gettext_lazy("White dragon"),
    "F1": pgettext_lazy("flower tile", "Plum"),
    "F2": pgettext_lazy("flower tile", "Orchid"),
    "F3": pgettext_lazy("flower tile", "Bamboo"),
    "F4": pgettext_lazy("flower tile", "Chrysanthemum"),
    "S1": pgettext_lazy("season tile", "Spring"),
    "S2": pgettext_lazy("season tile", "Summer"),
    "S3": pgettext_lazy("season tile", "Autumn"),
    "S4": pgettext_lazy("season tile", "Winter"),
}


def _suit(letter: str) -> tuple[str, ...]:
    return tuple(f"{rank}{letter}" for rank in range(1, 10))


GROUPS: tuple[tuple[str, Promise, tuple[str, ...]], ...] = (
    ("bamboo", pgettext_lazy("suit", "Bamboo"), _suit("B")),
    ("characters", pgettext_lazy("suit", "Characters"), _suit("C")),
    ("dots", pgettext_lazy("suit", "Dots"), _suit("D")),
    ("winds", gettext_lazy("Winds"), ("E", "S", "W", "N")),
    ("dragons", gettext_lazy("Dragons"), ("R", "G", "Wh")),
    ("flowers", gettext_lazy("Flowers"), ("F1", "F2", "F3", "F4")),
    ("seasons", gettext_lazy("Seasons"), ("S1", "S2", "S3", "S4")),
)
"""(key, heading, faces) of the seven groups, in the order the tiles page shows them."""

STYLE_NAMES: dict[str, Promise] = {
    "classic": pgettext_lazy("tile style", "Classic"),
    "numbers": pgettext_lazy("tile style", "Numbers"),
    "kittens": pgettext_lazy("tile style", "Kittens"),
}


def face_name(face: str) -> str:
    """The face's name in the active language ("5 of bamboo", "Orchid")."""
    if face[0].isdigit() and len(face) == 2 and face[1] in _SUIT_NAME:
        return str(_SUIT_NAME[face[1]]) % {"number": face[0]}
    try:
        return str(_HONOUR_NAMES[face])
    except KeyError:
        raise ValueError(f"unknown tile label {face!r}") from None


def layer_name(layer: int) -> str:
    return gettext("layer %(number)s") % {"number": layer + 1}


MODE_NAMES: dict[str, Promise] = {
    "classic": pgettext_lazy("game mode", "Classic"),
    "arcade": pgettext_lazy("game mode", "Arcade"),
}
"""The modes a game is played in (the values of :class:`game.mahjong.engine.Mode`)."""

DAILY_NAME = pgettext_lazy("game mode", "Daily challenge")
"""The play page offers the daily challenge beside the two modes."""

# The layout files' names are the English ones.
LAYOUT_NAMES: dict[str, Promise] = {
    "L00": pgettext_lazy("layout", "Turtle"),
    "L01": pgettext_lazy("layout", "Kitten"),
    "L02": pgettext_lazy("layout", "Fish"),
    "L03": pgettext_lazy("layout", "Bridge"),
    "L04": pgettext_lazy("layout", "Castle"),
    "L05": pgettext_lazy("layout", "Flower"),
    "L06": pgettext_lazy("layout", "Gem"),
    "L07": pgettext_lazy("layout", "Butterfly"),
    "L08": pgettext_lazy("layout", "Pagoda"),
    "L09": pgettext_lazy("layout", "Crossroads"),
    "L10": pgettext_lazy("layout", "Heart"),
    "L11": pgettext_lazy("layout", "Arena"),
}


def layout_name(layout_id: str) -> str:
    """A layout's name in the active language (an unknown id stands for itself)."""
    name = LAYOUT_NAMES.get(layout_id)
    return str(name) if name is not None else layout_id
