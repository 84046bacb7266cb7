"""The text format of page bodies and answers: Markdown, rendered by :mod:`rules.markdown`."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from django.utils.html import format_html
from django.utils.safestring import SafeString

from rules import markdown
from rules.markdown import fence_errors, fenced_blocks, register_fence, render_body, unregister_fence

GOOD = "0 0,0: 1B 2B 3B 4B\n1 3,0: R"
BROKEN = "0 0,0: 1B 2B\n0 2,0: 9X"


@pytest.fixture
def fences() -> Iterator[None]:
    """Tests register their own fences; the app's ones come back afterwards."""
    saved = dict(markdown._FENCES)
    yield
    markdown._FENCES.clear()
    markdown._FENCES.update(saved)


def fake_render(content: str, show_errors: bool) -> SafeString:
    """A fence renderer: 'ok' draws, anything else is a mistake."""
    if content.strip() == "ok":
        return format_html('<figure class="fake">{}</figure>', content.strip())
    return format_html('<p class="fake-error">{}</p>', content.strip()) if show_errors else SafeString("")


def test_headings_get_anchors_and_second_level_ones_make_the_contents() -> None:
    body = render_body("## Free tiles\n\nText.\n\n### A detail\n\n## Free tiles")
    assert '<h2 id="free-tiles">Free tiles</h2>' in body.html
    assert '<h3 id="a-detail">A detail</h3>' in body.html
    assert '<h2 id="free-tiles-2">Free tiles</h2>' in body.html
    assert [heading.anchor for heading in body.contents] == ["free-tiles", "free-tiles-2"]
    assert [(heading.level, heading.text) for heading in body.headings] == [
        (2, "Free tiles"),
        (3, "A detail"),
        (2, "Free tiles"),
    ]


def test_a_heading_anchor_and_contents_text_leave_out_the_markup() -> None:
    body = render_body("## The **free** `H` key")
    assert '<h2 id="the-free-h-key">The <strong>free</strong> <code>H</code> key</h2>' in body.html
    assert body.contents[0].text == "The free H key"


def test_headings_in_cyrillic_keep_readable_anchors() -> None:
    assert '<h2 id="свободные-фишки">' in render_body("## Свободные фишки").html


def test_a_block_of_dash_lines_is_a_list_and_other_lines_continue_an_item() -> None:
    html = render_body("- **H**: hint\n- `U`: undo,\n  as often as you like").html
    assert html == (
        "<ul>\n<li><strong>H</strong>: hint</li>\n<li><code>U</code>: undo, as often as you like</li>\n</ul>"
    )


def test_nothing_from_the_source_reaches_the_page_unescaped() -> None:
    html = render_body('## <b>x</b>\n\n- <script>alert("x")</script>\n\n**<i>bold</i>**').html
    assert "<script>" not in html
    assert "<b>" not in html
    assert "<i>" not in html
    assert "&lt;script&gt;" in html
    assert "<strong>&lt;i&gt;bold&lt;/i&gt;</strong>" in html


def test_an_html_block_in_the_source_is_escaped_not_passed_through() -> None:
    html = render_body('<div onclick="steal()">\n<iframe src="https://evil.example"></iframe>\n</div>').html
    assert "<div" not in html and "<iframe" not in html
    assert "&lt;div onclick=&quot;steal()&quot;&gt;" in html
    assert "&lt;iframe" in html


def test_a_text_under_a_heading_without_an_empty_line_is_still_a_paragraph() -> None:
    html = render_body("## Goal\nClear the board.").html
    assert html == '<h2 id="goal">Goal</h2>\n<p>Clear the board.</p>'


def test_a_line_break_inside_a_paragraph_is_a_space_and_blank_lines_separate_paragraphs() -> None:
    assert render_body("\r\n  One\r\nline\r\n\r\n \r\nTwo  \r\n").html == "<p>One line</p>\n<p>Two</p>"
    assert render_body("").html == ""


def test_web_relative_and_mail_links_are_links() -> None:
    html = render_body(
        "[rules](/en/rules/), [pairs](#pairs), [site](https://example.org/a?b=1&c=2) "
        "and [mail](mailto:team@example.org)"
    ).html
    assert '<a href="/en/rules/">rules</a>' in html
    assert '<a href="#pairs">pairs</a>' in html
    assert '<a href="https://example.org/a?b=1&amp;c=2">site</a>' in html
    assert '<a href="mailto:team@example.org">mail</a>' in html


@pytest.mark.parametrize(
    "source",
    [
        "[click](javascript:alert(1))",
        "[click](JavaScript:alert(1))",
        "[click](&#106;avascript:alert(1))",
        "[click](<javascript:alert(1)>)",
        "<javascript:alert(1)>",
        "[click](data:text/html;base64,PHNjcmlwdD4=)",
        "[click](vbscript:msgbox(1))",
        "[click](ftp://example.org/file)",
    ],
)
def test_a_javascript_or_other_unsafe_link_is_not_a_link(source: str) -> None:
    html = render_body(source).html
    assert "<a" not in html
    assert "href" not in html
    assert html.startswith("<p>")


def test_images_are_not_drawn() -> None:
    html = render_body("![a cat](https://example.org/cat.png)").html
    assert "<img" not in html
    assert '<a href="https://example.org/cat.png">a cat</a>' in html


@pytest.mark.usefixtures("fences")
def test_a_registered_fence_is_drawn_by_its_renderer() -> None:
    register_fence("fake", fake_render)
    html = render_body("Before.\n\n```fake\nok\n```\n\nAfter.").html
    assert html == '<p>Before.</p>\n<figure class="fake">ok</figure>\n<p>After.</p>'


@pytest.mark.usefixtures("fences")
def test_a_broken_fence_is_left_out_of_public_pages_and_shown_in_staff_previews() -> None:
    register_fence("fake", fake_render)
    source = "Before.\n\n```fake\nbroken\n```\n\nAfter."
    assert render_body(source).html == "<p>Before.</p>\n<p>After.</p>"
    preview = render_body(source, show_errors=True).html
    assert '<p class="fake-error">broken</p>' in preview


@pytest.mark.usefixtures("fences")
def test_a_fence_renderer_that_fails_never_breaks_the_page(caplog: pytest.LogCaptureFixture) -> None:
    def failing(content: str, show_errors: bool) -> SafeString:
        raise RuntimeError("boom")

    register_fence("fake", failing)
    with caplog.at_level(logging.ERROR, logger="rules.markdown"):
        html = render_body("Before.\n\n```fake\n<b>x</b>\n```").html
    assert html == "<p>Before.</p>"
    assert "fake" in caplog.text
    preview = render_body("```fake\n<b>x</b>\n```", show_errors=True).html
    assert "&lt;b&gt;x&lt;/b&gt;" in preview and "<b>" not in preview


@pytest.mark.usefixtures("fences")
def test_an_unregistered_fence_is_shown_as_code() -> None:
    unregister_fence("tiles")
    html = render_body("```tiles\n0 0,0: <1B>\n```").html
    assert html == '<pre><code class="language-tiles">0 0,0: &lt;1B&gt;\n</code></pre>'
    assert "<figure" not in render_body("```python\nprint(1)\n```").html


@pytest.mark.usefixtures("fences")
def test_an_unclosed_registered_fence_keeps_its_text_as_code(caplog: pytest.LogCaptureFixture) -> None:
    register_fence("fake", fake_render)
    with caplog.at_level(logging.WARNING, logger="rules.markdown"):
        html = render_body("Intro.\n\n```fake\nok").html
    assert "<figure" not in html
    assert "<p>Intro.</p>" in html and "<code" in html and "ok" in html
    assert "never closed" in caplog.text


@pytest.mark.usefixtures("fences")
def test_fence_errors_collect_what_each_registered_checker_says() -> None:
    register_fence("fake", fake_render, errors=lambda text: ["one", "two"] if "bad" in text else [])
    register_fence("other", fake_render)  # no checker
    assert fence_errors("```fake\nbad\n```") == ["one", "two"]
    assert fence_errors("```fake\nok\n```") == []
    assert fence_errors("") == []

    def failing(text: str) -> list[str]:
        raise ValueError("checker broke")

    register_fence("other", fake_render, errors=failing)
    assert fence_errors("```fake\nok\n```") == ["other: checker broke"]


def test_a_fence_needs_a_plain_name() -> None:
    with pytest.raises(ValueError):
        register_fence("no spaces", fake_render)


def test_the_tiles_fence_is_registered_by_the_game_app_and_draws_diagrams() -> None:
    html = render_body(f"Before.\n\n```tiles\n{GOOD}\n```\n\nAfter <b>this</b>.").html
    assert html.startswith("<p>Before.</p>\n")
    assert '<figure class="tile-diagram"><svg' in html
    assert html.endswith("<p>After &lt;b&gt;this&lt;/b&gt;.</p>")
    assert "```" not in html


def test_a_broken_tile_diagram_is_left_out_of_public_pages_and_shown_to_staff(
    caplog: pytest.LogCaptureFixture,
) -> None:
    source = f"Before.\n\n```tiles\n{BROKEN}\n```\n\nAfter."
    with caplog.at_level(logging.WARNING):
        assert render_body(source).html == "<p>Before.</p>\n<p>After.</p>"
    assert "9X" in caplog.text
    preview = render_body(source, show_errors=True).html
    assert "tile-diagram-error" in preview and "<svg" not in preview
    assert "9X" in preview


def test_the_tile_checker_names_the_diagram_and_the_line_of_the_text() -> None:
    problems = fence_errors(f"Intro.\n\n```tiles\n{BROKEN}\n```")
    assert len(problems) == 1
    assert "line 5 of the text" in problems[0] and "9X" in problems[0]
    assert fence_errors(f"```tiles\n{GOOD}\n```") == []


def test_the_fenced_blocks_of_a_name_are_those_the_renderer_reads() -> None:
    text = "Intro.\n\n```tiles\nA\nB\n```\n\n```other\nC\n```\n\n~~~tiles extra\nD\n~~~\n\n```tiles\nE"
    blocks = fenced_blocks(text, "tiles")
    assert [(b.content, b.opening_line, b.first_line, b.closed) for b in blocks] == [
        ("A\nB\n", 3, 4, True),
        ("D\n", 12, 13, True),
        ("E", 16, 17, False),
    ]
    assert [b.content for b in fenced_blocks(text, "other")] == ["C\n"]
    assert fenced_blocks("", "tiles") == [] and fenced_blocks(text, "rummy") == []
