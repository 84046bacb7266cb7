"""Tile Rummy's set diagrams in page texts (```rummy blocks): notation, checks, drawing, pages."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from game.rummy import diagrams
from game.rummy.diagrams import SETS_FENCE, diagram_errors, diagram_figure, parse_diagram, render_diagram
from rules.content import PAGES
from rules.markdown import fence_errors, registered_fences, render_body
from rules.models import Page

LANGUAGES = ["en", "it", "pl", "ru", "fr"]

# Every form the notation allows; each must draw.
VALID = [
    "R3 R4 R5",
    "R3 R4 R5 | B7 K7 O7",
    "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13",
    "B7 K7 O7 R7",
    "J R5 R6 | K9 J O9",
    "R11 R12 J",
    "R5 J J",
    "!R12 R13 R1",
    "!B4 B5 K6 | R8 R9 R10",
    "! R7 B7 B7",
    "R3 R4 R5 +R6",
    "+O1 +O2 +O3",
    "R3 R4 R5\nB7 K7 O7",
    "R3 R4 R5 R6 | K6 B6 O6\n->\nR3 R4 R5 | R6 K6 B6 O6",
    "# a comment\n\nR3 R4 R5\n   \n",
    "  R3   R4  R5  |  B7 K7 O7  ",
    "rack: R7 B7 K7 O7 J",
    "rack: R1 R2 R3 B8 K8 O8\n->\nB8 K8 O8 | +R1 +R2 +R3",
    "R3 R4 R5 | R3 R4 R5\n->\nR3 R4 R5 | R3 R4 R5",
    "R3 R4 R5\u00a0|\u00a0!B4 B5 K6",  # French no-break spaces, as the content loader may add them
]

# One mistake each: the notation, the line the problem is on, words of the message.
MISTAKES = [
    ("R3 R4 R6", 1, "neither a run nor a group"),
    ("R1 R2 R3\nR12 R13 R1", 2, "write ! before it"),
    ("!R3 R4 R5", 1, "is a valid set, but it is marked !"),
    ("R3 R4 R5 | B7 K7 X7", 1, "unknown tile “X7”"),
    ("R3 R4 R5\nr3 r4 r5", 2, "unknown tile “r3”"),
    ("R14 R13 R12", 1, "unknown tile “R14”"),
    ("R3 R4 R5 |  | B7 K7 O7", 1, "a set without tiles"),
    ("R3 R4 R5 |", 1, "a set without tiles"),
    ("!", 1, "a set without tiles"),
    ("R3 R4 R5 ++R6", 1, "unknown tile “++R6”"),
    ("R3 R4 R5 | R3 R4 R5 | R3 R4 R5", 1, "R3 appears 3 times, but the box has only 2"),
    ("J R2 R3 | J K4 O4 | B1 J B3", 1, "J appears 3 times"),
    ("->\nR3 R4 R5", 1, "an arrow -> must stand between two rows of tiles"),
    ("R3 R4 R5\n->", 2, "an arrow -> must stand between two rows of tiles"),
    ("R3 R4 R5\n->\n->\nB7 K7 O7", 3, "an arrow -> must stand between two rows of tiles"),
    ("\n".join(["R3 R4 R5"] * 13), 13, "more than 12 rows"),
    (" | ".join(["R3 R4 R5"] * 9), 1, "more than 8 sets in one row"),
    ("!" + " ".join(f"B{n}" for n in range(1, 14)) + " J", 1, "more than 13 tiles"),
    ("rack:", 1, "a rack without tiles"),
    ("rack: R1 Z2", 1, "unknown tile “Z2”"),
    ("rack: " + " ".join(["R1", "B1"] * 16), 1, "a rack of more than 30 tiles"),
    ("R3 R4 R5\nrack: R3 R5 R5", 2, "R5 appears 3 times"),
    ("R3 R4 R5 | R3 R4 R5\n->\nR3 R4 R5 | R3 R4 R5 | B4 +R4 K4", 3, "R4 appears 3 times"),
]


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def tiles_of(html: str) -> list[str]:
    return re.findall(r'data-tile="([^"]+)"', html)


class TestNotation:
    @pytest.mark.parametrize("notation", VALID)
    def test_every_form_of_the_notation_draws(self, notation: str) -> None:
        assert parse_diagram(notation)[1] == []
        html = render_diagram(notation)
        assert html.startswith('<figure class="rummy-diagram">')
        tiles = notation.replace("!", "").replace("rack:", "")
        written = [token.lstrip("+") for token in re.findall(r"[+]*[RBKOJ]\d*", tiles)]
        assert tiles_of(html) == written

    @pytest.mark.parametrize(("notation", "line", "words"), MISTAKES)
    def test_each_kind_of_mistake_is_reported_on_its_line(self, notation: str, line: int, words: str) -> None:
        problems = parse_diagram(notation)[1]
        assert problems, notation
        assert any(problem.line == line and words in problem.message for problem in problems), problems

    def test_a_broken_row_is_still_a_row_for_the_arrows(self) -> None:
        problems = parse_diagram("R3 R4 R5\n->\nR3 R4 R6")[1]
        assert [problem.line for problem in problems] == [3]

    def test_an_empty_diagram_is_a_mistake(self) -> None:
        for notation in ("", "\n\n", "# only a comment"):
            problems = parse_diagram(notation)[1]
            assert [(p.line, p.message) for p in problems] == [(0, "the diagram has no tiles")]

    def test_marking_a_valid_set_as_wrong_is_a_mistake_even_when_only_jokers_make_it_valid(self) -> None:
        for wrong in ("!R5 J J", "!J R12 R13", "!K9 J O9", "!B1 B2 B3 B4"):
            assert parse_diagram(wrong)[1], wrong
        for really_wrong in ("!R12 R13 J", "!R5 B6 J", "!K9 K9 O9"):
            assert parse_diagram(really_wrong)[1] == [], really_wrong

    def test_a_bad_notation_cannot_be_drawn(self) -> None:
        with pytest.raises(diagrams.DiagramError, match="neither a run nor a group"):
            render_diagram("R3 R4 R6")


class TestDrawing:
    def test_tiles_are_spans_of_the_sprite_with_the_classes_the_client_uses(self) -> None:
        html = render_diagram("R3 R4 R5 +R6 | !B4 B5 K6")
        assert (
            '<span class="rtile" data-tile="R3"><svg viewBox="0 0 40 56" aria-hidden="true">'
            '<use href="/static/rummy/tiles.svg#rt-R3"></use></svg></span>'
        ) in html
        assert '<span class="rtile rtile--new" data-tile="R6">' in html
        assert html.count('class="rset"') == 1 and html.count('class="rset rset--invalid"') == 1
        assert html.count('class="rummy-diagram__row"') == 1

    def test_the_output_has_no_style_attributes_and_no_scripts(self) -> None:
        html = "".join(render_diagram(notation) for notation in VALID)
        assert "style=" not in html and "<script" not in html

    def test_every_set_is_described_for_screen_readers(self) -> None:
        html = render_diagram("R3 R4 R5 | B7 K7 O7 | J R5 R6 | !R12 R13 R1 | K9 J O9 +R9")
        labels = re.findall(r'role="img" aria-label="([^"]+)"', html)
        assert labels == [
            "Red run from 3 to 5",
            "Group of 7s: blue, black, orange",
            "Red run from 4 to 6, a joker as red 4",
            "Not a valid set: red 12, red 13, red 1",
            "Group of 9s: black, a joker, orange, red. Just added: red 9",
        ]

    def test_a_run_is_said_grammatically_in_every_language(self) -> None:
        # The colour once, agreeing with the word for a run; then bare numbers (no case to decline).
        expected = {
            "it": "Scala rossa da 3 a 5",
            "pl": "Czerwony szereg od 3 do 5",
            "ru": "Красный ряд от 3 до 5",
            "fr": "Suite rouge de 3 à 5",
        }
        for language, label in expected.items():
            with translation.override(language):
                html = render_diagram("R3 R4 R5")
            assert re.findall(r'role="img" aria-label="([^"]+)"', html) == [label], language

    def test_a_set_that_reads_both_ways_says_so(self) -> None:
        html = render_diagram("O5 J J")
        (label,) = re.findall(r'aria-label="([^"]+)"', html)
        assert label.startswith("Orange run from 5 to 7") and "or Group of 5s" in label

    def test_a_rack_is_a_row_of_loose_tiles_described_as_a_rack(self) -> None:
        html = render_diagram("rack: R7 +J O1")
        assert (
            html.count(
                '<div class="rummy-diagram__rack" role="img" aria-label="Rack: red 7, joker, orange 1.'
            )
            == 1
        )
        assert "Just added: joker" in html and "rset" not in html

    def test_the_arrow_between_rows_is_announced(self) -> None:
        html = render_diagram("R3 R4 R5 R6 | K6 B6 O6\n->\nR3 R4 R5 | R6 K6 B6 O6")
        assert html.count('class="rummy-diagram__row"') == 2
        assert '<span class="visually-hidden">then:</span>' in html

    def test_descriptions_and_messages_follow_the_active_language(self) -> None:
        # Whatever the catalogues hold, a description is built in the active language without failing.
        for language in LANGUAGES:
            with translation.override(language):
                assert "aria-label=" in render_diagram("J R5 R6 | !R1 R3 R5")
                assert parse_diagram("X1")[1]

    def test_tiles_and_labels_are_escaped(self) -> None:
        html = render_diagram("R3 R4 R5")
        assert "<" not in html.split('aria-label="', 1)[1].split('"', 1)[0]


class TestMistakesOnPages:
    def test_a_broken_block_is_left_out_and_logged_or_shown_as_a_notice(
        self, caplog: pytest.LogCaptureFixture
    ) -> None:
        with caplog.at_level(logging.WARNING, logger="game.rummy.diagrams"):
            assert diagram_figure("R3 R4 R6") == ""
        assert "neither a run nor a group" in caplog.text
        notice = diagram_figure("R3 R4 R6\nX1", show_errors=True)
        assert 'class="tile-diagram-error rummy-diagram-error"' in notice
        assert "line 1" in notice and "line 2" in notice and "X1" in notice
        assert "rtile" not in notice

    def test_the_log_is_in_english_on_a_page_of_another_language(
        self, caplog: pytest.LogCaptureFixture
    ) -> None:
        with translation.override("it"), caplog.at_level(logging.WARNING, logger="game.rummy.diagrams"):
            diagram_figure("R3 R4 R6")
        assert "neither a run nor a group" in caplog.text

    def test_the_checker_names_the_diagram_and_the_line_of_the_whole_text(self) -> None:
        text = "Intro.\n\n```rummy\nR3 R4 R5\n```\n\nMore.\n\n```rummy\nB7 K7 O7\n!R3 R4 R5\n```\n"
        assert diagram_errors(text) == [
            "Rummy diagram 2, line 2 (line 11 of the text): “R3 R4 R5” is a valid set, "
            "but it is marked ! as a wrong example"
        ]
        assert diagram_errors("```rummy\nR3 R4 R5\n```") == []
        assert diagram_errors("") == []

    def test_the_checker_sees_blocks_inside_lists_and_unclosed_blocks(self) -> None:
        listed = "- a point:\n\n  ```rummy\n  R3 R4 R6\n  ```\n"
        assert diagram_errors(listed) == [
            "Rummy diagram 1, line 1 (line 4 of the text): “R3 R4 R6” is neither a run nor a group; "
            "to show it as a wrong example, write ! before it"
        ]
        assert diagram_errors("Text.\n\n```rummy\nR3 R4 R5\n") == [
            "Line 3: the ```rummy block is never closed with a line ```."
        ]

    def test_other_fences_are_not_the_checkers_business(self) -> None:
        assert diagram_errors("```tiles\n0 0,0: 9X\n```\n\n```\nR3 R4 R6\n```") == []


class TestTheFence:
    def test_the_game_registers_the_rummy_fence_with_its_help(self) -> None:
        (fence,) = [fence for fence in registered_fences() if fence.name == "rummy"]
        assert fence.errors is SETS_FENCE.errors
        assert "```rummy" in str(fence.help_text)

    def test_a_page_text_draws_the_block_through_the_markdown_renderer(self) -> None:
        html = render_body("Before.\n\n```rummy\nR3 R4 R5 | B7 K7 O7\n```\n\nAfter.").html
        assert html.startswith('<p>Before.</p>\n<figure class="rummy-diagram">')
        assert html.endswith("<p>After.</p>") and "```" not in html
        assert fence_errors("```rummy\nR3 R4 R6\n```")

    @pytest.mark.django_db
    def test_the_rummy_rules_page_draws_its_diagrams_in_every_language(self, client: Client) -> None:
        call_command("load_sample_content", verbosity=0)
        page = next(page for page in PAGES if page.key == "rummy-rules")
        counts = set()
        for language in LANGUAGES:
            html = client.get(f"/{language}/{page.texts[language]['slug']}/").content.decode()
            assert '<link rel="stylesheet" href="/static/rummy/tiles.css">' in html
            assert "rset--invalid" in html and "rtile--new" in html
            assert "tile-diagram-error" not in html and "```" not in html
            assert ' style="' not in html
            counts.add(html.count('<figure class="rummy-diagram">'))
        assert len(counts) == 1 and counts.pop() >= 6

    @pytest.mark.django_db
    def test_a_broken_block_on_a_page_is_hidden_from_visitors_and_shown_in_a_staff_preview(
        self, client: Client
    ) -> None:
        call_command("load_sample_content", verbosity=0)
        page = Page.objects.get(key="about")
        page.body_en = f"{page.body_en}\n\n```rummy\nR3 R4 R5\nR9 R10 R12\n```"  # type: ignore[attr-defined]  # a modeltranslation column
        page.save()
        url = page.get_absolute_url()
        public = client.get(url).content.decode()
        assert "R10" not in public and "tile-diagram-error" not in public
        client.force_login(User.objects.create_superuser("boss", password="unused-in-this-test"))
        preview = client.get(f"{url}?preview=1").content.decode()
        assert "rummy-diagram-error" in preview and "R9 R10 R12" in preview
