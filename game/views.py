"""Visitor pages of the game app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from .artwork.build import STYLES
from .templatetags.tiles import face_url
from .tile_names import GROUPS, STYLE_NAMES, face_name

# The page's texts live here rather than in the template so that the game
# app's catalogue (game/locale, made by makemessages run inside game/) has them.
TEXTS = {
    "title": _("The tiles"),
    "description": _(
        "All 42 Mahjong tile faces in the classic, numbers and kittens styles, with their names."
    ),
    "lead": _(
        "A full set has 144 tiles with 42 different faces: four of each suit tile, wind and dragon, "
        "and one of each flower and season."
    ),
    "matching": _(
        "Two tiles match when their faces are the same. Any flower matches any other flower, "
        "and any season any other season."
    ),
    "styles": _("Each face is shown in the three styles, from left to right:"),
}


def tiles(request: HttpRequest) -> HttpResponse:
    """All 42 faces in every style, grouped by suit, with their names in the page's language."""
    groups = [
        {
            "key": key,
            "title": title,
            "faces": [
                {
                    "label": face,
                    "name": face_name(face),
                    "images": [
                        {"style": style, "url": face_url(face, style), "alt": STYLE_NAMES[style]}
                        for style in STYLES
                    ],
                }
                for face in faces
            ],
        }
        for key, title, faces in GROUPS
    ]
    styles = [{"key": style, "name": STYLE_NAMES[style]} for style in STYLES]
    return render(request, "game/tiles.html", {"groups": groups, "styles": styles, "texts": TEXTS})
