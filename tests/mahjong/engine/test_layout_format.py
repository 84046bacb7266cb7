"""The layout text format: canonical round trips and precise errors."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import Layout, LayoutError, MalformedError, Position, all_layouts

CANONICAL = """\
id L07
name Tiny
about Two layers and a half-tile offset.
layer 0
row 0: 0-6
row 2: 0 6
row 4: 0 4 8
layer 1
row 1: 1-5
"""


def test_canonical_text_round_trips_exactly() -> None:
    assert Layout.parse(CANONICAL).to_text() == CANONICAL


def test_the_canonical_example_has_the_positions_it_lists() -> None:
    layout = Layout.parse(CANONICAL)
    assert (layout.id, layout.name, layout.about) == ("L07", "Tiny", "Two layers and a half-tile offset.")
    expected = {(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (0, 2, 0), (6, 2, 0)}
    expected |= {(0, 4, 0), (4, 4, 0), (8, 4, 0), (1, 1, 1), (3, 1, 1), (5, 1, 1)}
    assert set(layout.positions) == {Position(*p) for p in expected}


FREE_FORM = """
# a comment line, blank lines and extra spaces are allowed

name   Tiny    # trailing comment
id L07
layer 1
row 1: 5, 1 3
layer 0
row 4: 8 0 4
row 0: 0 2 4-6
row 2: 6 0
"""


def test_free_form_text_is_printed_canonically() -> None:
    layout = Layout.parse(FREE_FORM)
    assert layout.to_text() == CANONICAL.replace("about Two layers and a half-tile offset.\n", "")


def test_free_form_text_and_its_canonical_form_give_the_same_positions() -> None:
    layout = Layout.parse(FREE_FORM)
    again = Layout.parse(layout.to_text())
    assert again.positions == layout.positions
    assert again.to_text() == layout.to_text()


@pytest.mark.parametrize(
    ("xs", "count", "printed"),
    [
        ("0", 1, "0"),
        ("0 2", 2, "0 2"),
        ("0 2 4", 3, "0-4"),
        ("4 0 2", 3, "0-4"),
        ("0-4 8", 4, "0-4 8"),
        ("0 4 8", 3, "0 4 8"),
        ("1-9", 5, "1-9"),
        ("0-2 6-10 14", 6, "0 2 6-10 14"),
        ("0-0", 1, "0"),
    ],
)
def test_runs_are_merged_when_printed(xs: str, count: int, printed: str) -> None:
    extra = "" if count % 2 == 0 else "row 4: 0\n"
    layout = Layout.parse(f"id L01\nname Runs\nlayer 0\nrow 0: {xs}\n{extra}")
    assert len(layout) == count + (count % 2)
    assert f"row 0: {printed}\n" in layout.to_text()


@pytest.mark.parametrize("layout_id", list(all_layouts()))
def test_shipped_layouts_round_trip(layout_id: str) -> None:
    layout = all_layouts()[layout_id]
    again = Layout.parse(layout.to_text())
    assert again.positions == layout.positions
    assert (again.id, again.name, again.about) == (layout.id, layout.name, layout.about)


@st.composite
def stacked_layouts(draw: st.DrawFn) -> list[Position]:
    """Random non-overlapping layouts: cells on a 2-unit grid, some stacked up to three high."""
    cells = draw(st.sets(st.tuples(st.integers(0, 30), st.integers(0, 12)), min_size=1, max_size=40))
    positions = []
    for cx, cy in sorted(cells):
        height = draw(st.integers(1, 3))
        positions += [Position(2 * cx, 2 * cy, z) for z in range(height)]
    if len(positions) % 2:
        positions.pop()
    if not positions:
        positions = [Position(0, 0, 0), Position(2, 0, 0)]
    return positions


def text_of(positions: list[Position], name: str = "Random") -> str:
    lines = ["id L42", f"name {name}"]
    for z in sorted({p.z for p in positions}, reverse=True):  # deliberately not in order
        lines.append(f"layer {z}")
        for y in sorted({p.y for p in positions if p.z == z}):
            xs = sorted(p.x for p in positions if p.z == z and p.y == y)
            lines.append(f"row {y}: {' '.join(map(str, reversed(xs)))}")
    return "\n".join(lines) + "\n"


@given(stacked_layouts(), st.text(alphabet=string.ascii_letters + " ", min_size=1, max_size=20))
def test_random_layouts_round_trip_through_their_canonical_text(positions: list[Position], name: str) -> None:
    name = " ".join(name.split()) or "x"
    layout = Layout.parse(text_of(positions, name))
    assert set(layout.positions) == set(positions)
    canonical = layout.to_text()
    again = Layout.parse(canonical)
    assert again.positions == layout.positions
    assert again.to_text() == canonical
    assert again.name == name


HEAD = "id L01\nname Tiny\n"

MALFORMED = [
    # (text, line, phrase)
    (HEAD + "layer 0\nrow 0: 0 2\ncolumn 3: 1\n", 5, "unknown keyword 'column'"),
    (HEAD + "Layer 0\nrow 0: 0 2\n", 3, "unknown keyword 'Layer'"),
    ("name Tiny\nlayer 0\nrow 0: 0 2\n", 0, "the 'id' line is missing"),
    ("id L01\nlayer 0\nrow 0: 0 2\n", 0, "the 'name' line is missing"),
    (HEAD + "id L02\nlayer 0\nrow 0: 0 2\n", 3, "'id' is given twice"),
    ("id\nname Tiny\nlayer 0\nrow 0: 0 2\n", 1, "'id' needs a value"),
    ("id L01\nname\nlayer 0\nrow 0: 0 2\n", 2, "'name' needs a value"),
    ("id Turtle\nname Tiny\nlayer 0\nrow 0: 0 2\n", 1, "layout id must look like 'L00'"),
    (HEAD + "layer 0\nrow 0: 0 2 4\n", 0, "even number of tiles from 2 to 144, not 3"),
    (HEAD + "layer 0\nrow 0: 0\n", 0, "not 1"),
    (HEAD + "layer 0\n", 0, "not 0"),
    (HEAD + "layer 0\n" + "".join(f"row {2 * k}: 0-144\n" for k in range(2)), 0, "not 146"),
    (HEAD + "layer 0\nrow 0: 0 1\n", 4, "overlap on layer 0"),
    (HEAD + "layer 0\nrow 0: 0 4\nrow 1: 4\nrow 8: 0\n", 5, "overlap on layer 0"),
    (HEAD + "layer 0\nrow 0: 0 2\nlayer 1\nrow 0: 4\nrow 4: 0\n", 6, "tile (4, 0, 1) floats"),
    (HEAD + "layer 0\nrow 0: 0 2\nlayer 2\nrow 0: 0\nrow 0: 2\n", 6, "floats: nothing of layer 1"),
    (HEAD + "layer 0\nrow 0: 0 2\nrow 0: 2 4\n", 5, "tile (2, 0, 0) already listed on line 4"),
    (HEAD + "layer 0\nrow 0: 0 0\n", 4, "already listed on line 4"),
    (HEAD + "layer 0\nrow 0: 0-3\n", 4, "range 0-3 must go up in steps of 2"),
    (HEAD + "layer 0\nrow 0: 6-0\n", 4, "range 6-0 must go up in steps of 2"),
    (HEAD + "layer 0\nrow 0: 0 2\nlayer 0\nrow 2: 0 2\n", 5, "layer 0 is given twice"),
    (HEAD + "layer 0\nrow 0: 0 2\nabout Late\n", 5, "'about' must come before the first layer"),
    (HEAD + "layer 0\nname Late\nrow 0: 0 2\n", 4, "'name' is given twice"),
    (HEAD + "row 0: 0 2\n", 3, "a row must follow a 'layer' line"),
    (HEAD + "layer zero\nrow 0: 0 2\n", 3, "the layer must be a whole number from 0, not 'zero'"),
    (HEAD + "layer -1\nrow 0: 0 2\n", 3, "the layer must be a whole number"),
    (HEAD + "layer\nrow 0: 0 2\n", 3, "the layer must be a whole number from 0, not ''"),
    (HEAD + "layer 0\nrow y: 0 2\n", 4, "the row must be a whole number from 0, not 'y'"),
    (HEAD + "layer 0\nrow 0: 0 two\n", 4, "'two' is neither a number nor a range a-b"),
    (HEAD + "layer 0\nrow 0: 0 -2\n", 4, "'-2' is neither a number nor a range"),
    (HEAD + "layer 0\nrow 0: 0-b\n", 4, "'0-b' is neither a number nor a range"),
    (HEAD + "layer 0\nrow 0: 0 2.5\n", 4, "neither a number nor a range"),
    (HEAD + "layer 0\nrow 0 0 2\n", 4, "expected 'row Y: X X-X ...'"),
    (HEAD + "layer 0\nrow 0:\nrow 2: 0 2\n", 4, "the row lists no tiles"),
    (HEAD + "layer 0\nrow 0: 0 252\n", 4, "x 252 is larger than 250"),
    (HEAD + "layer 251\nrow 0: 0 2\n", 3, "the layer 251 is larger than 250"),
]


@pytest.mark.parametrize(("text", "line", "phrase"), MALFORMED)
def test_malformed_layouts_name_the_line_and_the_problem(text: str, line: int, phrase: str) -> None:
    with pytest.raises(LayoutError) as caught:
        Layout.parse(text, "layouts/L01.txt")
    error = caught.value
    assert error.line == line
    assert phrase in error.problem
    assert error.source == "layouts/L01.txt"
    where = f"layouts/L01.txt:{line}" if line else "layouts/L01.txt"
    assert str(error) == f"{where}: {error.problem}"


def test_layout_errors_are_malformed_errors_and_value_errors() -> None:
    assert issubclass(LayoutError, MalformedError)
    assert issubclass(LayoutError, ValueError)


def test_the_source_defaults_to_a_placeholder() -> None:
    with pytest.raises(LayoutError, match=r"^<layout>:3: "):
        Layout.parse(HEAD + "lay 0\n")


@pytest.mark.parametrize(
    "text", [HEAD + "layer ²\nrow 0: 0 2\n", HEAD + "layer 0\nrow ²: 0 2\n"], ids=["layer", "row"]
)
def test_non_ascii_digit_characters_are_a_layout_error(text: str) -> None:
    with pytest.raises(LayoutError) as caught:
        Layout.parse(text)
    assert caught.value.line in (3, 4)
