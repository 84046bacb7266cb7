"""Mahjong Solitaire's visitor pages: the tiles and the play page.

The leaderboards are in board_pages.py, the replays in replay_pages.py.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.text import format_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from . import diagrams
from .artwork.build import PLAIN, STYLES, get_style, sheet_image, sheet_raster_image
from .engine import FACES, GameCode, Layout, MalformedError, all_layouts, get_layout
from .engine.play import scoring_rules
from .names import DAILY_NAME, GROUPS, MODE_NAMES, STYLE_NAMES, face_name, layout_name

# The page's texts live here rather than in the template so that the Mahjong
# app's catalogue (game/mahjong/locale, made by makemessages run inside that folder) has them.
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


@require_safe
def board_picture(request: HttpRequest) -> HttpResponse:
    """The home page's drawing of a deal (:func:`.diagrams.board_picture`), cached by browsers."""
    response = HttpResponse(diagrams.board_picture().svg, content_type="image/svg+xml")
    patch_cache_control(response, public=True, max_age=BOARD_PICTURE_MAX_AGE_S)
    return response


BOARD_PICTURE_MAX_AGE_S = 24 * 3600
"""The drawing changes only with a release (a new tile style): a day is fresh enough."""


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
                    "images": [{"style": style, "alt": STYLE_NAMES[style]} for style in STYLES],
                }
                for face in faces
            ],
        }
        for key, title, faces in GROUPS
    ]
    styles = [{"key": style, "name": STYLE_NAMES[style]} for style in STYLES]
    context = {"groups": groups, "styles": styles, "texts": TEXTS, "marks": diagrams.marks_language()}
    return render(request, "mahjong/tiles.html", context)


# -- the play page ---------------------------------------------------------------------------

PLAY_TEXTS = {
    "title": _("Play Mahjong Solitaire"),
    "description": _(
        "Play Mahjong Solitaire in your browser: remove pairs of free matching tiles "
        "until the board is clear."
    ),
    "layout": _("Layout"),
    "mode": _("Mode"),
    "classic": MODE_NAMES["classic"],
    "arcade": MODE_NAMES["arcade"],
    "daily": DAILY_NAME,
    "daily_classic": format_lazy("{} · {}", DAILY_NAME, MODE_NAMES["classic"]),
    "daily_arcade": format_lazy("{} · {}", DAILY_NAME, MODE_NAMES["arcade"]),
    "restart": _("Restart this deal"),
    "new_game": _("New game"),
    "hint": _("Hint"),
    "undo": _("Undo"),
    "shuffle": _("Shuffle"),
    "style": _("Tile style"),
    "pause": _("Pause"),
    "closeup": _("Close-up"),
    "stop": _("End the game"),
    "records": _("Your records"),
    "settings": _("Settings"),
    "corner_marks": _("Corner marks on the tiles"),
    "unveil": _("Show blocked tiles unveiled"),
    "verdict": _("Say whether the board can still be cleared"),
    "sound": _("Sound"),
    "volume": _("Volume"),
    "in_progress": _("A game is in progress: starting a new one ends it."),
    "daily_help": _("The daily challenge is the same deal for everyone today, on the Turtle layout."),
    "cancel": _("Cancel"),
    "start": _("Start"),
    "close": _("Close"),
    "your_name": _("Your name"),
    "submit_score": _("Submit the score"),
    "see_leaderboard": _("See the leaderboard"),
    "controls": _("Game controls"),
    "menu": _("Menu"),
    "home": _("Home"),
    "board": _("Game board"),
    "loading": _("Loading the game…"),
    "keys_help": _(
        "Keys: H hint, U undo, S shuffle, T tile style, Z close-up or whole board, P pause, N new game. "
        "On the board, the arrow keys move between the free tiles and Enter or Space selects one. "
        "On a touch screen, pinch to zoom, drag to move the board and double-tap to switch views."
    ),
    "game_code": _("Game code:"),
    "copy_link": _("Copy link"),
    "noscript": _("The game needs JavaScript. Please enable it to play."),
}


def layout_preview(layout: Layout) -> dict[str, Any]:
    """A small SVG picture of a layout: one path of tile outlines per layer, higher layers lighter.

    Units are half tiles (a tile is 2 x 2); each layer is shifted up-left like on the board.
    """
    xs = [x for x, _, _ in layout.positions]
    ys = [y for _, y, _ in layout.positions]
    depth = max(z for _, _, z in layout.positions)
    shift = 0.3
    layers: dict[int, list[str]] = {}
    for x, y, z in layout.positions:
        left = x - min(xs) + (depth - z) * shift
        top = y - min(ys) + (depth - z) * shift
        layers.setdefault(z, []).append(f"M{left:g} {top:g}h1.8v1.8h-1.8z")
    width = max(xs) - min(xs) + 2 + depth * shift
    height = max(ys) - min(ys) + 2 + depth * shift
    return {
        # Formatted here: the template would write the numbers with the page's decimal comma.
        "view_box": f"0 0 {width:g} {height:g}",
        "layers": [{"z": z, "d": "".join(parts)} for z, parts in sorted(layers.items())],
    }


STYLE_ORDER = ("kittens", "classic", "numbers")
"""The tile styles in the order the play page and the replay viewer offer them."""


def style_sheets() -> list[dict[str, str]]:
    """Each tile style's translated name and sprite files, for the clients' configs: the
    sheet with the page language's corner marks (``image``) and the one without (``plainImage``),
    each also as a bitmap (``raster``, ``plainRaster``), which the board draws from when its
    tiles are small enough (build.py RASTER_SCALE)."""
    language = diagrams.marks_language()
    sheets = []
    for style in (s for s in STYLE_ORDER if s in STYLES):
        plain = PLAIN if get_style(style).corner_marks else language
        sheets.append(
            {
                "key": style,
                "name": str(STYLE_NAMES[style]),
                "sheet": static(f"mahjong/tiles/{style}-sprite.json"),
                "image": static(f"mahjong/tiles/{sheet_image(style, language)}"),
                "plainImage": static(f"mahjong/tiles/{sheet_image(style, plain)}"),
                "raster": static(f"mahjong/tiles/{sheet_raster_image(style, language)}"),
                "plainRaster": static(f"mahjong/tiles/{sheet_raster_image(style, plain)}"),
            }
        )
    return sheets


def _play_config(request: HttpRequest, code: str | None) -> dict[str, Any]:
    daily = request.GET.get("daily")
    mode = request.GET.get("mode")
    return {
        "language": get_language(),
        "api": reverse("api:root"),
        "playUrl": reverse("mahjong:play"),
        "code": code,
        "mode": mode if mode in MODE_NAMES else None,
        "daily": daily if daily in MODE_NAMES else None,
        "defaultLayout": "L00",
        # The engine's scoring constants: the client's state scores with these (deals carry
        # their layout's graph, so the page needs no rule data of its own besides).
        "scoring": scoring_rules(),
        # In the order the T key cycles through them.
        "styles": style_sheets(),
        "faceNames": {face: face_name(face) for face in FACES},
        # The names of the layouts and modes exist here only; the client shows these.
        "layouts": {layout.id: layout_name(layout.id) for layout in all_layouts().values()},
        "modes": {**{mode: str(name) for mode, name in MODE_NAMES.items()}, "daily": str(DAILY_NAME)},
        # The leaderboards' pages, translated (?layout=L00&mode=classic is added by the client).
        "scoresUrl": reverse("mahjong:leaderboard"),
        "dailyScoresUrl": reverse("mahjong:daily_leaderboard"),
    }


def play(request: HttpRequest, code: str | None = None) -> HttpResponse:
    """The game: starts a new deal or resumes the saved one; with a code, plays that deal."""
    if code is not None:
        try:
            get_layout(GameCode.parse(code).layout_id)
        except MalformedError:
            raise Http404("not a game code") from None
    layouts = [
        {"id": layout.id, "name": layout_name(layout.id), "preview": layout_preview(layout)}
        for layout in all_layouts().values()
    ]
    context = {"texts": PLAY_TEXTS, "layouts": layouts, "config": _play_config(request, code)}
    return render(request, "mahjong/play.html", context)
