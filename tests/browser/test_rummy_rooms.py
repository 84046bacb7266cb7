"""Tile Rummy's online rooms in Chromium: two players, each in a browser context of their own.

A browser context is a device of its own (its own localStorage, so its own seats); the pages
talk to the real ASGI application (``asgi_live_server``: uvicorn in a thread of this process,
so the test, the server and its in-memory channel layer share the test database). The tests
read each page through its automation hook (``window.miaojong.state()``, whose ``room`` is the
room's side: game/rummy/static/rummy/js/test_hook.js) and the server's truth through the ORM.

Every context shortens the room socket's delays (``miaojong:rummy:test:socket-ms``) and the
computer's pause, before its first page loads. Waits are on conditions in the pages.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connections
from django.urls import reverse
from django.utils import timezone, translation
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Request, Response, expect

from game.rummy import service
from game.rummy.models import Hand, Match
from tests.api.rummy import set_log, stored
from tests.browser.asgi_server import AsgiServer
from tests.browser.conftest import PHONE
from tests.browser.helpers import PageProblems
from tests.browser.test_rummy_play import RummyTable, pinned  # noqa: F401
from tests.rummy.test_sockets import ALL_DRAWS_AND_PASSES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SOCKET_MS = 100
"""The room socket's time unit in these tests: reconnect after 0.1 s, ping after 2 s of silence."""
FAST_ROOMS = f"""try {{
  localStorage.setItem("miaojong:rummy:test:socket-ms", "{SOCKET_MS}");
  localStorage.setItem("miaojong:rummy:test:pause-ms", "0");
}} catch (error) {{ /* a page without storage (about:blank) */ }}"""
MARK_DOCUMENT = "() => { window.__sameDocument = true; }"
SAME_DOCUMENT = "() => window.__sameDocument === true"
PLAYER_2_COLOUR = re.compile(r"\brummy-seat-1\b")
ROOM_ADDRESS = re.compile(r"/en/rummy/online/[A-Za-z0-9_-]{16}/$")
WAITS_FOR_PLAYER_2 = "Player 2 is not connected: the game waits for them."


def lobby_path(language: str = "en") -> str:
    with translation.override(language):
        return reverse("rummy:online")


def room_path(invite: str, language: str = "en") -> str:
    with translation.override(language):
        return reverse("rummy:room", kwargs={"invite": invite})


class RoomPage(RummyTable):
    """A room's page in one browser page of ``device``, and its player's actions."""

    def __init__(self, page: Page, device: Device) -> None:
        super().__init__(page, device.origin, device.problems)
        self.device = device

    def goto(self, path: str) -> Response:
        """Open ``path`` (an address on the server, or a whole URL) and answer its response."""
        response = self.page.goto(path if path.startswith("http") else self.origin + path)
        assert response is not None, path
        return response

    def enter(self, path: str) -> dict[str, Any]:
        """Open a room's page and wait until its socket is open and the hand is shown."""
        response = self.goto(path)
        assert response.ok, (path, response.status)
        return self.wait_open()

    def join(self, link: str) -> dict[str, Any]:
        """Open an invitation, take the second seat when asked, and wait until the hand is shown."""
        response = self.goto(link)
        assert response.ok, (link, response.status)
        self.wait_until("s.room && s.room.panel === 'offer'")
        self.page.locator("#rummy-room-take").click()
        return self.wait_open()

    def wait_open(self) -> dict[str, Any]:
        return self.wait_until(
            "s.room && s.room.status === 'open' && ['play', 'waiting', 'over'].includes(s.phase)"
        )

    def wait_number(self, number: int) -> dict[str, Any]:
        """Wait until the page shows action ``number`` of the hand, settled."""
        return self.wait_until("s.number === arg && ['play', 'waiting', 'over'].includes(s.phase)", number)

    def draw(self) -> dict[str, Any]:
        """Press Draw on this player's turn; the state once the server answered."""
        before = self.wait_until("s.canAct")
        self.press("draw")
        return self.wait_number(before["number"] + 1)

    def tap_draw(self) -> dict[str, Any]:
        """Draw with a finger (a touch screen)."""
        before = self.wait_until("s.canAct")
        self.button("draw").tap()
        return self.wait_number(before["number"] + 1)

    def room(self) -> dict[str, Any]:
        room: dict[str, Any] = self.state()["room"]
        return room

    def panel(self) -> Locator:
        return self.page.locator("#rummy-room")

    def status_line(self) -> Locator:
        return self.page.locator("#rummy-status")

    def kept(self, key: str) -> Any:
        """What the page's localStorage holds at ``key``."""
        return self.page.evaluate("(key) => localStorage.getItem(key)", key)


class Device:
    """A browser context: one player's device, whose pages share its storage."""

    def __init__(self, context: BrowserContext, origin: str) -> None:
        self.context = context
        self.origin = origin
        self.problems = PageProblems(origin)
        self.seat_requests: list[str] = []
        """The requests for a room's second seat (POST .../rooms/<invite>/seat/) its pages made."""
        context.add_init_script(FAST_ROOMS)
        context.on("request", self._requested)

    def page(self) -> RoomPage:
        page: Page = self.context.new_page()
        self.problems.watch(page)
        return RoomPage(page, self)

    def _requested(self, request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/seat/"):
            self.seat_requests.append(request.url)

    def expected(self, status: int) -> list[str]:
        """Take out of the problems the refusals with HTTP ``status`` the test expects (the response
        and the console's note of it); the ones taken."""
        marks = (f"HTTP {status} ", f"status of {status} ")
        taken = [problem for problem in self.problems.all if any(mark in problem for mark in marks)]
        self.problems.all[:] = [problem for problem in self.problems.all if problem not in taken]
        return taken


@pytest.fixture(autouse=True)
def _short_lived_connections(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # The server's database threads outlive the test's: their connections must not hold the
    # test database (PostgreSQL refuses to drop one in use).
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    yield


@pytest.fixture
def devices(
    browser: Browser, browser_context_args: dict[str, Any], asgi_live_server: AsgiServer
) -> Iterator[Callable[..., Device]]:
    """Devices on the ASGI server, each with ``new_context`` options over the desktop's; no page
    of any may show a problem."""
    made: list[Device] = []

    def make(**options: Any) -> Device:
        device = Device(browser.new_context(**{**browser_context_args, **options}), asgi_live_server.url)
        made.append(device)
        return device

    yield make
    for device in made:
        device.context.close()
    for device in made:
        device.problems.check()


def create_room(host: RoomPage) -> tuple[dict[str, Any], str]:
    """Create a room in the lobby: the host's first state on the room's page, and the link to send."""
    host.goto(lobby_path())
    host.page.locator("#rummy-lobby-create").click()
    host.page.wait_for_url(ROOM_ADDRESS)
    first = host.wait_until("s.room && s.room.panel === 'invite' && s.phase === 'play'")
    return first, host.page.locator("#rummy-room-link").input_value()


def start_room(devices: Callable[..., Device]) -> tuple[RoomPage, RoomPage, str, str]:
    """A room created by a host and joined by a guest, each on a device of their own, both
    connected: (host's page, guest's page, the match's id, the invitation link)."""
    host = devices().page()
    first, link = create_room(host)
    guest = devices().page()
    guest.join(link)
    host.wait_until("s.room.connected[1] && s.room.panel === ''")
    return host, guest, first["match"], link


# -- a room from the lobby to both players' moves --------------------------------------------------


@pytest.mark.usefixtures("pinned")
def test_a_room_from_the_lobby_is_joined_by_its_link_and_moves_arrive_both_ways(
    devices: Callable[..., Device],
) -> None:
    host = devices().page()
    first, link = create_room(host)
    match = Match.objects.get(public_id=first["match"])
    assert link == host.origin + room_path(str(match.invite))
    assert first["room"]["seat"] == 0 and not first["room"]["joined"]
    assert first["room"]["hold"] == "Waiting for Player 2 to join: send them the link."
    assert first["turn"] == 0 and not first["canAct"]
    expect(host.panel()).to_have_attribute("data-show", "invite")
    expect(host.status_line()).to_contain_text("Waiting for Player 2 to join")
    host.page.evaluate(MARK_DOCUMENT)

    guest = devices().page()
    joined = guest.join(link)
    assert joined["room"]["seat"] == 1 and joined["seat"] == 1 and joined["room"]["joined"]
    assert joined["match"] == match.public_id and joined["turn"] == 0 and not joined["canAct"]
    assert joined["room"]["panel"] == "" and joined["phase"] == "waiting"
    assert len(joined["rack"]) == 14 and joined["opponentTiles"] == 14
    match.refresh_from_db()
    assert match.seat1_digest and match.channel0 and match.channel1

    # The host's page learns by itself that Player 2 came: the invitation goes, the game can begin.
    here = host.wait_until("s.room.joined && s.room.connected[1] && s.canAct")
    assert here["room"]["connected"] == [True, True] and here["room"]["hold"] is None
    expect(host.panel()).to_be_hidden()
    # Said once, by whichever news came first: the join (a state) or the connection (presence).
    said = here["live"]
    assert said in ("Player 2 is here: the game can begin.", "Player 2 has joined the room."), said
    guest.page.evaluate(MARK_DOCUMENT)

    # Player 1 draws: the move arrives on the guest's page, whose turn it now is.
    drawn = host.draw()
    assert drawn["turn"] == 1 and len(drawn["rack"]) == 15 and not drawn["canAct"]
    theirs = guest.wait_until("s.number === 1 && s.canAct")
    assert theirs["turn"] == 1 and theirs["opponentTiles"] == 15 and theirs["poolSize"] == 77
    assert "Player 1 drew a tile." in theirs["live"]
    expect(guest.button("draw")).to_be_enabled()

    # Player 2 draws: the move arrives on the host's page.
    guest.draw()
    back = host.wait_until("s.number === 2 && s.canAct")
    assert back["turn"] == 0 and back["opponentTiles"] == 15 and back["poolSize"] == 76
    assert "Player 2 drew a tile." in back["live"]
    for player in (host, guest):
        assert player.page.evaluate(SAME_DOCUMENT), "the page was reloaded"
        player.no_csp_violations()  # the socket included (connect-src)

    log, actions, _ = stored(match.public_id)
    assert (log, actions) == ("0 draw\n1 draw", 2)
    # The racks shown are the server's.
    server = service.hand_state(Hand.objects.get(match=match, number=1))
    assert sorted(host.state()["rack"]) == sorted(str(tile) for tile in server.racks[0])
    assert sorted(guest.state()["rack"]) == sorted(str(tile) for tile in server.racks[1])


# -- away and back, another tab, a third device --------------------------------------------------------


@pytest.mark.usefixtures("pinned")
def test_a_player_who_closes_the_page_gets_the_same_seat_back_and_the_game_waits_meanwhile(
    devices: Callable[..., Device],
) -> None:
    host, guest, match_id, link = start_room(devices)
    digest = Match.objects.get(public_id=match_id).seat1_digest
    assert len(guest.device.seat_requests) == 1

    guest.page.close()
    away = host.wait_until("!s.room.connected[1]")
    assert away["room"]["connected"] == [True, False] and away["room"]["hold"] == WAITS_FOR_PLAYER_2
    assert away["turn"] == 0 and away["phase"] == "play" and not away["canAct"]
    expect(host.status_line()).to_contain_text(WAITS_FOR_PLAYER_2)
    expect(host.button("draw")).to_be_disabled()
    # The keyboard's D is no way round it: the page says what the game waits for, and sends nothing.
    host.page.keyboard.press("d")
    expect(host.page.locator("#rummy-notice")).to_contain_text(WAITS_FOR_PLAYER_2)
    assert Match.objects.get(public_id=match_id).channel1 == ""
    assert stored(match_id)[1] == 0

    back = guest.device.page()
    again = back.enter(link)
    assert again["room"]["seat"] == 1 and again["seat"] == 1 and again["match"] == match_id
    assert again["room"]["connected"] == [True, True] and again["turn"] == 0
    match = Match.objects.get(public_id=match_id)
    assert match.seat1_digest == digest and match.channel1
    assert len(back.device.seat_requests) == 1, "the seat was taken anew instead of resumed"

    resumed = host.wait_until("s.room.connected[1] && s.canAct")
    assert resumed["room"]["hold"] is None and "Player 2 is back: the game goes on." in resumed["live"]
    host.draw()
    theirs = back.wait_until("s.number === 1 && s.canAct")
    assert theirs["turn"] == 1
    back.draw()
    host.wait_until("s.number === 2 && s.canAct")
    assert stored(match_id)[:2] == ("0 draw\n1 draw", 2)


@pytest.mark.usefixtures("pinned")
def test_a_second_tab_of_the_same_seat_replaces_the_first_until_play_here_takes_it_back(
    devices: Callable[..., Device],
) -> None:
    first_tab, guest, match_id, link = start_room(devices)
    second_tab = first_tab.device.page()
    second = second_tab.enter(link)
    assert second["room"]["seat"] == 0 and second["canAct"]

    replaced = first_tab.wait_until("s.room.status === 'replaced' && s.room.panel === 'replaced'")
    assert (
        not replaced["canAct"] and replaced["room"]["hold"] == "This game is open in another tab or window."
    )
    expect(first_tab.panel()).to_have_attribute("data-show", "replaced")
    expect(first_tab.page.locator("#rummy-room-here")).to_be_visible()
    expect(first_tab.button("draw")).to_be_disabled()
    assert Match.objects.filter(public_id=match_id, channel0__gt="").count() == 1

    # The new tab plays; the old one no longer hears of it.
    second_tab.draw()
    guest.wait_until("s.number === 1 && s.canAct")
    assert first_tab.state()["number"] == 0

    # Play here: the old tab takes the seat back (and catches up); the new one is replaced.
    first_tab.page.locator("#rummy-room-here").click()
    taken = first_tab.wait_until("s.room.status === 'open' && s.room.panel === '' && s.number === 1")
    assert taken["turn"] == 1 and not taken["canAct"]
    expect(first_tab.panel()).to_be_hidden()
    now_replaced = second_tab.wait_until("s.room.status === 'replaced' && s.room.panel === 'replaced'")
    assert not now_replaced["canAct"]
    guest.draw()
    first_tab.wait_until("s.number === 2 && s.canAct")
    first_tab.draw()
    guest.wait_until("s.number === 3 && s.canAct")
    assert second_tab.state()["number"] == 1
    assert guest.room()["connected"] == [True, True]
    assert stored(match_id)[:2] == ("0 draw\n1 draw\n0 draw", 3)


def test_a_third_device_opening_the_invitation_is_told_the_room_is_full(
    devices: Callable[..., Device],
) -> None:
    host, guest, match_id, link = start_room(devices)
    before = Match.objects.values("seat0_digest", "seat1_digest").get(public_id=match_id)

    third = devices().page()
    response = third.goto(link)
    assert response.status == 200
    third.wait_until("s.room && s.room.panel === 'offer'")
    third.page.locator("#rummy-room-take").click()
    full = third.wait_until("s.room && s.room.panel === 'full'")
    assert full["room"]["status"] == "closed" and full["room"]["seat"] is None
    expect(third.panel()).to_have_attribute("data-show", "full")
    expect(third.panel()).to_contain_text("Both seats of this room are taken already.")
    expect(third.page.locator("#rummy-room-lobby")).to_be_visible()
    expect(third.page.locator("#rummy-room-lobby")).to_have_attribute("href", lobby_path())
    assert third.device.expected(409), third.device.problems.all  # the refused seat (room_full)

    assert Match.objects.values("seat0_digest", "seat1_digest").get(public_id=match_id) == before
    invite = str(Match.objects.get(public_id=match_id).invite)
    assert third.kept(f"miaojong:rummy:room:v1:{invite}") is None
    for player in (host, guest):
        assert player.room()["connected"] == [True, True] and player.room()["panel"] == ""


def test_an_expired_room_shows_the_friendly_gone_page_in_each_language(
    devices: Callable[..., Device],
) -> None:
    host = devices().page()
    first, link = create_room(host)
    invite = str(Match.objects.get(public_id=first["match"]).invite)
    host.goto(lobby_path())  # the room's socket closes with its page
    expect(host.page.locator(f'#rummy-lobby-list li[data-invite="{invite}"]')).to_have_count(1)
    Match.objects.filter(public_id=first["match"]).update(updated=timezone.now() - dt.timedelta(days=8))

    response = host.goto(link)
    assert response.status == 410
    gone = host.page.locator("#rummy-room-gone")
    expect(gone).to_have_attribute("data-reason", "room_expired")
    expect(gone.locator("h1")).to_have_text("This room has closed")
    expect(gone).to_contain_text("Nobody played in this room for a week")
    expect(gone.locator("a.button")).to_have_attribute("href", lobby_path())
    # This browser forgets its seat of the room, so the lobby stops listing it.
    host.page.wait_for_function(
        "(key) => localStorage.getItem(key) === null", arg=f"miaojong:rummy:room:v1:{invite}"
    )
    host.goto(lobby_path())
    expect(host.page.locator("#rummy-lobby-create")).to_be_enabled()
    expect(host.page.locator("#rummy-lobby-list li[data-invite]")).to_have_count(0)
    assert host.device.expected(410)

    visitor = devices(locale="fr-FR").page()
    french = room_path(invite, "fr")
    assert french.startswith("/fr/") and french != room_path(invite)
    assert visitor.goto(french).status == 410
    gone = visitor.page.locator("#rummy-room-gone")
    expect(gone).to_have_attribute("data-reason", "room_expired")
    expect(gone.locator("h1")).to_have_text("Cette salle est fermée")
    expect(visitor.page.locator("html")).to_have_attribute("lang", "fr")
    expect(gone.locator("a.button")).to_have_attribute("href", lobby_path("fr"))
    assert visitor.device.expected(410)


# -- the end of a hand: both players agree to the next ------------------------------------------------


@pytest.mark.usefixtures("pinned")
def test_the_next_hand_needs_both_players_and_then_player_2_starts_it(
    devices: Callable[..., Device],
) -> None:
    host, guest, match_id, _ = start_room(devices)
    set_log(match_id, ALL_DRAWS_AND_PASSES)
    # The pages learn of the new position when they connect again.
    for player in (host, guest):
        player.page.reload()
    for player in (host, guest):
        over = player.wait_until(
            "s.phase === 'over' && s.room.status === 'open' && s.room.connected.every(Boolean)"
        )
        assert over["result"] is not None and over["room"]["consents"] == [False, False]
        expect(player.page.locator("#rummy-end")).to_be_visible()
        expect(player.page.locator("#rummy-end-note")).to_be_hidden()

    host.page.locator("#rummy-end-new-hand").click()
    asked = host.wait_until("s.room.consents[0]")
    assert asked["hand"] == 1 and asked["room"]["hold"] == "Waiting for Player 2 to agree to a new hand."
    expect(host.page.locator("#rummy-end")).to_be_visible()
    expect(host.page.locator("#rummy-end-note")).to_have_text("Waiting for Player 2 to agree to a new hand.")
    expect(host.page.locator("#rummy-end-new-hand")).to_be_disabled()
    assert Hand.objects.filter(match__public_id=match_id).count() == 1
    assert Match.objects.values_list("consent0", "consent1").get(public_id=match_id) == (True, False)

    told = guest.wait_until("s.room.consents[0]")
    assert told["hand"] == 1 and told["phase"] == "over"
    note = "Player 1 wants a new hand: press New hand to start it."
    expect(guest.page.locator("#rummy-end-note")).to_have_text(note)
    expect(guest.page.locator("#rummy-end-new-hand")).to_be_enabled()

    guest.page.locator("#rummy-end-new-hand").click()
    second = guest.wait_until("s.hand === 2 && s.phase === 'play'")
    assert (second["seat"], second["turn"], second["number"], second["canAct"]) == (1, 1, 0, True)
    assert second["room"]["consents"] == [False, False]
    dealt = host.wait_until("s.hand === 2 && s.phase === 'waiting'")
    assert (dealt["seat"], dealt["room"]["seat"], dealt["turn"], dealt["canAct"]) == (0, 0, 1, False)
    for player in (host, guest):
        expect(player.page.locator("#rummy-end")).to_be_hidden()
        expect(player.page.locator("#rummy-status .rummy-stat-turn")).to_have_class(PLAYER_2_COLOUR)

    hand = Hand.objects.get(match__public_id=match_id, number=2)
    assert (hand.starting_seat, hand.actions) == (1, 0)
    assert Match.objects.values_list("consent0", "consent1").get(public_id=match_id) == (False, False)
    guest.draw()
    host.wait_until("s.number === 1 && s.canAct")


# -- on a phone --------------------------------------------------------------------------------------


@pytest.mark.usefixtures("pinned")
def test_a_room_hosted_on_a_phone_is_played_with_touch(devices: Callable[..., Device]) -> None:
    phone = devices(**PHONE).page()
    phone.goto(lobby_path())
    phone.page.locator("#rummy-lobby-create").tap()
    first = phone.wait_until("s.room && s.room.panel === 'invite' && s.phase === 'play'")
    link = phone.page.locator("#rummy-room-link")
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["viewport"]["width"]
    phone.page.locator("#rummy-room-copy").tap()
    expect(phone.page.locator("#rummy-room-said")).not_to_be_empty()
    width = phone.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], "the room's page is wider than the phone"

    guest = devices().page()
    guest.join(link.input_value())
    phone.wait_until("s.room.connected[1] && s.canAct")
    drawn = phone.tap_draw()
    assert len(drawn["rack"]) == 15 and drawn["rackTiles"] == 15
    guest.wait_until("s.number === 1 && s.canAct")
    guest.draw()
    back = phone.wait_until("s.number === 2 && s.canAct")
    assert back["match"] == first["match"] and back["opponentTiles"] == 15
    # A tap selects a tile of the rack, as a click does.
    tile = back["rack"][0]
    phone.rack_tile(tile).tap()
    phone.wait_until("s.selected.includes(arg)", tile)
    assert stored(first["match"])[:2] == ("0 draw\n1 draw", 2)


@pytest.mark.usefixtures("pinned")
def test_an_invitation_takes_the_second_seat_only_after_the_explicit_tap(
    devices: Callable[..., Device],
) -> None:
    host = devices().page()
    first, link = create_room(host)
    guest = devices().page()
    assert guest.goto(link).ok
    offered = guest.wait_until("s.room && s.room.panel === 'offer'")
    assert offered["room"]["seat"] is None
    expect(guest.panel()).to_contain_text("This is Player 1's room")
    expect(guest.panel()).to_contain_text("Is this your own room")
    expect(guest.page.locator("#rummy-room-take")).to_be_focused()
    # Nothing is taken yet: no request for the seat, the room still waits for Player 2.
    assert guest.device.seat_requests == []
    assert not Match.objects.get(public_id=first["match"]).seat1_digest
    assert not host.room()["joined"]

    guest.page.locator("#rummy-room-take").click()
    joined = guest.wait_open()
    assert joined["room"]["seat"] == 1 and joined["room"]["panel"] == ""
    host.wait_until("s.room.joined && s.room.connected[1]")


def test_the_host_frees_the_seat_of_a_guest_who_cannot_come_back(devices: Callable[..., Device]) -> None:
    host, guest, match_id, link = start_room(devices)
    host.draw()
    guest.wait_until("s.number === 1 && s.canAct")
    old_rack = guest.state()["rack"]
    old_code = Hand.objects.get(match__public_id=match_id, number=1).code

    guest.page.close()
    host.wait_until("!s.room.connected[1] && s.room.panel === 'away'")
    expect(host.panel()).to_contain_text("Player 2 is away.")
    host.page.locator("#rummy-room-free").click()
    freed = host.wait_until("s.room.panel === 'invite' && s.number === 0 && !s.room.joined")
    # Dealt again: a new hand code, nothing of the old racks, a new link in place of the old.
    hand = Hand.objects.get(match__public_id=match_id, number=1)
    assert hand.code != old_code and hand.log == ""
    assert sorted(freed["rack"]) == sorted(str(t) for t in service.hand_state(hand).racks[0])
    new_link = host.page.locator("#rummy-room-link").input_value()
    assert new_link != link and host.page.url == new_link
    expect(host.page.locator("#rummy-notice")).to_contain_text("The second seat is free")

    # The old link is dead, and says so; the new one gives the seat (after the explicit tap).
    back = guest.device.page()
    assert back.goto(link).status == 404
    expect(back.page.locator("h1")).to_have_text("No such room")
    assert back.device.expected(404)
    newcomer = devices().page()
    joined = newcomer.join(new_link)
    assert joined["room"]["seat"] == 1 and sorted(joined["rack"]) == sorted(
        str(t) for t in service.hand_state(hand).racks[1]
    )
    assert sorted(joined["rack"]) != sorted(old_rack), "the new guest got the old guest's rack"
    # The host's page, reloaded, is still the host's seat under the new link.
    again = host.reload()
    assert again["room"]["seat"] == 0 and again["match"] == match_id
