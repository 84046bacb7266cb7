"""Player names (game/mahjong/player_names.py): what a public board may show, and how pages show it.

A name must read as what it is: not invisible (Hangul fillers, zero-width
characters), not a look-alike made by mixing scripts (``аdmin`` with a
Cyrillic ``а``), not one of several spellings of one name (fullwidth
``Ａｎｎａ``). Honest names in every script stay welcome.
"""

from __future__ import annotations

import pytest
from django.test import Client

from game.mahjong.models import Score
from game.mahjong.player_names import clean_name

from .conftest import deal_long_ago, make_score, play, submit, submit_ok


@pytest.mark.parametrize(
    "name",
    [
        # The site's five languages.
        "Anna",
        "O'Brien",
        "Giuseppe Verdi",
        "Łukasz",
        "Łódź 2",
        "Шура",
        "Ольга-Мария",
        "Zoë",
        "François",
        # Other scripts, and the mixtures languages write.
        "Γιάννης",
        "ٱلْعَرَبِيَّة",
        "नमस्ते",
        "ผู้เล่น",
        "李小龍",
        "山田タロウ",
        "김민준",
        "Москва1",
    ],
)
def test_honest_names_are_kept_as_they_are(name: str) -> None:
    assert clean_name(name) == name


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("Ａｎｎａ", "Anna"),  # fullwidth
        ("ﬁona", "fiona"),  # a ligature
        ("Player①", "Player1"),
        ("  Zoë\u3000 ", "Zoë"),  # an ideographic space, trimmed
        ("Zoe\u0308", "Zoë"),  # a combining diaeresis, composed
    ],
)
def test_compatibility_forms_are_folded_into_the_usual_letters(raw: str, stored: str) -> None:
    assert clean_name(raw) == stored


@pytest.mark.parametrize(
    ("name", "message"),
    [
        # Hangul filler letters: letters to Unicode, drawn as nothing.
        ("\u3164", "U+3164 is not allowed: it is an invisible character"),
        ("\u115f", "U+115F is not allowed: it is an invisible character"),
        ("\u1160\u1160", "U+1160 is not allowed: it is an invisible character"),
        ("\uffa0", "U+FFA0 is not allowed: it is an invisible character"),
        ("Anna\u3164", "U+3164 is not allowed: it is an invisible character"),
        # Zero-width and other format characters.
        ("An\u200bna", "U+200B is not allowed: it is an invisible character"),
        ("An\u200dna", "U+200D is not allowed: it is an invisible character"),
        ("\ufeffAnna", "U+FEFF is not allowed: it is an invisible character"),
        ("Anna\u2060", "U+2060 is not allowed: it is an invisible character"),
        ("An\u00adna", "U+00AD is not allowed: it is an invisible character"),
        ("Anna\ufe0f", "U+FE0F is not allowed: it is an invisible character"),
        ("\u2800", "U+2800 is not allowed: it is an invisible character"),
        # Blank, or nothing but punctuation.
        (" \u3000 ", "a name is needed"),
        ("...", "a name needs at least one letter or digit"),
        ("'-'", "a name needs at least one letter or digit"),
        # Look-alikes made by mixing scripts.
        (
            "\u0430dmin",
            "'а' is a Cyrillic letter that can be taken for a Latin one: write the name in one script",
        ),
        ("p\u0430yp\u0430l", "'а' is a Cyrillic letter that can be taken for a Latin one"),
        ("\u0391lpha", "'Α' is a Greek letter that can be taken for a Latin one"),
        ("Шуp\u0430", "'p' is a Latin letter that can be taken for a Cyrillic one"),
        ("Hello Мир", "is a Cyrillic letter that can be taken for a Latin one"),
    ],
)
def test_invisible_blank_and_look_alike_names_are_refused_saying_why(name: str, message: str) -> None:
    with pytest.raises(ValueError) as refusal:
        clean_name(name)
    assert message in str(refusal.value)


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "code"), [("\u3164", "name_invalid"), ("\u0430dmin", "name_invalid")])
def test_the_api_refuses_them_with_a_name_error(
    client: Client, monkeypatch: pytest.MonkeyPatch, name: str, code: str
) -> None:
    dealt = deal_long_ago(client, monkeypatch, mode="arcade", layout="L00")
    response = submit(client, dealt["token"], play(dealt["plan"][:1]), name=name)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["error"].startswith("name: ")
    assert not Score.objects.exists()


@pytest.mark.django_db
def test_the_api_stores_the_folded_name(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch, mode="arcade", layout="L00")
    created = submit_ok(client, dealt["token"], play(dealt["plan"][:1]), name="Ａｎｎａ")
    assert Score.objects.get(pk=created["id"]).name == "Anna"


@pytest.mark.django_db
def test_the_leaderboard_isolates_each_name_so_a_right_to_left_one_cannot_reorder_the_row(
    client: Client,
) -> None:
    make_score(name="אבי 2")
    make_score(name="Anna", time_ms=200_000)
    html = client.get("/en/mahjong/scores/").content.decode()
    assert "<bdi>אבי 2</bdi></a></td>" in html
    assert "<bdi>Anna</bdi></a></td>" in html
