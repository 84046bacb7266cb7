"""game.rummy.service: what every transport relies on, beyond what the API tests show."""

from __future__ import annotations

import pytest

from game.core.api.errors import CODES
from game.core.registry import api_error_codes
from game.rummy import service
from game.rummy.engine import Action, Level
from game.rummy.models import Mode


def test_the_games_registered_codes_are_exactly_the_services_own_refusals() -> None:
    shared = {code for code in service.STATUS if code in CODES}
    assert shared == {"not_found"}
    assert set(api_error_codes()) == set(service.STATUS) - shared


@pytest.mark.django_db
def test_a_seat_state_after_an_action_equals_a_fresh_read_of_the_same_events() -> None:
    match, credentials = service.create_match(Mode.COMPUTER, Level.MEDIUM)
    seat = service.open_seat(match.public_id, credentials[0].key)
    answer = service.act(seat, 1, 0, Action.draw())
    service._replayed.cache_clear()  # a read from the database alone, as another process would make
    fresh = service.seat_state(service.open_seat(match.public_id, credentials[0].key), since=0)
    assert fresh == answer
