"""POST /api/scores/ under attack: a table of malicious or broken submissions.

Each one must get the right 4xx with an ``{"error": ...}`` naming what is
wrong, and leave the leaderboard as it was.  The table adds to the cases of
test_scores.py (forged, altered and expired tokens, a first reuse, the name
rules, blocked tiles, a pair taken twice, the time bound...) rather than
repeating them.

Inhumanly fast games are not in it: they are stored but held for review
(test_scores.py, "plausibility"), since a fast log is not proof of cheating.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.test import Client

from game.mahjong import tokens
from game.mahjong.engine import Board, deal, get_layout, tiles_match
from game.mahjong.models import Score

from .conftest import altered, deal_long_ago, play, submit_ok

pytestmark = pytest.mark.django_db


@dataclass
class Dealt:
    """The deal a hostile submission starts from, with what some cases need to get more deals."""

    client: Client
    monkeypatch: pytest.MonkeyPatch
    deal: dict[str, Any]

    @property
    def token(self) -> str:
        return str(self.deal["token"])

    @property
    def plan(self) -> list[list[int]]:
        return list(self.deal["plan"])

    def another(self, **body: Any) -> dict[str, Any]:
        return deal_long_ago(self.client, self.monkeypatch, **body)

    def board(self) -> Board:
        return Board(get_layout(self.deal["layout"]), self.deal["tiles"])


@dataclass(frozen=True)
class Sent:
    """A request body as bytes on the wire, with its content type and extra WSGI environ."""

    body: bytes
    content_type: str = "application/json"
    environ: dict[str, str] = field(default_factory=dict)


def as_json(payload: Any) -> Sent:
    return Sent(json.dumps(payload).encode())


def entry(dealt: Dealt, **changes: Any) -> Sent:
    """The fields of an honest entry (the whole game, cleared), with ``changes``."""
    payload: dict[str, Any] = {"token": dealt.token, "name": "Anna", "log": play(dealt.plan)}
    payload.update(changes)
    return as_json(payload)


def with_log(*events: Any) -> Callable[[Dealt], Sent]:
    return lambda dealt: entry(dealt, log=list(events))


def after_first_pair(*events: Any) -> Callable[[Dealt], Sent]:
    """A log of the plan's first pair at 1 s, then ``events``."""
    return lambda dealt: entry(dealt, log=[*play(dealt.plan[:1]), *events])


def hint(t: int) -> dict[str, Any]:
    return {"t": t, "type": "hint"}


# -- builders of the cases that need the board ---------------------------------------------------------


def truncated_token(dealt: Dealt) -> Sent:
    return entry(dealt, token=dealt.token[:-6])


def payload_of_another_deal(dealt: Dealt) -> Sent:
    """Another deal's payload under this deal's timestamp and signature."""
    other = dealt.another()["token"].split(":")[0]
    _, timestamp, signature = dealt.token.split(":")
    return entry(dealt, token=":".join([other, timestamp, signature]))


def token_of_another_deal(dealt: Dealt) -> Sent:
    """A genuine token, but of another deal of the same layout: this log does not fit it."""
    other = dealt.another(code="MJ1-L00-ZZZZZZZ")
    return entry(dealt, token=other["token"])


def token_of_another_layout(dealt: Dealt) -> Sent:
    """A genuine token of a smaller layout with a whole game of the Turtle."""
    turtle = dealt.another(code="MJ1-L00-ABCDEFG")
    other = dealt.another(code="MJ1-L04-ABCDEFG")
    return entry(dealt, token=other["token"], log=play(turtle["plan"]))


def token_for_the_other_mode(dealt: Dealt) -> Sent:
    """The token's mode changed from classic to arcade (which would allow stopping early)."""
    return entry(dealt, token=altered(dealt.token, m="arcade"), log=play(dealt.plan[:3]))


def token_with_another_daily_date(dealt: Dealt) -> Sent:
    daily = dealt.another(daily="classic")
    return entry(dealt, token=altered(daily["token"], d="2020-01-01"), log=play(daily["plan"]))


def expired_by_a_second(dealt: Dealt) -> Sent:
    import time

    token = tokens.issue(dealt.deal["code"], "classic", now=time.time() - tokens.MAX_AGE_S - 1)
    return entry(dealt, token=token)


def reused_after_acceptance(dealt: Dealt) -> Sent:
    submit_ok(dealt.client, dealt.token, play(dealt.plan), name="First")
    return entry(dealt, name="Second", log=play(dealt.plan, step_ms=500))


def removed_tile(dealt: Dealt) -> Sent:
    """A tile of the first pair, already taken, paired with a tile of the second."""
    (a, _), (c, _) = dealt.plan[0], dealt.plan[1]
    return entry(dealt, log=[*play(dealt.plan[:1]), {"t": 2_000, "type": "match", "a": a, "b": c}])


def blocked_tile_with_its_twin(dealt: Dealt) -> Sent:
    """A covered tile paired with a free tile of the same face, at the very start."""
    board = dealt.board()
    pair = next(
        (free, blocked)
        for free in board.free_tiles()
        for blocked in range(len(board.tiles))
        if not board.is_free(blocked) and tiles_match(str(board.tiles[free]), str(board.tiles[blocked]))
    )
    return entry(dealt, log=[{"t": 1_000, "type": "match", "a": pair[0], "b": pair[1]}])


def non_matching_free_pair(dealt: Dealt) -> Sent:
    board = dealt.board()
    free = board.free_tiles()
    pair = next(
        (a, b) for a in free for b in free if not tiles_match(str(board.tiles[a]), str(board.tiles[b]))
    )
    return entry(dealt, log=[{"t": 1_000, "type": "match", "a": pair[0], "b": pair[1]}])


def one_tile_twice(dealt: Dealt) -> Sent:
    a = dealt.board().free_tiles()[0]
    return entry(dealt, log=[{"t": 1_000, "type": "match", "a": a, "b": a}])


def moves_after_the_win(dealt: Dealt) -> Sent:
    log = play(dealt.plan)
    return entry(dealt, log=[*log, hint(log[-1]["t"] + 1_000)])


def huge_log(dealt: Dealt) -> Sent:
    return entry(dealt, log=[hint(k) for k in range(20_000)])


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def deeply_nested_log(dealt: Dealt) -> Sent:
    text = '{"token": "t", "name": "Anna", "log": ' + "[" * 20_000 + "]" * 20_000 + "}"
    return Sent(text.encode())


def digits_beyond_the_parser_limit(dealt: Dealt) -> Sent:
    text = '{"token": "t", "name": "Anna", "log": [{"t": ' + "9" * 5_000 + ', "type": "hint"}]}'
    return Sent(text.encode())


def raw_log(log: str) -> Callable[[Dealt], Sent]:
    """An entry whose log is this JSON text, as written (json.dumps cannot write 1e400 or NaN)."""
    return lambda dealt: Sent(
        f'{{"token": {json.dumps(dealt.token)}, "name": "Anna", "log": {log}}}'.encode()
    )


def raw(text: bytes, content_type: str = "application/json", **environ: str) -> Callable[[Dealt], Sent]:
    return lambda dealt: Sent(text, content_type, environ)


# -- the table ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hostile:
    id: str
    build: Callable[[Dealt], Sent]
    status: int
    message: str
    """A part of the error message: it must say what is wrong."""
    mode: str = "classic"


NOT_A_TOKEN = "token: not a valid deal token"
ARCADE = "arcade"

CASES = [
    # Tokens
    Hostile("truncated token", truncated_token, 400, NOT_A_TOKEN),
    Hostile("blank token", lambda d: entry(d, token=""), 400, "token: this field may not be blank"),
    Hostile("token with a trailing space", lambda d: entry(d, token=d.token + " "), 400, NOT_A_TOKEN),
    Hostile("token of 10,000 characters", lambda d: entry(d, token="x" * 10_000), 400, NOT_A_TOKEN),
    Hostile("payload of another deal under this signature", payload_of_another_deal, 400, NOT_A_TOKEN),
    Hostile("genuine token of another deal", token_of_another_deal, 400, "is an illegal move"),
    Hostile(
        "genuine token of another layout", token_of_another_layout, 400, "log event 0 is an illegal move"
    ),
    Hostile("token switched to the other mode", token_for_the_other_mode, 400, NOT_A_TOKEN),
    Hostile("daily token moved to another date", token_with_another_daily_date, 400, NOT_A_TOKEN),
    Hostile("token expired by one second", expired_by_a_second, 400, "token: the deal token has expired"),
    Hostile("token reused with a faster log", reused_after_acceptance, 409, "already submitted"),
    # Moves
    Hostile(
        "a removed tile paired again", removed_tile, 400, "log event 1 is an illegal move: there is no tile"
    ),
    Hostile("a covered tile with its twin", blocked_tile_with_its_twin, 400, "is not free"),
    Hostile("free tiles that do not match", non_matching_free_pair, 400, "do not match"),
    Hostile("one tile as both of a pair", one_tile_twice, 400, "a pair needs two different tiles"),
    Hostile(
        "index one past the layout",
        with_log({"t": 1_000, "type": "match", "a": 144, "b": 0}),
        400,
        "log event 0 is malformed: 144 is not a position index from 0 to 143",
    ),
    Hostile(
        "negative index",
        with_log({"t": 1_000, "type": "match", "a": -1, "b": 0}),
        400,
        "a must be a position index, not -1",
    ),
    Hostile(
        "a hint after the win",
        moves_after_the_win,
        400,
        "log event 72 is an illegal move: the board is cleared",
    ),
    Hostile("undo with nothing to undo", with_log({"t": 1, "type": "undo"}), 400, "there is no move to undo"),
    Hostile(
        "a move while paused",
        lambda d: entry(d, log=[{"t": 1, "type": "pause"}, *play(d.plan)]),
        400,
        "log event 1 is an illegal move: the game is paused",
    ),
    Hostile(
        "pausing twice",
        with_log({"t": 1, "type": "pause"}, {"t": 2, "type": "pause"}),
        400,
        "the game is paused already",
    ),
    Hostile("resume without a pause", with_log({"t": 1, "type": "resume"}), 400, "the game is not paused"),
    Hostile(
        "next level in classic",
        with_log({"t": 1, "type": "next_level"}),
        400,
        "levels exist only in arcade mode",
    ),
    Hostile(
        "next level before the board is cleared",
        after_first_pair({"t": 2_000, "type": "next_level"}),
        400,
        "the board must be cleared before the next level",
        mode=ARCADE,
    ),
    Hostile(
        "a fourth arcade shuffle",
        with_log(*({"t": 1_000 + k, "type": "shuffle"} for k in range(4))),
        400,
        "log event 3 is an illegal move: all 3 shuffles of this game are used",
        mode=ARCADE,
    ),
    # Times
    Hostile("negative time", with_log({"t": -1, "type": "hint"}), 400, "t must be whole milliseconds from 0"),
    Hostile(
        "time going back by 1 ms",
        after_first_pair(hint(999)),
        400,
        "log event 1 is malformed: time goes back from 1000 to 999 ms",
        mode=ARCADE,
    ),
    Hostile(
        "a time of more than a week",
        with_log(hint(7 * 24 * 3600 * 1000 + 1)),
        400,
        "log event 0 is malformed: t must be whole milliseconds from 0 to 604800000",
        mode=ARCADE,
    ),
    Hostile(
        "a last event long after the deal was issued",
        after_first_pair(hint(3 * 3600 * 1000)),
        400,
        "log: its last event comes 10800.0 s after the deal",
        mode=ARCADE,
    ),
    Hostile(
        "a score claimed by the client",
        lambda d: entry(d, score=10**9, rank=1),
        400,
        "body: unexpected field 'rank', 'score'",
    ),
    # Sizes
    Hostile("a log of 20,000 events (over 64 KB)", huge_log, 413, "body: the request has"),
    Hostile(
        "a name of 10,000 letters", lambda d: entry(d, name="A" * 10_000), 400, "name: at most 24 characters"
    ),
    Hostile(
        "a body declared larger than 64 KB",
        raw(b"{}", CONTENT_LENGTH=str(10**9)),
        413,
        "body: the request has 1000000000 bytes",
    ),
    Hostile(
        "a Content-Length that is no number",
        raw(b"{}", CONTENT_LENGTH="lots"),
        400,
        "body: the Content-Length header is not a number",
    ),
    # Names
    Hostile(
        "an image tag in the name",
        lambda d: entry(d, name="<img src=x onerror=alert(1)>"),
        400,
        "name: '<' is not allowed",
    ),
    Hostile(
        "a quote in the name", lambda d: entry(d, name='Anna" onload="x'), 400, "name: '\"' is not allowed"
    ),
    Hostile(
        "a javascript: URL as name", lambda d: entry(d, name="javascript:alert(1)"), 400, "name: ':' is not"
    ),
    Hostile(
        "a NUL in the name", lambda d: entry(d, name="An\x00na"), 400, "name: null characters are not allowed"
    ),
    Hostile("a tab in the name", lambda d: entry(d, name="An\tna"), 400, "name: U+0009 is not allowed"),
    Hostile("a zero-width space in the name", lambda d: entry(d, name="An\u200bna"), 400, "name: U+200B"),
    Hostile(
        "a lone surrogate in the name",
        raw(b'{"token": "t", "name": "\\ud800", "log": []}'),
        400,
        "name: surrogate characters are not allowed: U+D800",
    ),
    # JSON types at every level
    Hostile("null body", raw(b"null"), 400, "body: must be a JSON object, not null"),
    Hostile("a number as body", raw(b"42"), 400, "body: must be a JSON object, not a number"),
    Hostile("a string as body", raw(b'"token"'), 400, "body: must be a JSON object, not a string"),
    Hostile("an empty body", raw(b""), 400, "token: this field is required"),
    Hostile(
        "the token as an array",
        lambda d: entry(d, token=[d.token]),
        400,
        "token: must be a string, not an array",
    ),
    Hostile(
        "the token as an object",
        lambda d: entry(d, token={"c": 1}),
        400,
        "token: must be a string, not an object",
    ),
    Hostile(
        "the name as a boolean", lambda d: entry(d, name=True), 400, "name: must be a string, not a boolean"
    ),
    Hostile("the log as null", lambda d: entry(d, log=None), 400, "log: this field may not be null"),
    Hostile(
        "the log as a number",
        lambda d: entry(d, log=7),
        400,
        "log: must be an array of events or their text form, not a number",
    ),
    Hostile(
        "an event as an array",
        with_log([1000, "hint"]),
        400,
        "log event 0 is malformed: an event must be an object",
    ),
    Hostile("an event as null", with_log(None), 400, "log event 0 is malformed: an event must be an object"),
    Hostile("t as text", with_log({"t": "1000", "type": "hint"}), 400, "t must be whole milliseconds"),
    Hostile("t as a boolean", with_log({"t": True, "type": "hint"}), 400, "t must be whole milliseconds"),
    Hostile(
        "t as an array", with_log({"t": nested(100), "type": "hint"}), 400, "t must be whole milliseconds"
    ),
    Hostile(
        "a position as text",
        with_log({"t": 1000, "type": "match", "a": "3", "b": 4}),
        400,
        "a must be a position index, not '3'",
    ),
    Hostile(
        "a position as 3.0",
        with_log({"t": 1000, "type": "match", "a": 3.0, "b": 4}),
        400,
        "a must be a position index, not 3.0",
    ),
    Hostile("the type as a number", with_log({"t": 1000, "type": 1}), 400, "unknown event type 1"),
    # Missing, extra and unknown
    Hostile(
        "an empty object", raw(b"{}"), 400, "token: this field is required.; name: this field is required"
    ),
    Hostile(
        "no log", lambda d: as_json({"token": d.token, "name": "Anna"}), 400, "log: this field is required"
    ),
    Hostile(
        "a prototype-pollution field",
        lambda d: entry(d, __proto__={"admin": True}),
        400,
        "body: unexpected field '__proto__'",
    ),
    Hostile(
        "an event of unknown kind", with_log({"t": 1000, "type": "win"}), 400, "unknown event type 'win'"
    ),
    Hostile(
        "an event type in capitals", with_log({"t": 1000, "type": "MATCH"}), 400, "unknown event type 'MATCH'"
    ),
    Hostile(
        "positions on a hint event",
        with_log({"t": 1000, "type": "hint", "a": 1, "b": 2}),
        400,
        "a hint event has keys ['t', 'type']: unexpected a, b",
    ),
    # Numbers JSON does not have
    Hostile("NaN as a time", raw_log('[{"t": NaN, "type": "hint"}]'), 400, "NaN"),
    Hostile(
        "Infinity as a time",
        raw_log('[{"t": Infinity, "type": "hint"}]'),
        400,
        "Infinity",
    ),
    Hostile(
        "1e400 as a time",
        raw_log('[{"t": 1e400, "type": "hint"}]'),
        400,
        "t must be whole milliseconds",
    ),
    Hostile("a 5,000-digit time", digits_beyond_the_parser_limit, 400, "body: JSON parse error"),
    # The wire
    Hostile("JSON nested 20,000 deep", deeply_nested_log, 400, "nested too deeply"),
    Hostile(
        "invalid UTF-8", raw(b'{"token": "\xff\xfe", "name": "A", "log": []}'), 400, "body: JSON parse error"
    ),
    Hostile(
        "a UTF-8 byte order mark", raw(b'\xef\xbb\xbf{"token": "t", "name": "A", "log": []}'), 400, "body:"
    ),
    Hostile(
        "trailing garbage", raw(b'{"token": "t", "name": "A", "log": []} x'), 400, "body: JSON parse error"
    ),
    Hostile(
        "a form post", raw(b"token=t&name=A&log=", "application/x-www-form-urlencoded"), 415, "unsupported"
    ),
    Hostile(
        "multipart", raw(b"--b\r\n\r\n--b--", "multipart/form-data; boundary=b"), 415, "'multipart/form-data"
    ),
    Hostile("no content type", raw(b'{"token": "t", "name": "A", "log": []}', ""), 415, "send JSON with"),
    Hostile("XML", raw(b"<score><token>t</token></score>", "application/xml"), 415, "'application/xml'"),
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_hostile_submission_is_refused_and_nothing_is_stored(
    client: Client, monkeypatch: pytest.MonkeyPatch, case: Hostile
) -> None:
    dealt = Dealt(client, monkeypatch, deal_long_ago(client, monkeypatch, layout="L00", mode=case.mode))
    sent = case.build(dealt)
    stored_before = list(Score.objects.values_list("pk", flat=True))

    response = client.generic(
        "POST",
        "/api/scores/",
        sent.body,
        content_type=sent.content_type,
        # generic()'s defaults, spelt out so that mypy knows no key of environ can stand for them.
        secure=False,
        headers=None,
        query_params=None,
        **sent.environ,
    )

    assert response.status_code == case.status, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"error", "code"}
    assert case.message in body["error"], body["error"]
    assert list(Score.objects.values_list("pk", flat=True)) == stored_before


def test_the_table_is_large_and_its_ids_are_distinct() -> None:
    assert len(CASES) >= 30
    assert len({case.id for case in CASES}) == len(CASES)


def test_the_log_of_the_honest_entry_is_accepted(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cases change one thing each in an entry that, left alone, is accepted."""
    dealt = Dealt(client, monkeypatch, deal_long_ago(client, monkeypatch, layout="L00"))
    sent = entry(dealt)
    response = client.generic("POST", "/api/scores/", sent.body, content_type=sent.content_type)
    assert response.status_code == 201, response.content
    assert deal(dealt.deal["code"]).layout.id == "L00"
