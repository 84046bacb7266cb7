"""The small text format of page bodies and answers."""

from __future__ import annotations

from rules.markup import render_body, split_blocks


def test_headings_get_anchors_and_second_level_ones_make_the_contents():
    body = render_body("## Free tiles\n\nText.\n\n### A detail\n\n## Free tiles")
    assert '<h2 id="free-tiles">Free tiles</h2>' in body.html
    assert '<h3 id="a-detail">A detail</h3>' in body.html
    assert '<h2 id="free-tiles-2">Free tiles</h2>' in body.html
    assert [heading.anchor for heading in body.contents] == ["free-tiles", "free-tiles-2"]


def test_headings_in_cyrillic_keep_readable_anchors():
    assert '<h2 id="свободные-фишки">' in render_body("## Свободные фишки").html


def test_a_block_of_dash_lines_is_a_list_and_other_lines_continue_an_item():
    html = render_body("- **H**: hint\n- `U`: undo,\n  as often as you like").html
    assert html == (
        "<ul><li><strong>H</strong>: hint</li><li><code>U</code>: undo, as often as you like</li></ul>"
    )


def test_nothing_from_the_source_reaches_the_page_unescaped():
    html = render_body('## <b>x</b>\n\n- <script>alert("x")</script>\n\n**<i>bold</i>**').html
    assert "<script>" not in html
    assert "<b>" not in html
    assert "<i>" not in html
    assert "&lt;script&gt;" in html
    assert "<strong>&lt;i&gt;bold&lt;/i&gt;</strong>" in html


def test_a_text_under_a_heading_without_an_empty_line_is_still_a_paragraph():
    html = render_body("## Goal\nClear the board.").html
    assert html == '<h2 id="goal">Goal</h2>\n<p>Clear the board.</p>'


def test_a_fenced_diagram_stays_one_block_even_across_empty_lines():
    blocks = split_blocks("Before.\n```tiles\n0 0,0: 1B\n\n1 1,0: R\n```\nAfter.")
    assert blocks == ["Before.", "```tiles\n0 0,0: 1B\n1 1,0: R\n```", "After."]
