"""game.rummy.service: what every transport relies on, beyond what the API tests show."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from game.core.api.errors import CODES
from game.core.registry import api_error_codes
from game.rummy import queries, service, states
from game.rummy.apps import RummyConfig
from game.rummy.engine import Action, HandCode, Level, parse_log_text, replay
from game.rummy.models import Hand, Match, Mode


def test_the_games_registered_codes_are_exactly_the_services_own_refusals() -> None:
    shared = {code for code in service.REFUSALS if code in CODES}
    assert shared == {"not_found"}
    assert set(RummyConfig.game.api_error_codes) == service.REFUSALS - shared
    assert set(RummyConfig.game.api_error_codes) <= set(api_error_codes()), "registered for the site"


def test_a_refusal_names_a_known_code_and_no_http_status() -> None:
    refusal = service.Refusal("room_expired", "gone")
    assert not hasattr(refusal, "status"), "the registry gives the status, the transport uses it"
    with pytest.raises(ValueError, match="unknown refusal code"):
        service.Refusal("no_such_code", "?")


@pytest.mark.django_db
def test_a_seat_state_after_an_action_equals_a_fresh_read_of_the_same_events() -> None:
    match, credentials = service.create_match(Mode.COMPUTER, Level.MEDIUM)
    seat = service.open_seat(match.public_id, credentials[0].key)
    answer = service.act(seat, 1, 0, Action.draw())
    states.STATES.clear()  # a read from the database alone, as another process would make
    fresh = service.seat_state(service.open_seat(match.public_id, credentials[0].key), since=0)
    assert fresh == answer


def test_the_state_cache_extends_a_known_log_by_its_last_action_as_a_replay_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = states.StateCache(size=4)
    code = "RM1-TESTING"
    lines = ["0 draw", "1 draw", "0 draw"]
    replays: list[str] = []

    def counted(*args: Any) -> Any:
        replays.append(args[0])
        return replay(*args)

    monkeypatch.setattr(states, "replay", counted)
    for n in range(1, len(lines) + 1):
        log = "\n".join(lines[:n])
        assert cache.get(code, 0, log) == replay(code, 0, parse_log_text(log))
    assert replays == [code]  # only the first log was replayed; each later one is one apply away
    assert list(cache.states) == [(code, 0)]  # a hand's latest state only
    assert cache.get(code, 0, "0 draw") == replay(code, 0, parse_log_text("0 draw"))
    assert replays == [code, code]  # an earlier log is replayed, not kept beside the latest
    for other in ("RM1-SECONDS", "RM1-THIRDLY", "RM1-FOURTHS"):
        cache.get(other, 1, "")
    assert len(cache.states) == 4
    cache.get("RM1-FIFTHLY", 0, "")
    assert len(cache.states) == 4 and (code, 0) not in cache.states  # the least recent hand went


@pytest.mark.django_db
def test_the_sockets_read_of_a_seat_and_its_hand_equals_djangos_own_query_field_for_field() -> None:
    match, credentials = service.create_match(Mode.LOCAL, None)
    log = "\n".join([f"{n % 2} draw" for n in range(78)] + ["0 pass", "1 pass"])
    Hand.objects.filter(match=match).update(log=log, actions=80, finished=True)
    seat = service.open_seat(match.public_id, credentials[1].key)
    service.next_hand(seat, 1)
    Match.objects.filter(pk=match.pk).update(consent1=True, channel0="socket")

    read = service.open_seat(match.public_id, credentials[1].key, with_hand=True)
    expected = Hand.objects.select_related("match").get(match=match, number=2)
    assert read.number == 1 and read.hand is not None and read.match is read.hand.match
    assert {column: getattr(read.hand, column) for column in queries.HAND_COLUMNS} == {
        column: getattr(expected, column) for column in queries.HAND_COLUMNS
    }
    assert [type(getattr(read.hand, column)) for column in queries.HAND_COLUMNS] == [
        type(getattr(expected, column)) for column in queries.HAND_COLUMNS
    ]
    assert type(read.hand.finished) is bool and read.hand.match_id == match.pk
    fields = [field.attname for field in Match._meta.concrete_fields]
    values = [getattr(read.match, name) for name in fields]
    assert values == [getattr(expected.match, name) for name in fields]
    assert [type(value) for value in values] == [type(getattr(expected.match, name)) for name in fields]
    with pytest.raises(service.Refusal) as refused:
        service.open_seat("x" * 16, credentials[1].key, with_hand=True)
    assert refused.value.code == "not_found"


class TestTheServerDealsFromItsSecret:
    """Hands dealt for play: an HMAC of a fresh random id under the secret key, fourteen letters."""

    def test_each_hand_gets_a_fourteen_letter_code_of_its_own(self) -> None:
        codes = {str(service.new_hand_code()) for _ in range(50)}
        assert len(codes) == 50
        assert all(len(HandCode.parse(code).seed) == 14 for code in codes)

    def test_the_code_comes_from_the_secret_key_as_well_as_the_random_id(
        self, monkeypatch: pytest.MonkeyPatch, settings: Any
    ) -> None:
        monkeypatch.setattr(secrets, "token_urlsafe", lambda size: "the-same-random-id")
        first = service.new_hand_code()
        assert service.new_hand_code() == first  # one id and one key: one code
        settings.SECRET_KEY = "another secret key, as long as a real one should be: 0123456789"
        assert service.new_hand_code() != first

    @pytest.mark.django_db
    def test_matches_and_rooms_are_dealt_such_codes(self) -> None:
        computer, _ = service.create_match(Mode.COMPUTER, Level.EASY)
        room, _ = service.create_room()
        codes = [hand.code for hand in Hand.objects.filter(match__in=[computer, room])]
        assert len(codes) == 2 and all(len(HandCode.parse(code).seed) == 14 for code in codes)

    @pytest.mark.django_db
    def test_a_seat_is_told_the_code_only_once_the_hand_is_over(self) -> None:
        match, _ = service.create_match(Mode.LOCAL, None)
        seats = [service.Seat(match, 0), service.Seat(match, 1)]
        assert [service.seat_state(seat)["code"] for seat in seats] == [None, None]
        hand = service.current_hand(match)
        log = "\n".join([f"{n % 2} draw" for n in range(78)] + ["0 pass", "1 pass"])
        state = replay(hand.code, hand.starting_seat, parse_log_text(log))
        Hand.objects.filter(pk=hand.pk).update(log=log, actions=len(state.log), finished=True)
        assert [service.seat_state(seat)["code"] for seat in seats] == [hand.code, hand.code]
