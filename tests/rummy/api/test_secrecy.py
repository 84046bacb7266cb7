"""No seat receives anything from which the other rack or the pool could be rebuilt while a hand
is in play: whole hands in every mode, each answer and socket frame walked to its last value.

The walk is generic: every string, number and list of every answer (HTTP bodies, refusals,
every room-socket frame) is compared with the hand's real secrets, read from the database
and replayed by the engine, so a field added tomorrow that gives them away fails here too.
A hand's secrets are its code (any ``RM1-`` text, its seed's letters, the number that seeds
its deal, any text that deals its racks), and, at every position of the hand in play, the
other seat's rack, the pool's tiles and their order, and the tiles the other seat drew.
Once a hand is over, the answer that says so may name its code and both racks.

What no comparison with the secrets can see (a single hidden tile in a field of its own, a
count of the other rack's points) the last test finds by difference: the seat state of each
seat, at positions all through a hand, must be the same in a world where the other seat holds
another tile, swapped with one still in the pool.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connections
from django.test import Client

from game.common.rng import seed_from_text
from game.rummy import service, sockets, states
from game.rummy.engine import (
    Action,
    ActionKind,
    Deal,
    HandCode,
    Level,
    MalformedError,
    State,
    apply,
    bot_move,
    deal,
    format_log,
    new_hand,
    parse_log_text,
    seat_view,
)
from game.rummy.engine import game as engine_game
from game.rummy.models import Hand, Match, Mode
from tests.sockets import Socket, run

from .helpers import act, auth, create, key_of, server_state

TILE = re.compile(r"(?:[RBKO](?:1[0-3]|[1-9])|J)")
CODE_IN_TEXT = re.compile(r"(?<![A-Z0-9])RM\d-[A-Z]+")
"""A hand code within a text, in any case, not inside a longer word: a room's random public id
(``SIqGcrM4-j0tLSoz``) may hold the letters of one by chance."""
FORETOLD = 5
"""A list of this many tiles or more that is the pool's next tiles, in order, foretells draws.
Fewer can be anyone's by chance: with three, the tiles a player had just laid down (K1 K2 K6)
were once the next three of the pool, in that order, among the hundred pools a hand goes through;
five from the 40-odd kinds left in a pool agree by chance about once in a hundred million."""
SAME_RACK = 2
"""A list of this many tiles or more holding exactly another rack's tiles names that rack
(a single tile can be anyone's: it proves nothing)."""


@dataclass
class HandSecrets:
    """What one hand hides from each seat while it is in play."""

    number: int
    code: str
    racks: tuple[tuple[str, ...], tuple[str, ...]]
    """As dealt."""
    other_racks: list[set[tuple[str, ...]]] = field(default_factory=lambda: [set(), set()])
    """For each viewing seat: the other rack (sorted) at every position in play."""
    pools: set[tuple[str, ...]] = field(default_factory=set)
    """The pool (sorted) at every position in play."""
    next_draws: set[tuple[str, ...]] = field(default_factory=set)
    """The pool in drawing order at every position in play."""
    laid_down: set[tuple[str, ...]] = field(default_factory=set)
    """The tiles (sorted) of each play of the hand: public, whatever they match by chance (a pool
    of two tiles, K3 K4, was once the very tiles a seat laid down from its own rack)."""

    @classmethod
    def of(cls, hand: Hand) -> HandSecrets:
        dealt = deal(hand.code)
        secrets = cls(
            hand.number,
            hand.code,
            (tuple(map(str, dealt.racks[0])), tuple(map(str, dealt.racks[1]))),
        )
        state = new_hand(hand.code, hand.starting_seat)
        secrets.remember(state)
        for entry in parse_log_text(hand.log):
            before = Counter(map(str, state.racks[entry.seat]))
            state = apply(state, entry.seat, entry.action)
            secrets.laid_down.add(
                tuple(sorted((before - Counter(map(str, state.racks[entry.seat]))).elements()))
            )
            secrets.remember(state)
        return secrets

    def remember(self, state: State) -> None:
        if state.result is not None:
            return
        for seat in (0, 1):
            self.other_racks[seat].add(tuple(sorted(map(str, state.racks[1 - seat]))))
        self.pools.add(tuple(sorted(map(str, state.pool))))
        self.next_draws.add(tuple(map(str, state.pool)))

    def words(self) -> list[str]:
        """Texts that name the deal: its code, and its seed's letters with or without the prefix."""
        seed = HandCode.parse(self.code).seed
        return [self.code, seed]

    def deal_seed(self) -> int:
        return seed_from_text(HandCode.parse(self.code).seed_text("deal"))


def values(data: Any) -> Iterator[Any]:
    """Every value in ``data``, containers included, however deep (dict keys too)."""
    yield data
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from values(value)
    elif isinstance(data, list):
        for item in data:
            yield from values(item)


def is_tile(value: Any) -> bool:
    return isinstance(value, str) and TILE.fullmatch(value) is not None


def hands_shown_over(data: Any) -> set[int]:
    """The hands that ``data`` shows as over (a seat state with a result): their secrets are out."""
    return {
        value["hand"]
        for value in values(data)
        if isinstance(value, dict)
        and isinstance(value.get("view"), dict)
        and value["view"].get("result") is not None
        and isinstance(value.get("hand"), int)
    }


def dealt_by(text: str) -> HandCode | None:
    try:
        return HandCode.parse(text)
    except MalformedError:
        return None


def leaks(data: Any, seat: int, hands: list[HandSecrets]) -> list[str]:
    """What in ``data`` (an answer to ``seat``) gives away a secret of a hand in play."""
    over = hands_shown_over(data)
    shown = {hand.code for hand in hands if hand.number in over}
    found: list[str] = []
    # A code of an unknown hand is a leak too, whatever it deals: only a hand shown over names its own.
    for value in values(data):
        if isinstance(value, str) and set(CODE_IN_TEXT.findall(value.upper())) - shown:
            found.append(f"a code in {value[:60]!r}")
    for hand in hands:
        if hand.number in over:
            continue
        words = [word.upper() for word in hand.words()]
        for value in values(data):
            if isinstance(value, str):
                upper = value.upper()
                if any(word in upper for word in words):
                    found.append(f"hand {hand.number}: the code in {value[:60]!r}")
                for candidate in {value, *CODE_IN_TEXT.findall(upper)}:
                    code = dealt_by(candidate)
                    if (
                        code is not None
                        and tuple(map(str, deal(code).racks[1 - seat])) == hand.racks[1 - seat]
                    ):
                        found.append(f"hand {hand.number}: {candidate!r} deals the other rack")
            elif isinstance(value, int) and not isinstance(value, bool) and value == hand.deal_seed():
                found.append(f"hand {hand.number}: the deal's seed {value}")
            elif isinstance(value, list) and value and all(is_tile(item) for item in value):
                tiles = tuple(value)
                ordered = tuple(sorted(tiles))
                if ordered in hand.laid_down:
                    continue
                if len(tiles) >= SAME_RACK and ordered in hand.other_racks[seat]:
                    found.append(f"hand {hand.number}: the other rack {list(tiles)}")
                if len(tiles) >= SAME_RACK and ordered in hand.pools:
                    found.append(f"hand {hand.number}: the pool {list(tiles)}")
                if len(tiles) >= FORETOLD and any(pool[: len(tiles)] == tiles for pool in hand.next_draws):
                    found.append(f"hand {hand.number}: the pool's order {list(tiles)}")
            elif isinstance(value, dict) and value.get("seat") == 1 - seat and value.get("type") == "draw":
                named = [item for item in values(value) if is_tile(item)]
                if named:
                    found.append(f"hand {hand.number}: the other seat's draw {named}")
    return found


class Answers:
    """Every answer each seat of one match received, checked once the match's hands are known."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, Any]] = []

    def add(self, seat: int, data: Any) -> Any:
        self.seen.append((seat, data))
        return data

    def assert_no_leak(self, match: str) -> None:
        hands = [
            HandSecrets.of(hand) for hand in Hand.objects.filter(match__public_id=match).order_by("number")
        ]
        assert hands and all(hand.code for hand in hands)
        found: list[str] = []
        first = None
        for index, (seat, data) in enumerate(self.seen):
            leaked = leaks(data, seat, hands)
            if leaked and first is None:
                first = json.dumps(data)[:2000]
            found += [f"answer {index} to seat {seat}: {leak}" for leak in leaked]
        assert not found, "\n".join([*found[:30], f"the first: {first}"])


def chosen(state: State) -> dict[str, Any]:
    """The move of the seat to play (the engine's Medium player), as a request body."""
    move = bot_move(state, "medium", seed=len(state.log), budget_s=0.05)
    if move.kind is ActionKind.PLAY:
        return {"type": "play", "after": [[str(tile) for tile in tiles] for tiles in move.after]}
    return {"type": move.kind.value}


def play_out_over_http(client: Client, answers: Answers, match: str, keys: dict[int, str]) -> None:
    """Play the current hand to its end, each seat with ``keys`` asking for its own moves."""
    for _ in range(300):
        state = server_state(match)
        if state.result is not None:
            return
        seat = state.turn
        body = {
            "hand": service.current_hand(Match.objects.get(public_id=match)).number,
            "number": len(state.log),
        }
        answers.add(seat, act(client, match, keys[seat], **body, **chosen(state)).json())
        answers.add(seat, client.get(f"/api/rummy/matches/{match}/", headers=auth(keys[seat])).json())
    raise AssertionError("the hand did not end")


def finish_with_a_second_hand(client: Client, answers: Answers, match: str, keys: dict[int, str]) -> None:
    for seat, key in keys.items():
        answers.add(seat, client.get(f"/api/rummy/matches/{match}/?since=0", headers=auth(key)).json())
    seat = min(keys)
    answers.add(
        seat,
        client.post(
            f"/api/rummy/matches/{match}/hands/",
            {"hand": 1},
            content_type="application/json",
            headers=auth(keys[seat]),
        ).json(),
    )
    for seat, key in keys.items():
        answers.add(seat, client.get(f"/api/rummy/matches/{match}/?since=0", headers=auth(key)).json())


def test_the_tiles_of_a_play_are_public_even_when_they_were_once_the_whole_pool() -> None:
    # Two easy computers play a hand out; in it, one seat lays down two tiles that, other copies,
    # were once the whole pool. Showing that play is no leak; showing another pool of the hand is.
    code = "RM1-QBAAAAA"
    state = new_hand(code, 0)
    pools: list[tuple[str, ...]] = []
    while state.result is None:
        pools.append(tuple(sorted(map(str, state.pool))))
        move = bot_move(state, "easy", seed=len(state.log))
        state = apply(state, state.turn, Action(move.kind, move.after))
    secrets = [HandSecrets.of(Hand(number=1, code=code, starting_seat=0, log=format_log(state.log)))]
    plays_once_a_pool = [
        played for played in secrets[0].laid_down if len(played) >= SAME_RACK and played in pools
    ]
    assert plays_once_a_pool, "in this hand no play was ever the whole pool"
    for seat in (0, 1):
        assert leaks(list(plays_once_a_pool[0]), seat, secrets) == []
    secret_pool = next(pool for pool in pools if len(pool) >= SAME_RACK and pool not in secrets[0].laid_down)
    assert leaks(list(secret_pool), 0, secrets) == [f"hand 1: the pool {list(secret_pool)}"]


@pytest.mark.django_db
def test_against_the_computer_no_answer_gives_away_its_rack_or_the_pool(client: Client) -> None:
    answers = Answers()
    created = answers.add(0, create(client, "computer", "medium"))
    match, key = created["match"], key_of(created)
    # A refusal, and a change of level, are answers too.
    answers.add(0, act(client, match, key, hand=1, number=99, type="draw").json())
    patched = client.patch(
        f"/api/rummy/matches/{match}/", {"level": "easy"}, content_type="application/json", headers=auth(key)
    )
    answers.add(0, patched.json())
    # What the page may ask of the position it shows: the computer's move, a turn's check.
    seen = created["state"]["view"]
    position = {"table": seen["table"], "rack": seen["rack"], "opened": False}
    for path, body in (
        ("/api/rummy/moves/", {**position, "level": "hard", "pool": seen["pool_size"]}),
        ("/api/rummy/check/", {**position, "after": [seen["rack"][:3]]}),
    ):
        asked = client.post(path, body, content_type="application/json")
        assert asked.status_code == 200, asked.content
        answers.add(0, asked.json())
    play_out_over_http(client, answers, match, {0: key})
    finish_with_a_second_hand(client, answers, match, {0: key})
    assert len(answers.seen) > 20
    answers.assert_no_leak(match)


@pytest.mark.django_db
def test_in_pass_and_play_the_seat_to_move_is_never_sent_the_other_rack_or_the_pool(client: Client) -> None:
    answers = Answers()
    created = answers.add(0, create(client, "local"))
    match, keys = created["match"], {0: key_of(created, 0), 1: key_of(created, 1)}
    answers.add(1, client.get(f"/api/rummy/matches/{match}/?since=0", headers=auth(keys[1])).json())
    answers.add(1, act(client, match, keys[1], hand=1, number=0, type="draw").json())  # not seat 1's turn
    play_out_over_http(client, answers, match, keys)
    finish_with_a_second_hand(client, answers, match, keys)
    assert len(answers.seen) > 40
    answers.assert_no_leak(match)


@pytest.fixture
def _room_sockets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # A whole hand at a machine's pace is far beyond a person's message rate; the consumers'
    # database threads end with the scenario's loop (PostgreSQL would keep the database busy).
    monkeypatch.setattr(sockets, "BURST", 100_000)
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    yield


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_room_sockets")
def test_in_an_online_room_no_answer_or_frame_gives_away_the_other_rack_or_the_pool(client: Client) -> None:
    answers = Answers()
    made = client.post("/api/rummy/rooms/", {}, content_type="application/json")
    assert made.status_code == 201
    host_created = answers.add(0, made.json())
    match, invite = host_created["match"], host_created["state"]["invite"]
    joined = client.post(f"/api/rummy/rooms/{invite}/seat/", {}, content_type="application/json")
    assert joined.status_code == 201
    keys = {0: key_of(host_created), 1: key_of(answers.add(1, joined.json()), 1)}
    # The seats' HTTP view of the room, as a client that lost its socket reads it.
    for seat, key in keys.items():
        answers.add(seat, client.get(f"/api/rummy/matches/{match}/?since=0", headers=auth(key)).json())

    async def scenario() -> list[Socket]:
        sockets_ = {seat: Socket(f"/ws/rummy/rooms/{match}/") for seat in keys}
        for seat, socket in sockets_.items():
            assert await socket.open()
            await socket.send(type="hello", key=keys[seat], hand=None, number=None)
            await socket.until("state")
        await sockets_[0].until("presence", connected=[True, True])
        await sockets_[1].send(type="act", id="early", hand=1, number=0, action={"type": "draw"})
        await sockets_[1].until("error", reply_to="early")
        for turn in range(300):
            state = await database_sync_to_async(server_state)(match)
            if state.result is not None:
                break
            socket = sockets_[state.turn]
            await socket.send(type="act", id=turn, hand=1, number=len(state.log), action=chosen(state))
            await socket.until("state", reply_to=turn)
            # The other seat's news of it, before anything else happens.
            while (await sockets_[1 - state.turn].until("state", reply_to=None))["state"]["number"] <= len(
                state.log
            ):
                pass
            await socket.send(type="sync", id=f"s{turn}", hand=1, number=0)
            await socket.until("state", reply_to=f"s{turn}")
        else:
            raise AssertionError("the hand did not end")
        for socket in sockets_.values():
            await socket.send(type="next_hand", id="next", hand=1)
            await socket.until("state", reply_to="next")
        for socket in sockets_.values():
            await socket.send(type="ping", id="last")
            await socket.until("pong")
        for socket in sockets_.values():
            await socket.close()
        return [sockets_[0], sockets_[1]]

    host, guest = run(scenario())
    for seat, socket in enumerate((host, guest)):
        for frame in socket.inbox:
            answers.add(seat, frame)
    assert Hand.objects.filter(match__public_id=match).count() == 2
    assert sum(1 for _, frame in answers.seen if frame.get("type") == "state") > 40
    answers.assert_no_leak(match)


DIFFERENTIAL_CODE = "RM1-HIDDENTILESXYZ"


def other_world(code: str, starting_seat: int, log: str, viewer: int, pick: int) -> tuple[Deal, str, str]:
    """A deal in which ``viewer`` sees the very same hand as in ``code``'s, up to the end of
    ``log``, and the other seat holds another tile: its latest copy of one tile it holds is
    swapped with a tile still in the pool (``pick`` chooses which, at the front of the pool or
    anywhere behind). With the two tiles: (deal, held instead, now held)."""
    dealt = deal(code)
    racks = [list(dealt.racks[0]), list(dealt.racks[1])]
    pool = list(dealt.pool)
    other = 1 - viewer
    # Where the other seat's latest copy of each tile came from: its rack as dealt, or a draw.
    came_from: dict[str, tuple[str, int]] = {str(tile): ("rack", i) for i, tile in enumerate(racks[other])}
    state = new_hand(code, starting_seat)
    for entry in parse_log_text(log):
        if entry.action.kind is ActionKind.DRAW and entry.seat == other:
            came_from[str(state.pool[0])] = ("pool", len(pool) - len(state.pool))
        state = apply(state, entry.seat, entry.action)
    held = sorted({str(tile) for tile in state.racks[other]})
    undrawn = [str(tile) for tile in state.pool]
    swappable = [tile for tile in held if any(other_tile != tile for other_tile in undrawn)]
    swapped = swappable[pick % len(swappable)]
    places = [place for place, tile in enumerate(undrawn) if tile != swapped]
    at = len(pool) - len(state.pool) + places[pick % len(places)]
    instead = str(pool[at])
    where, index = came_from[swapped]
    if where == "rack":
        racks[other][index], pool[at] = pool[at], racks[other][index]
    else:
        pool[index], pool[at] = pool[at], pool[index]
    world = Deal((tuple(sorted(racks[0])), tuple(sorted(racks[1]))), tuple(pool))
    return world, swapped, instead


def seat_state_in(
    world: Deal | None, match: Match, viewer: int, starting_seat: int, log: str
) -> dict[str, Any]:
    """What ``viewer`` is told at the end of ``log`` if the hand were dealt ``world`` (None: as dealt)."""
    real = deal

    def dealing(code: HandCode | str) -> Deal:
        return world if world is not None and str(code) == DIFFERENTIAL_CODE else real(code)

    hand = Hand(match=match, number=1, code=DIFFERENTIAL_CODE, starting_seat=starting_seat, log=log)
    hand.actions = len(parse_log_text(log))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine_game, "deal", dealing)
        patch.setattr(seat_view, "deal", dealing)
        states.STATES.clear()
        seat_view.pool_of.cache_clear()
        try:
            state = service.seat_state(service.Seat(match, viewer), since=0, hand=hand, refresh=False)
        finally:
            states.STATES.clear()
            seat_view.pool_of.cache_clear()
    return state


@pytest.fixture(scope="module")
def positions_in_play() -> list[str]:
    """A whole hand between two Medium players: its log at every fifth position in play."""
    state = new_hand(DIFFERENTIAL_CODE, 0)
    logs = []
    while state.result is None and state.pool:
        state = apply(state, state.turn, bot_move(state, "medium", budget_s=0.1).action())
        logs.append(format_log(state.log))
    return logs[::5]


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["computer", "local", "online"])
def test_a_seat_is_told_the_same_whatever_the_tiles_it_cannot_see(
    mode: str, positions_in_play: list[str]
) -> None:
    if mode == "online":
        match, _ = service.create_room()
    else:
        match, _ = service.create_match(Mode(mode), Level.EASY if mode == "computer" else None)
    compared = 0
    for log in positions_in_play:
        for viewer in (0, 1):
            world, swapped, instead = other_world(DIFFERENTIAL_CODE, 0, log, viewer, pick=compared * 7)
            assert swapped != instead
            told = seat_state_in(None, match, viewer, 0, log)
            assert told["view"]["result"] is None
            assert seat_state_in(world, match, viewer, 0, log) == told, (
                log.count("\n") + 1,
                viewer,
                swapped,
                instead,
            )
            compared += 1
    assert compared > 20
