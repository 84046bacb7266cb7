"""One term per thing in each language, in the game and in the pages alike.

The pool, the hand and the player are each called one way in a language: the interface
strings (game/rummy/locale) and the Rummy pages (rules/content) agree. A word the pages do
not use for a thing must not appear in the game's translations either.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from game.rummy.diagrams import render_diagram

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "rummy" / "locale"
PAGES = [
    ROOT / "rules" / "content" / "rummy-rules",
    ROOT / "rules" / "content" / "faq" / "entries" / "81-rummy-pass-and-play",
]

# language: (the term the pages use, words for the same thing the game must not use)
TERMS = {
    "it": [("riserva", re.compile(r"\bmazz[oi]\b", re.IGNORECASE))],
    "ru": [
        ("запас", re.compile(r"\bбанк", re.IGNORECASE)),  # noqa: RUF001 (Russian letters)
        ("парти", re.compile(r"\bраздач", re.IGNORECASE)),  # noqa: RUF001 (Russian letters)
    ],
}


def translations(language: str) -> str:
    """Every msgstr of the game's catalogues in ``language`` (obsolete entries left out)."""
    texts = []
    for domain in ("django", "djangojs"):
        source = (LOCALE / language / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
        live = "\n".join(line for line in source.splitlines() if not line.startswith("#~"))
        texts += re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', live, flags=re.MULTILINE)
    return "\n".join(texts)


@pytest.mark.parametrize("language", sorted(TERMS))
def test_the_game_says_what_the_pages_say(language: str) -> None:
    pages = "\n".join((folder / f"{language}.md").read_text(encoding="utf-8") for folder in PAGES)
    game = translations(language)
    for term, other in TERMS[language]:
        assert term in pages.lower(), f"the {language} pages do not say {term!r}"
        assert term in game.lower(), f"the {language} game does not say {term!r}"
        assert not other.search(game), f"the {language} game says {other.pattern!r}"
        assert not other.search(pages), f"the {language} pages say {other.pattern!r}"


def test_no_running_score_is_promised_in_any_language() -> None:
    for language in ("en", "it", "pl", "ru", "fr"):
        pages = "\n".join((folder / f"{language}.md").read_text(encoding="utf-8") for folder in PAGES)
        assert not re.search(
            r"winner's total|totale del vincitore|wyniku zwycięzcy|счёту победителя|total du gagnant", pages
        )


def test_a_run_is_said_grammatically() -> None:
    with translation.override("pl"):
        label = render_diagram("B7 B8 B9")
    assert 'aria-label="Niebieski szereg od 7 do 9"' in label
