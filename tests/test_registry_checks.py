"""The registry's system check: an error code, a rate-limit scope or an enum name is one game's
(or the shared core's) alone (game/core/checks.py)."""

from __future__ import annotations

from game.core.checks import check_registry, registry_errors
from game.core.registry import ErrorCode, GameInfo


def game(slug: str, **fields: object) -> GameInfo:
    return GameInfo(slug=slug, name=slug, urls=None, url_prefix=f"{slug}/", **fields)  # type: ignore[arg-type]


def messages(entries: list[GameInfo]) -> list[str]:
    return [error.msg for error in registry_errors(entries, ["invalid", "throttled"], ["reads"])]


def test_the_installed_games_declare_nothing_twice() -> None:
    assert check_registry() == []


def test_games_with_names_of_their_own_pass() -> None:
    one = game("one", api_error_codes={"one_lost": ErrorCode("lost")}, throttle_rates={"one_moves": 5})
    two = game("two", api_error_codes={"two_lost": ErrorCode("lost")}, throttle_rates={"two_moves": 5})
    assert messages([one, two]) == []


def test_a_code_the_core_or_another_game_has_is_refused() -> None:
    one = game("one", api_error_codes={"lost": ErrorCode("lost"), "invalid": ErrorCode("mine")})
    two = game("two", api_error_codes={"lost": ErrorCode("lost too")})
    assert messages([one, two]) == [
        "the API error code 'invalid' of the game 'one' is the shared core's already",
        "the API error code 'lost' of the game 'two' is the game 'one''s already",
    ]


def test_a_scope_an_enum_name_or_a_slug_declared_twice_is_refused() -> None:
    one = game("one", throttle_rates={"reads": 5}, api_enum_names={"ModeEnum": "x.MODES"})
    two = game("one", api_enum_names={"ModeEnum": "y.MODES"})
    assert messages([one, two]) == [
        "two games have the slug 'one'",
        "the rate-limit scope 'reads' of the game 'one' is the shared core's already",
        "the schema enum name 'ModeEnum' of the game 'one' is the game 'one''s already",
    ]
