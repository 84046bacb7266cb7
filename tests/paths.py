"""The game pages' translated addresses, written out by hand so that the tests check the
catalogues' URL translations instead of trusting ``reverse``."""

from __future__ import annotations

PARTS = {
    "play": {"en": "play", "it": "gioca", "pl": "graj", "ru": "igrat", "fr": "jouer"},
    "scores": {"en": "scores", "it": "classifiche", "pl": "wyniki", "ru": "rekordy", "fr": "classements"},
    "daily": {"en": "daily", "it": "del-giorno", "pl": "dnia", "ru": "dnya", "fr": "du-jour"},
    "tiles": {"en": "tiles", "it": "tessere", "pl": "kamienie", "ru": "fishki", "fr": "tuiles"},
}


RUMMY_PARTS = {
    "play": PARTS["play"],
    "local": {
        "en": "pass-and-play",
        "it": "passa-e-gioca",
        "pl": "na-zmiane",
        "ru": "po-ocheredi",
        "fr": "chacun-son-tour",
    },
    "online": {"en": "online", "it": "online", "pl": "online", "ru": "onlain", "fr": "en-ligne"},
}


def rummy_path(language: str, page: str) -> str:
    """``rummy_path("it", "local")`` is ``/it/rummy/passa-e-gioca/``."""
    return f"/{language}/rummy/{RUMMY_PARTS[page][language]}/"


def rummy_room_path(language: str, invite: str) -> str:
    """``rummy_room_path("fr", invite)`` is ``/fr/rummy/en-ligne/<invite>/``: an online room's table."""
    return f"{rummy_path(language, 'online')}{invite}/"


def mahjong_path(language: str, *parts: str | int) -> str:
    """``mahjong_path("it", "scores", "daily")`` is ``/it/mahjong/classifiche/del-giorno/``;
    a part that is not a page name (an id, a code) is kept as it is."""
    translated = [PARTS[part][language] if part in PARTS else str(part) for part in parts]
    return "/".join(["", language, "mahjong", *translated, ""])


def moved(language: str, address: str) -> str:
    """An address below the language prefix as it was before the games had prefixes
    (``scores/daily/``), turned into today's (``mahjong/classifiche/del-giorno/`` in Italian)."""
    for old, parts in (
        ("scores/daily/", ("scores", "daily")),
        ("scores/", ("scores",)),
        ("play/", ("play",)),
        ("tiles/", ("tiles",)),
    ):
        if address.startswith(old):
            return mahjong_path(language, *parts)[len(language) + 2 :] + address[len(old) :]
    return address
