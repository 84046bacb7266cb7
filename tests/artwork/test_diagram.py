"""The diagram notation (game.mahjong.engine.diagram) and its SVG rendering."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from game.mahjong.artwork.diagram_svg import describe, render_svg
from game.mahjong.engine import MalformedError
from game.mahjong.engine.diagram import (
    MAX_TILES,
    DiagramError,
    diagram_problems,
    parse_diagram,
)
from game.mahjong.engine.layout import Position

SVG = "{http://www.w3.org/2000/svg}"


def free_map(text: str) -> dict[tuple[str, int, int, int], bool]:
    return {(t.face, *t.position): t.free for t in parse_diagram(text).tiles}


def test_the_example_from_the_spec() -> None:
    diagram = parse_diagram("0 0,0: 1B 2B 3B 4B\n1 3,0: R\n")
    assert [(t.face, t.position) for t in diagram.tiles] == [
        ("1B", Position(0, 0, 0)),
        ("2B", Position(2, 0, 0)),
        ("3B", Position(4, 0, 0)),
        ("4B", Position(6, 0, 0)),
        ("R", Position(3, 0, 1)),
    ]
    assert [t.line for t in diagram.tiles] == [1, 1, 1, 1, 2]
    assert diagram.layers == 2 and diagram.width == 8 and diagram.height == 2
    assert diagram.layout.id == "L99"


def test_end_tiles_of_a_row_are_free_the_middle_blocked() -> None:
    assert free_map("0 0,0: 1B 2B 3B") == {
        ("1B", 0, 0, 0): True,
        ("2B", 2, 0, 0): False,
        ("3B", 4, 0, 0): True,
    }


def test_a_tile_with_a_tile_on_top_is_blocked() -> None:
    assert free_map("0 0,0: 5D\n1 0,0: N") == {("5D", 0, 0, 0): False, ("N", 0, 0, 1): True}


def test_half_covered_tiles_are_blocked() -> None:
    # R lies half over 2B and half over 3B: both blocked, even though 1B...4B ends stay free.
    free = free_map("0 0,0: 1B 2B 3B 4B\n1 3,0: R")
    assert free[("2B", 2, 0, 0)] is False and free[("3B", 4, 0, 0)] is False
    assert free[("1B", 0, 0, 0)] is True and free[("4B", 6, 0, 0)] is True
    assert free[("R", 3, 0, 1)] is True
    # Half a tile down covers too.
    assert free_map("0 0,0: 1C\n1 1,1: 2C")[("1C", 0, 0, 0)] is False


def test_a_gap_frees_the_neighbours() -> None:
    free = free_map("0 0,0: 1B . 3B 4B 5B")
    assert free == {
        ("1B", 0, 0, 0): True,
        ("3B", 4, 0, 0): True,
        ("4B", 6, 0, 0): False,
        ("5B", 8, 0, 0): True,
    }


def test_rows_half_a_tile_apart_block_sideways() -> None:
    # The engine's rule: a neighbour whose row overlaps by half still closes that side.
    free = free_map("0 0,0: 1D . 3D\n0 2,1: 2D")
    assert free[("2D", 2, 1, 0)] is False


def test_comments_and_blank_lines_are_ignored() -> None:
    text = "# a row of three\n\n0 0,0: 1B 2B 3B   # the row\n\n"
    assert len(parse_diagram(text).tiles) == 3


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("0 0,0: 1B 2B\n0 4,0: 9X", 2, "unknown tile label '9X'"),
        ("0 0,0: 5b", 1, "did you mean '5B'"),
        ("0 0,0: 1B\n\n0 a,0: 2B", 3, "x must be a whole number"),
        ("0 0;0: 1B", 1, "expected '<layer> <x>,<y>: <tiles>'"),
        ("0 0,0 1B", 1, "expected"),
        ("0 0,0:", 1, "no tiles after the colon"),
        ("0 70,0: 1B", 1, "x 70 is larger than 60"),
        ("12 0,0: 1B", 1, "the layer 12 is larger than 9"),
        ("0 0,0: 1B 2B\n0 3,1: 3B", 2, "overlaps 2B at 2,0 on layer 0 (line 1)"),
        ("0 0,0: 1B 2B\n1 6,0: R", 2, "R at 6,0 on layer 1 floats"),
        ("caption: a row\n0 0,0: 1B", 1, "caption is not part of the notation"),
        (
            "\n".join(f"0 0,{2 * i}: 1B 2B 3B 4B 5B" for i in range(9)),
            9,
            f"too many tiles: 45, at most {MAX_TILES}",
        ),
    ],
)
def test_errors_name_the_line_and_the_problem(text: str, line: int, words: str) -> None:
    with pytest.raises(DiagramError) as caught:
        parse_diagram(text)
    assert caught.value.line == line
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"line {line}: ")
    assert isinstance(caught.value, MalformedError)


def test_an_empty_diagram() -> None:
    with pytest.raises(DiagramError, match="no tiles"):
        parse_diagram("# nothing\n\n")
    with pytest.raises(DiagramError):
        parse_diagram("0 0,0: . .")


def test_every_bad_line_is_reported() -> None:
    problems = diagram_problems("0 0,0: 1B XX\n0 0,2: 2B\n0 0,4 3B\n0 0,6: 5Z")
    assert [p.line for p in problems] == [1, 3, 4]
    assert diagram_problems("0 0,0: 1B 2B") == []


def test_exactly_the_limit_is_allowed() -> None:
    text = "\n".join(f"0 0,{2 * i}: 1B 2B 3B 4B" for i in range(MAX_TILES // 4))
    assert len(parse_diagram(text).tiles) == MAX_TILES


def test_render_svg_shades_blocked_tiles() -> None:
    svg = render_svg(parse_diagram("0 0,0: 1B 2B 3B\n1 1,0: R"))
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title") is not None
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") in ("free", "blocked")]
    # R lies half over 1B and half over 2B: both blocked; 3B has its right side open.
    assert [g.get("class") for g in groups] == ["blocked", "blocked", "free", "free"]
    for group in groups:
        shade = [r for r in group.iter(f"{SVG}rect") if r.get("opacity")]
        assert bool(shade) == (group.get("class") == "blocked")
    assert "<text" not in svg


def test_render_svg_draws_layers_offset() -> None:
    root = ET.fromstring(render_svg(parse_diagram("0 0,0: 1B\n1 0,0: 2B")))
    uses = [u for u in root.iter(f"{SVG}use") if u.get("href", "").startswith("#mc-f-")]
    (x0, y0), (x1, y1) = ((float(u.get("x", 0)), float(u.get("y", 0))) for u in uses)
    assert x1 < x0 and y1 < y0  # the upper layer is drawn up and to the left


def test_render_svg_in_every_style_and_real_tiles_by_default() -> None:
    diagram = parse_diagram("0 0,0: 1B Wh F3")
    assert 'href="#mc-f-1B"' in render_svg(diagram), "the classic style, not the numbers"
    for style, prefix in (("numbers", "mn-"), ("kittens", "mk-")):
        svg = render_svg(diagram, style)
        ET.fromstring(svg)
        assert f'href="#{prefix}f-Wh"' in svg


def test_english_description() -> None:
    text = describe(parse_diagram("0 0,0: 1B 2B 3B"))
    assert text == "Tile diagram, 3 tiles. Free: 1 of bamboo, 3 of bamboo. Blocked: 2 of bamboo."
    layered = describe(parse_diagram("0 0,0: 5D\n1 0,0: R"))
    assert "red dragon (layer 2)" in layered and "Blocked: 5 of dots (layer 1)" in layered


def test_title_is_escaped() -> None:
    svg = render_svg(parse_diagram("0 0,0: 1B"), title="<b>&")
    assert "<title>&lt;b&gt;&amp;</title>" in svg
