"""The arcade undo rule of issue 26 reaches the rules page of a running site, in every language.

The page's texts ship as files that ``load_sample_content`` (every deploy's ``make run``)
brings into the database: a text still as the loader once wrote it is brought up to date, one
an editor changed is left alone.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from rules.content.loading import sample_digest
from rules.models import Page

from .conftest import LANGUAGES, PAGES, page_url

pytestmark = pytest.mark.django_db

UNDO_RULE = {
    "en": "A pair you undo does not count as a move",
    "it": "Una coppia annullata non conta come mossa",
    "pl": "Cofnięta para nie liczy się jako ruch",
    "ru": "Отменённая пара не считается ходом",
    "fr": "Une paire annulée ne compte pas comme un coup",
}
"""The sentence that states the rule on the page (how to play, arcade mode), per language."""


def body_before_the_rule(language: str) -> str:
    """The page's text as the site had it: the arcade paragraphs without the undo rule."""
    body = next(page for page in PAGES if page.key == "how-to-play").texts[language]["body"]
    start = body.index(UNDO_RULE[language])
    end = body.index("\n", start)
    return body[:start].rstrip() + body[end:]


@pytest.fixture
def site_before_the_rule(content: None) -> Page:
    """The page as the loader wrote it before the rule, in every language."""
    page = Page.objects.get(key="how-to-play")
    for language in LANGUAGES:
        old = body_before_the_rule(language)
        setattr(page, f"body_{language}", old)
        page.sample_digests[f"body_{language}"] = sample_digest(old)
    page.save()
    return page


@pytest.mark.parametrize("language", LANGUAGES)
def test_loading_the_content_puts_the_rule_on_the_page(
    client: Client, site_before_the_rule: Page, language: str
) -> None:
    assert UNDO_RULE[language] not in client.get(page_url("how-to-play", language)).content.decode()
    call_command("load_sample_content", verbosity=0)
    assert UNDO_RULE[language] in client.get(page_url("how-to-play", language)).content.decode()


def test_an_editors_change_to_the_page_is_left_alone(site_before_the_rule: Page) -> None:
    edited = body_before_the_rule("pl") + "\n\nZdanie redaktora."
    site_before_the_rule.body_pl = edited  # type: ignore[attr-defined]  # a modeltranslation column
    site_before_the_rule.save()
    call_command("load_sample_content", verbosity=0)
    site_before_the_rule.refresh_from_db()
    assert site_before_the_rule.body_pl == edited  # type: ignore[attr-defined]  # a modeltranslation column
    assert UNDO_RULE["en"] in site_before_the_rule.body_en  # type: ignore[attr-defined]  # a modeltranslation column
