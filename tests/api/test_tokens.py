"""Deal tokens: signed by the server, readable by anyone, changeable by no one, valid for 24 hours."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from django.core import signing

from game.mahjong import tokens

from .conftest import altered


def test_a_token_carries_the_code_mode_issue_time_and_a_nonce() -> None:
    before = int(time.time() * 1000)
    token = tokens.verify(tokens.issue("MJ1-L00-ABCDEFG", "arcade"))
    assert (token.code, token.mode, token.daily) == ("MJ1-L00-ABCDEFG", "arcade", None)
    assert before <= token.issued_ms <= int(time.time() * 1000)
    assert len(token.nonce) >= 16


def test_a_daily_token_carries_its_date() -> None:
    day = dt.date(2026, 12, 1)
    assert tokens.verify(tokens.issue("MJ1-L00-ABCDEFG", "classic", daily=day)).daily == day


def test_every_token_has_its_own_nonce_and_digest() -> None:
    first = tokens.verify(tokens.issue("MJ1-L00-ABCDEFG", "classic"))
    second = tokens.verify(tokens.issue("MJ1-L00-ABCDEFG", "classic"))
    assert first.nonce != second.nonce
    assert first.digest != second.digest
    assert len(first.digest) == 64


def test_a_token_issued_long_ago_keeps_its_issue_time() -> None:
    issued = time.time() - 3600
    token = tokens.verify(tokens.issue("MJ1-L00-ABCDEFG", "classic", now=issued))
    assert token.issued_ms == int(issued * 1000)


def test_a_token_older_than_24_hours_has_expired() -> None:
    old = tokens.issue("MJ1-L00-ABCDEFG", "classic", now=time.time() - tokens.MAX_AGE_S - 60)
    with pytest.raises(tokens.TokenExpired):
        tokens.verify(old)


def test_a_token_just_under_24_hours_old_is_still_valid() -> None:
    tokens.verify(tokens.issue("MJ1-L00-ABCDEFG", "classic", now=time.time() - tokens.MAX_AGE_S + 60))


def test_an_altered_payload_is_not_accepted() -> None:
    token = tokens.issue("MJ1-L00-ABCDEFG", "classic")
    for change in ({"c": "MJ1-L00-ZZZZZZZ"}, {"m": "arcade"}, {"i": 0}, {"n": "mine"}):
        with pytest.raises(tokens.TokenError):
            tokens.verify(altered(token, **change))


def test_an_altered_timestamp_or_signature_is_not_accepted() -> None:
    payload, timestamp, signature = tokens.issue("MJ1-L00-ABCDEFG", "classic").split(":")
    newer = signing.b62_encode(int(time.time()) + 100)
    with pytest.raises(tokens.TokenError):
        tokens.verify(":".join([payload, newer, signature]))
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    with pytest.raises(tokens.TokenError):
        tokens.verify(":".join([payload, timestamp, flipped]))


def test_a_value_signed_for_another_purpose_or_with_another_key_is_not_a_token() -> None:
    payload = {"c": "MJ1-L00-ABCDEFG", "m": "classic", "i": 0, "n": "x" * 22}
    with pytest.raises(tokens.TokenError):
        tokens.verify(signing.dumps(payload))  # the default salt
    with pytest.raises(tokens.TokenError):
        tokens.verify(signing.dumps(payload, key="another secret key", salt=tokens.SALT))


@pytest.mark.parametrize("junk", ["", "x", "a:b:c", "not a token at all", "é" * 600, 5, None])
def test_junk_is_not_a_token(junk: object) -> None:
    with pytest.raises(tokens.TokenError):
        tokens.verify(junk)
