"""The client's own text for every API error code, translated into every language.

The API answers errors with ``{"error": <English for developers>, "code": <code>}``
(game/core/api/errors.py ``CODES``); the client shows its text for the code from
game/core/static/core/js/api_errors.js, translated through the djangojs catalogue
of game/core. A code added on the server without a text here fails this test.
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

from game.core.api.errors import CODES

CORE = Path(__file__).resolve().parents[2] / "game" / "core"
TABLE = CORE / "static" / "core" / "js" / "api_errors.js"
LANGUAGES = ["it", "pl", "ru", "fr"]


def _table(name: str) -> dict[str, str]:
    """The entries `code: gettext("text"),` of the JS object named `name`."""
    source = TABLE.read_text(encoding="utf-8")
    body = re.search(rf"export const {name} = Object\.freeze\(\{{(.*?)\n\}}\);", source, re.S)
    assert body, f"no {name} table in {TABLE.name}"
    entries = re.findall(r'^\s+(\w+): gettext\(("(?:[^"\\]|\\.)*")\),$', body.group(1), re.M)
    lines = [line for line in body.group(1).splitlines() if line.strip()]
    assert len(entries) == len(lines), f'{name}: every line is one `code: gettext("..."),`'
    return {code: ast.literal_eval(text) for code, text in entries}


def _generic() -> str:
    source = TABLE.read_text(encoding="utf-8")
    match = re.search(r'export const UNKNOWN_ERROR_TEXT = gettext\(("(?:[^"\\]|\\.)*")\);', source)
    assert match
    return str(ast.literal_eval(match.group(1)))


def client_texts() -> list[str]:
    return [*_table("API_ERROR_TEXTS").values(), *_table("CLIENT_ERROR_TEXTS").values(), _generic()]


def test_every_code_of_the_api_has_a_client_text_and_no_other() -> None:
    texts = _table("API_ERROR_TEXTS")
    assert sorted(texts) == sorted(CODES)
    assert all(texts.values())
    assert len(set(texts.values())) == len(texts), "each code says what went wrong in its own words"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_error_text_is_translated_and_compiled(language: str) -> None:
    folder = CORE / "locale" / language / "LC_MESSAGES"
    with (folder / "djangojs.mo").open("rb") as mo:
        catalogue = gettext.GNUTranslations(mo)
    po = (folder / "djangojs.po").read_text(encoding="utf-8")
    assert "#, fuzzy" not in po
    for text in client_texts():
        translated = catalogue.gettext(text)
        assert translated != text, f"{language}: not translated (or .mo out of date): {text!r}"
        assert translated.strip()
