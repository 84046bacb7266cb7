"""The client's lists of API error codes are the server's: each game's registry entry marks its
codes (``ErrorCode.final``, ``ErrorCode.stale``) and the client's copy must say the same.

The client cannot import Python, so its lists are written out in its modules; these tests read
them there and fail as soon as one code is marked, unmarked, added or dropped on either side.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.apps import apps

from game.core.registry import ErrorCode, GameAppConfig

ROOT = Path(__file__).resolve().parents[2]


def client_set(path: str, name: str) -> set[str]:
    """The string items of the ``new Set([...])`` a client module names ``name``."""
    source = (ROOT / path).read_text(encoding="utf-8")
    match = re.search(rf"const {name} = (?:Object\.freeze\()?new Set\(\[(.*?)\]\)", source, re.S)
    assert match, f"{path} has no {name} set"
    items = [item.strip() for item in match.group(1).split(",") if item.strip()]
    assert all(re.fullmatch(r'"\w+"', item) for item in items), f"{name}: only plain code strings"
    return {item.strip('"') for item in items}


def codes_of(label: str) -> dict[str, ErrorCode]:
    config = apps.get_app_config(label)
    assert isinstance(config, GameAppConfig)
    return dict(config.game.api_error_codes)


def test_the_mahjong_client_gives_up_on_a_score_for_the_codes_the_server_marks_final() -> None:
    final = {code for code, error in codes_of("game").items() if error.final}
    assert "token_expired" in final and "name_invalid" not in final
    assert client_set("game/mahjong/static/mahjong/js/score_submission.js", "FINAL_REFUSALS") == final


def test_the_rummy_client_reloads_the_hand_for_the_codes_the_server_marks_stale() -> None:
    stale = {code for code, error in codes_of("rummy").items() if error.stale}
    assert "stale_turn" in stale and "illegal_table" not in stale
    assert client_set("game/rummy/static/rummy/js/game.js", "RELOAD_CODES") == stale
