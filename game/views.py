"""Visitor pages of the game app."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .artwork.build import STYLES
from .mahjong import FACES, GameCode, MalformedError, all_layouts, get_layout
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


# -- the play page ---------------------------------------------------------------------------

PLAY_TEXTS = {
    "title": _("Play Mahjong Solitaire"),
    "description": _(
        "Play Mahjong Solitaire in your browser: remove pairs of free matching tiles "
        "until the board is clear."
    ),
    "layout": _("Layout"),
    "mode": _("Mode"),
    "classic": pgettext_lazy("game mode", "Classic"),
    "arcade": pgettext_lazy("game mode", "Arcade"),
    "daily": pgettext_lazy("game mode", "Daily challenge"),
    "new_game": _("New game"),
    "hint": _("Hint"),
    "undo": _("Undo"),
    "shuffle": _("Shuffle"),
    "style": _("Tiles style"),
    "pause": _("Pause"),
    "controls": _("Game controls"),
    "board": _("Game board"),
    "loading": _("Loading the game…"),
    "keys_help": _(
        "Keys: H hint, U undo, S shuffle, T tiles style, P pause, N new game. On the board, "
        "the arrow keys move between the free tiles and Enter or Space selects one."
    ),
    "game_code": _("Game code:"),
    "copy_link": _("Copy link"),
    "noscript": _("The game needs JavaScript. Please enable it to play."),
}

# Strings the browser client shows; {name} placeholders are filled in by ui.js.
SCRIPT_TEXTS = {
    "time": _("Time"),
    "score": _("Score"),
    "level": _("Level"),
    "shufflesLeft": _("Shuffles left"),
    "moves": _("Moves"),
    "hints": _("Hints"),
    "pairs": _("Pairs available"),
    "winnable": _("Winnable"),
    "yes": _("yes"),
    "no": _("no"),
    "unknown": _("unknown"),
    "checking": _("checking…"),
    "paused": _("Paused"),
    "resume": _("Resume"),
    "pause": _("Pause"),
    "newGame": _("New game"),
    "undo": _("Undo"),
    "shuffle": _("Shuffle"),
    "close": _("Close"),
    "nextLevel": _("Next level"),
    "wonTitle": _("Board cleared!"),
    "wonText": _("You cleared the board in {time} with {moves} moves and {hints} hints."),
    "levelTitle": _("Level {level} cleared!"),
    "levelText": _("Your score is {score}. On to the next level!"),
    "noMovesTitle": _("No more moves"),
    "noMovesText": _("No pair of free tiles is left. Undo a move, shuffle the tiles or start a new game."),
    "gameOverTitle": _("Game over"),
    "gameOverText": _("No pairs and no shuffles are left. Your score is {score} at level {level}."),
    "yourName": _("Your name"),
    "submitScore": _("Submit the score"),
    "scoreSaved": _("Score saved: you are number {rank}."),
    "scoreHeld": _("Score saved; it will be ranked after a review."),
    "selected": _("Selected: {tile}."),
    "deselected": _("Selection cancelled."),
    "matched": _("Pair removed: {tile}."),
    "blocked": _("That tile is not free."),
    "hintPair": _("Hint: {a} and {b}."),
    "noHint": _("There is no pair to remove."),
    "shuffled": _("The tiles were shuffled."),
    "undone": _("Move undone."),
    "resumed": _("The game goes on."),
    "styleChanged": _("Tiles style: {style}."),
    "focus": _("{tile}, free."),
    "linkCopied": _("Link copied."),
    "error": _("Something went wrong: {message}"),
    "offline": _("The server cannot be reached."),
    "restored": _("Your game in progress is back."),
}


PLAY_STYLE_ORDER = ("kittens", "classic", "numbers")


def _style_rank(style: str) -> int:
    return PLAY_STYLE_ORDER.index(style) if style in PLAY_STYLE_ORDER else len(PLAY_STYLE_ORDER)


def _play_config(request: HttpRequest, code: str | None) -> dict[str, Any]:
    daily = request.GET.get("daily")
    mode = request.GET.get("mode")
    return {
        "language": get_language(),
        "api": reverse("api:root"),
        "playUrl": reverse("game:play"),
        "code": code,
        "mode": mode if mode in ("classic", "arcade") else None,
        "daily": daily if daily in ("classic", "arcade") else None,
        "defaultLayout": "L00",
        # In the order the T key cycles through them.
        "styles": [
            {
                "key": style,
                "name": str(STYLE_NAMES[style]),
                "sheet": static(f"game/tiles/{style}-sprite.json"),
                "image": static(f"game/tiles/{style}-sprite.svg"),
            }
            for style in sorted(STYLES, key=_style_rank)
        ],
        "faceNames": {face: face_name(face) for face in FACES},
        "texts": {key: str(text) for key, text in SCRIPT_TEXTS.items()},
    }


def play(request: HttpRequest, code: str | None = None) -> HttpResponse:
    """The game: starts a new deal or resumes the saved one; with a code, plays that deal."""
    if code is not None:
        try:
            get_layout(GameCode.parse(code).layout_id)
        except MalformedError:
            raise Http404("not a game code") from None
    layouts = [{"id": layout.id, "name": layout.name} for layout in all_layouts().values()]
    context = {"texts": PLAY_TEXTS, "layouts": layouts, "config": _play_config(request, code)}
    return render(request, "game/play.html", context)
