"""Tile Rummy's pages: the table against the computer, pass and play on one device, and
online rooms (a lobby, and each room's table at its invitation's address).

The three tables are the same page and the same client; only the mode differs.  The page
holds no game: the client resumes this browser's match of that mode (its seat credential is
in localStorage) or starts one through the seat API, and the server sends it its seat's view
only.  An online room's table first checks the invitation, so that a mistyped or expired
link gets a page that says so instead of a table that cannot load.
"""

from __future__ import annotations

from typing import Any, Final

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import service
from .models import Level, Mode

MODE_TITLES: Final[dict[Mode, Promise]] = {
    Mode.COMPUTER: _("Tile Rummy against the computer"),
    Mode.LOCAL: _("Tile Rummy: pass and play"),
    Mode.ONLINE: _("Tile Rummy online"),
}
OTHER_MODE: Final = {Mode.COMPUTER: "rummy:local", Mode.LOCAL: "rummy:play", Mode.ONLINE: "rummy:play"}

SOCKET_PATH: Final = "/ws/rummy/rooms/"
"""Where the room sockets are (game/rummy/sockets.py, mounted under /ws/<slug>/)."""
INVITE_SLOT: Final = "_" * 16
"""Stands for the invitation in the room address template the client fills in."""
ROOM_GONE_STATUS: Final = {"not_found": 404, "room_expired": 410}


def _config(mode: Mode) -> dict[str, Any]:
    from rules.models import Page  # the content site's pages (the rules page may not exist yet)

    # The game menu links to the rules once the content page "rummy-rules" is published.
    rules = Page.objects.published().filter(key="rummy-rules").first()
    return {
        "language": get_language(),
        "mode": mode.value,
        "matchesUrl": reverse("api:rummy:matches"),
        "sprite": static("rummy/tiles.svg"),
        # Ordered as the level menu lists them; Easy is the first visit's level.
        "levels": [{"key": level.value, "name": str(level.label)} for level in Level],
        "otherModeUrl": reverse(OTHER_MODE[mode]),
        "rulesUrl": rules.get_absolute_url() if rules else None,
    }


def _rooms_config() -> dict[str, Any]:
    """What the lobby and a room's table both need: where rooms are created and shown."""
    return {
        "roomsUrl": reverse("api:rummy:rooms"),
        "lobbyUrl": reverse("rummy:online"),
        "roomUrlTemplate": reverse("rummy:room", kwargs={"invite": INVITE_SLOT}),
        "inviteSlot": INVITE_SLOT,
    }


def _play(request: HttpRequest, mode: Mode, extra: dict[str, Any] | None = None) -> HttpResponse:
    config = {**_config(mode), **(extra or {})}
    context = {"mode": mode.value, "title": MODE_TITLES[mode], "config": config}
    return render(request, "rummy/play.html", context)


def play_computer(request: HttpRequest) -> HttpResponse:
    return _play(request, Mode.COMPUTER)


def play_local(request: HttpRequest) -> HttpResponse:
    return _play(request, Mode.LOCAL)


def online_lobby(request: HttpRequest) -> HttpResponse:
    """Create a room, or go back to one this browser holds (the client lists them)."""
    config = {"language": get_language(), **_rooms_config()}
    return render(request, "rummy/online.html", {"config": config})


def online_room(request: HttpRequest, invite: str) -> HttpResponse:
    """A room's table, for whoever holds one of its seats or comes to take the second."""
    try:
        service.room_by_invite(invite)
    except service.Refusal as refusal:
        if refusal.code not in ROOM_GONE_STATUS:
            raise
        context = {"reason": refusal.code, "invite": invite}
        return render(request, "rummy/room_gone.html", context, status=ROOM_GONE_STATUS[refusal.code])
    return _play(request, Mode.ONLINE, {**_rooms_config(), "invite": invite, "socketPath": SOCKET_PATH})
