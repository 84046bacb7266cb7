"""Every text exists in every language, and no English is left in the others."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from rules.models import FaqEntry, Page

from .conftest import FAQ_ENTRIES, LANGUAGES, PAGES

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [code for code in LANGUAGES if code != "en"]
# Short English words that are not words of the other four languages.
ENGLISH_WORDS = {
    *("the", "and", "you", "your", "with", "when"),
    *("tile", "tiles", "free", "pair", "pairs", "board"),
}
PARSER = MarkdownIt("commonmark", {"html": False})


def blocks(text: str) -> list[tuple[str, str]]:
    """A Markdown text's top-level blocks: ``(kind, source)``, kind as ``h2``, ``ul``, ``fence``, ``p``."""
    lines = text.split("\n")
    found = []
    for token in PARSER.parse(text):
        if token.level != 0 or token.map is None or token.nesting == -1:
            continue
        kinds = {"heading_open": token.tag, "bullet_list_open": "ul", "paragraph_open": "p"}
        kind = kinds.get(token.type, token.type)
        found.append((kind, "\n".join(lines[token.map[0] : token.map[1]]).strip()))
    return found


def prose(text: str) -> str:
    """The text without its tile diagrams and code spans."""
    kept = [source for kind, source in blocks(text) if kind != "fence"]
    return re.sub(r"`[^`]*`", " ", "\n".join(kept))


def structure(text: str) -> list[str]:
    """What must be the same in every language: headings, lists and diagrams, in order."""
    shape = []
    for kind, source in blocks(text):
        if kind == "fence":
            shape.append(source)
        elif kind == "ul":
            shape.append(f"list of {sum(line.startswith('- ') for line in source.splitlines())}")
        else:
            shape.append(kind)
    return shape


def test_blocks_and_structure_see_headings_lists_paragraphs_and_diagrams() -> None:
    text = "## A\nText\nmore.\n\n- one\n- two\n\n```tiles\n0 0,0: 1B\n\n1 1,0: R\n```\n\n### B"
    assert structure(text) == ["h2", "p", "list of 2", "```tiles\n0 0,0: 1B\n\n1 1,0: R\n```", "h3"]
    assert "1B" not in prose(text) and "more." in prose(text)


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Page, FaqEntry])
def test_every_translated_field_is_filled_in_every_language_and_differs_from_english(
    content: None, model: type[Page] | type[FaqEntry]
) -> None:
    from modeltranslation.translator import translator

    fields = list(translator.get_options_for_model(model).all_fields)  # every translated field
    assert model.objects.count() >= 6
    for obj in model.objects.all():
        for field in fields:
            english = getattr(obj, f"{field}_en")
            assert english, f"{obj.key}: {field}_en is empty"
            for code in OTHERS:
                value = getattr(obj, f"{field}_{code}")
                assert value, f"{obj.key}: {field}_{code} is empty"
                if field == "slug" and value == english:
                    continue  # a slug may be spelt alike (strategia, historia...) but not copied
                assert value != english, f"{obj.key}: {field}_{code} is the English text"


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_is_left_in_the_texts_of_another_language(code: str) -> None:
    texts = [(page.key, page.texts[code][field]) for page in PAGES for field in ("title", "summary", "body")]
    texts += [
        (entry.key, entry.texts[code][field]) for entry in FAQ_ENTRIES for field in ("question", "answer")
    ]
    for key, text in texts:
        words = set(re.findall(r"[a-z]+", prose(text).lower()))
        assert not words & ENGLISH_WORDS, f"{key} ({code}): {sorted(words & ENGLISH_WORDS)}"


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_paragraph_is_copied_into_another_language(code: str) -> None:
    for page in PAGES:
        english = {source for kind, source in blocks(page.texts["en"]["body"]) if kind != "fence"}
        for kind, source in blocks(page.texts[code]["body"]):
            if kind != "fence":
                assert source not in english, f"{page.key} ({code}) copies: {source[:60]}"


@pytest.mark.parametrize("code", OTHERS)
def test_every_language_has_the_same_headings_lists_and_diagrams_as_english(code: str) -> None:
    for page in PAGES:
        assert structure(page.texts[code]["body"]) == structure(page.texts["en"]["body"]), page.key
    for entry in FAQ_ENTRIES:
        assert structure(entry.texts[code]["answer"]) == structure(entry.texts["en"]["answer"]), entry.key


def test_every_page_has_its_own_slug_in_latin_letters_in_every_language() -> None:
    for code in LANGUAGES:
        slugs = [page.texts[code]["slug"] for page in PAGES]
        assert len(set(slugs)) == len(slugs), code
        assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug) for slug in slugs), slugs


def test_french_texts_have_a_no_break_space_before_double_punctuation() -> None:
    for page in PAGES:
        for field in ("title", "summary", "body"):
            text = page.texts["fr"][field]
            assert not re.search(r" [:;!?]", text), (page.key, field)
    for entry in FAQ_ENTRIES:
        texts = entry.texts["fr"]
        assert not re.search(r" [:;!?]", texts["question"] + texts["answer"]), entry.key


def _strings_in_sources() -> set[str]:
    """Literal interface strings of the root catalogue's sources (simple forms only)."""
    found: set[str] = set()
    for template in (ROOT / "templates").glob("**/*.html"):
        found |= set(re.findall(r'{% translate "([^"]+)" %}', template.read_text(encoding="utf-8")))
    for module in (ROOT / "rules").glob("**/*.py"):
        source = module.read_text(encoding="utf-8")
        found |= set(re.findall(r'\b_\("([^"]+)"\)', source))
    return found


@pytest.mark.parametrize("code", OTHERS)
def test_every_interface_string_of_the_templates_and_the_rules_app_is_in_the_catalogue(code: str) -> None:
    catalogue = (ROOT / "locale" / code / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    msgids = {
        "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
        for block in re.findall(r'^msgid ((?:".*"\n)+)', catalogue, re.M)
    }
    missing = {text for text in _strings_in_sources() if text.replace('"', '\\"') not in msgids}
    assert not missing, f"run makemessages: {sorted(missing)}"
