"""Set diagrams in page texts: ```` ```rummy ```` blocks drawn as rows of tiles.

The notation, one row per line::

    ```rummy
    R3 R4 R5 | B7 K7 O7
    !R12 R13 R1 | J K9 O9
    rack: R6 O2 B11
    ->
    R3 R4 R5 +R6
    ```

* A row of sets: sets separated by ``|``, each written in the engine's tile
  notation (``R`` red, ``B`` blue, ``K`` black, ``O`` orange with 1-13, ``J`` a
  joker), tiles separated by spaces, in table order.
* ``!`` before a set shows it as an example of a *wrong* set (dashed red
  outline and a cross); ``+`` before a tile highlights it as just added.
* ``rack:`` and tiles: loose tiles on a player's rack (not checked as sets).
* A line ``->`` between two rows draws an arrow: the rows above, then the rows
  below (a move shown before and after).
* Blank lines and lines starting with ``#`` are left out.

Every set is checked with the engine: a set shown as valid must be a run or a
group, and a set marked ``!`` must not be one, so that a page can never teach a
wrong example by mistake.  Unknown tiles, empty sets, more copies of a face
than the box holds (in the rows between two arrows, one moment of a game),
more than :data:`MAX_SETS` sets in a row or more than :data:`MAX_ROWS` rows are
mistakes too.

Policy for mistakes, as for Mahjong's diagrams: a broken diagram never breaks
a page.  On public pages it is left out and a warning is logged (logger
``game.rummy.diagrams``, in English); with ``show_errors=True`` (staff
previews) a notice listing the problems is shown in its place;
:func:`diagram_errors` returns the same messages, with the diagram's number and
the line of the page text, for the admin.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Final

from django.templatetags.static import static
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, pgettext
from markdown_it import MarkdownIt

from game.core.registry import ContentFence

from .artwork import SYMBOL_PREFIX, VIEW_BOX
from .engine.sets import SetKind, readings
from .engine.tiles import CODE_OF_TEXT, COPIES, JOKER, JOKERS, TEXTS, colour_of, face_code, number_of

logger = logging.getLogger("game.rummy.diagrams")

FENCE_NAME: Final = "rummy"
SPRITE: Final = "rummy/tiles.svg"
MAX_ROWS: Final = 12
"""Rows of sets in one diagram (the ``->`` arrows not counted)."""
MAX_SETS: Final = 8
"""Sets in one row."""
MAX_TILES: Final = 13
"""Tiles in one set: the longest run."""
INVALID: Final = "!"
ADDED: Final = "+"
ARROW: Final = "->"
RACK: Final = "rack:"
MAX_RACK: Final = 30
"""Tiles in one ``rack:`` row."""
COMMENT: Final = "#"

DIAGRAM_HELP = gettext_lazy(
    "Tile Rummy diagrams: put the rows between a line ```rummy and a line ```. Each line is one row "
    "of sets, separated by |; tiles are R (red), B (blue), K (black) or O (orange) with 1-13, and J "
    "for a joker, e.g. “R3 R4 R5 | B7 K7 O7”. Write ! before a set to show it as a wrong example "
    "(“!R12 R13 R1”) and + before a tile to highlight it as just added (“R3 R4 R5 +R6”). "
    "“rack: R6 O2 J” shows loose tiles on a rack. A line -> between rows draws an arrow (before, "
    "then after). Every set is checked: a set shown as valid must be a run or a group, a set marked ! "
    "must not be one. # starts a comment line."
)
"""Help text for the page body field, shown in the admin under Mahjong's."""

_PARSER: Final = MarkdownIt("commonmark", {"html": False})


@dataclass(frozen=True)
class DiagramTile:
    code: int
    added: bool = False


@dataclass(frozen=True)
class DiagramSet:
    tiles: tuple[DiagramTile, ...]
    wrong: bool = False
    """Marked ``!``: shown as an example of a set that is not valid."""

    @property
    def codes(self) -> list[int]:
        return [tile.code for tile in self.tiles]


@dataclass(frozen=True)
class RackRow:
    """Loose tiles on a player's rack (``rack: R7 B7 J``); they are not checked as sets."""

    tiles: tuple[DiagramTile, ...]


@dataclass(frozen=True)
class Arrow:
    """The rows above become the rows below."""


Row = tuple[DiagramSet, ...]


@dataclass(frozen=True)
class Problem:
    line: int
    """Line of the diagram (1 = the first line after ```` ```rummy ````), 0 for the whole diagram."""
    message: str


@dataclass
class Diagram:
    rows: list[Row | RackRow | Arrow] = field(default_factory=list)


class DiagramError(ValueError):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(problem.message for problem in problems))
        self.problems = problems


# Reading the notation.


def _parse_tiles(text: str, line: int, problems: list[Problem]) -> list[DiagramTile] | None:
    tiles = []
    for token in text.split():
        added = token.startswith(ADDED)
        code = CODE_OF_TEXT.get(token[1:] if added else token)
        if code is None:
            problems.append(
                Problem(
                    line,
                    gettext(
                        "unknown tile “%(tile)s”: write R, B, K or O with a number from 1 to 13 "
                        "(R7, O13), or J for a joker"
                    )
                    % {"tile": token[:20]},
                )
            )
            return None
        tiles.append(DiagramTile(code, added))
    return tiles


def _parse_set(text: str, line: int, problems: list[Problem]) -> DiagramSet | None:
    wrong = text.startswith(INVALID)
    body = text[1:].strip() if wrong else text
    if not body:
        problems.append(Problem(line, gettext("a set without tiles (check the | signs)")))
        return None
    tiles = _parse_tiles(body, line, problems)
    if tiles is None:
        return None
    if len(tiles) > MAX_TILES:
        problems.append(Problem(line, gettext("a set of more than %(max)s tiles") % {"max": MAX_TILES}))
        return None
    diagram_set = DiagramSet(tuple(tiles), wrong)
    shown = " ".join(TEXTS[code] for code in diagram_set.codes)
    is_a_set = bool(readings(diagram_set.codes))
    if is_a_set and wrong:
        problems.append(
            Problem(
                line,
                gettext("“%(set)s” is a valid set, but it is marked ! as a wrong example") % {"set": shown},
            )
        )
        return None
    if not is_a_set and not wrong:
        problems.append(
            Problem(
                line,
                gettext(
                    "“%(set)s” is neither a run nor a group; to show it as a wrong example, write ! before it"
                )
                % {"set": shown},
            )
        )
        return None
    return diagram_set


def _parse_rack(text: str, line: int, problems: list[Problem]) -> RackRow | None:
    body = text[len(RACK) :].strip()
    if not body:
        problems.append(Problem(line, gettext("a rack without tiles")))
        return None
    tiles = _parse_tiles(body, line, problems)
    if tiles is None:
        return None
    if len(tiles) > MAX_RACK:
        problems.append(Problem(line, gettext("a rack of more than %(max)s tiles") % {"max": MAX_RACK}))
        return None
    return RackRow(tuple(tiles))


def _parse_row(text: str, line: int, problems: list[Problem]) -> Row | None:
    parts = [part.strip() for part in text.split("|")]
    if len(parts) > MAX_SETS:
        problems.append(Problem(line, gettext("more than %(max)s sets in one row") % {"max": MAX_SETS}))
        return None
    found = [_parse_set(part, line, problems) for part in parts]
    row = tuple(diagram_set for diagram_set in found if diagram_set is not None)
    return row if len(row) == len(found) else None


def _codes(row: Row | RackRow) -> list[int]:
    if isinstance(row, RackRow):
        return [tile.code for tile in row.tiles]
    return [code for diagram_set in row for code in diagram_set.codes]


class _Box:
    """Counts the tiles of one position (the rows between two arrows) against what the box holds."""

    def __init__(self) -> None:
        self.counts = [0] * (JOKER + 1)

    def add(self, codes: list[int], line: int, problems: list[Problem]) -> None:
        for code in sorted(set(codes)):
            before = self.counts[code]
            self.counts[code] += codes.count(code)
            limit = JOKERS if code == JOKER else COPIES
            if before <= limit < self.counts[code]:
                problems.append(
                    Problem(
                        line,
                        gettext(
                            "%(tile)s appears %(count)s times, but the box has only %(limit)s "
                            "(the rows before or after an arrow show one moment of a game)"
                        )
                        % {"tile": TEXTS[code], "count": self.counts[code], "limit": limit},
                    )
                )


def parse_diagram(notation: str) -> tuple[Diagram, list[Problem]]:
    """The diagram a notation describes and its problems (the diagram is drawable when there are none)."""
    diagram = Diagram()
    problems: list[Problem] = []
    rows = 0
    kinds: list[tuple[bool, int]] = []  # (is an arrow, line) for every row, drawable or not
    box = _Box()
    lines = (notation or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith(COMMENT):
            continue
        if text == ARROW:
            kinds.append((True, number))
            diagram.rows.append(Arrow())
            box = _Box()
            continue
        rows += 1
        kinds.append((False, number))
        if rows > MAX_ROWS:
            problems.append(
                Problem(number, gettext("more than %(max)s rows in one diagram") % {"max": MAX_ROWS})
            )
            break
        row = (
            _parse_rack(text, number, problems)
            if text.startswith(RACK)
            else _parse_row(text, number, problems)
        )
        if row is not None:
            box.add(_codes(row), number, problems)
            diagram.rows.append(row)
    for index, (arrow, line) in enumerate(kinds):
        if arrow and (index == 0 or index == len(kinds) - 1 or kinds[index - 1][0]):
            problems.append(Problem(line, gettext("an arrow -> must stand between two rows of tiles")))
    if rows == 0:
        problems.append(Problem(0, gettext("the diagram has no tiles")))
    problems.sort(key=lambda problem: problem.line)
    return diagram, problems


def diagram_problems(notation: str) -> list[Problem]:
    return parse_diagram(notation)[1]


# Describing sets for screen readers.


def tile_name(code: int) -> str:
    """A tile as a player would say it: “red 7”, “joker” (translated)."""
    if code == JOKER:
        return pgettext("a Tile Rummy tile", "joker")
    number = number_of(code)
    names = (
        pgettext("a Tile Rummy tile", "red %(number)s"),
        pgettext("a Tile Rummy tile", "blue %(number)s"),
        pgettext("a Tile Rummy tile", "black %(number)s"),
        pgettext("a Tile Rummy tile", "orange %(number)s"),
    )
    return names[colour_of(code)] % {"number": number}


def _colour_name(code: int) -> str:
    if code == JOKER:
        return pgettext("a tile of a Tile Rummy group", "a joker")
    names = (
        pgettext("a tile of a Tile Rummy group", "red"),
        pgettext("a tile of a Tile Rummy group", "blue"),
        pgettext("a tile of a Tile Rummy group", "black"),
        pgettext("a tile of a Tile Rummy group", "orange"),
    )
    return names[colour_of(code)]


def _run_words(colour: int) -> str:
    return (
        pgettext("a Tile Rummy run", "Red run from %(first)s to %(last)s"),
        pgettext("a Tile Rummy run", "Blue run from %(first)s to %(last)s"),
        pgettext("a Tile Rummy run", "Black run from %(first)s to %(last)s"),
        pgettext("a Tile Rummy run", "Orange run from %(first)s to %(last)s"),
    )[colour]


def describe_set(diagram_set: DiagramSet) -> str:
    """The translated description of a set (its accessible name): what it is, then its jokers."""
    codes = diagram_set.codes
    if diagram_set.wrong:
        text = gettext("Not a valid set: %(tiles)s") % {"tiles": ", ".join(tile_name(code) for code in codes)}
    else:
        described = []
        for reading in readings(codes):
            if reading.kind is SetKind.RUN and reading.colour is not None:
                first = face_code(reading.colour, reading.number)
                last = first + reading.length - 1
                jokers = [first + i for i, code in enumerate(codes) if code == JOKER]
                # The colour once, then bare numbers: "from red 3" would need a case of its own
                # in Polish, Russian and Italian.
                part = _run_words(reading.colour) % {"first": reading.number, "last": number_of(last)}
                for code in jokers:
                    part += gettext(", a joker as %(tile)s") % {"tile": tile_name(code)}
            else:
                part = gettext("Group of %(number)ss: %(tiles)s") % {
                    "number": reading.number,
                    "tiles": ", ".join(_colour_name(code) for code in codes),
                }
            described.append(part)
        text = gettext("; or ").join(described)
    added = [tile_name(tile.code) for tile in diagram_set.tiles if tile.added]
    if added:
        text += gettext(". Just added: %(tiles)s") % {"tiles": ", ".join(added)}
    return text


def describe_rack(rack: RackRow) -> str:
    text = gettext("Rack: %(tiles)s") % {"tiles": ", ".join(tile_name(tile.code) for tile in rack.tiles)}
    added = [tile_name(tile.code) for tile in rack.tiles if tile.added]
    if added:
        text += gettext(". Just added: %(tiles)s") % {"tiles": ", ".join(added)}
    return text


# Drawing.


def tile_html(code: int, sprite_url: str, extra_class: str = "") -> SafeString:
    """One tile as the diagrams and the client draw it (see ``tiles.css``)."""
    text = TEXTS[code]
    classes = f"rtile {extra_class}".strip()
    return format_html(
        '<span class="{}" data-tile="{}"><svg viewBox="{}" aria-hidden="true">'
        '<use href="{}#{}{}"></use></svg></span>',
        classes,
        text,
        VIEW_BOX,
        sprite_url,
        SYMBOL_PREFIX,
        text,
    )


def _tiles_html(tiles: tuple[DiagramTile, ...], sprite_url: str) -> SafeString:
    return format_html_join(
        "", "{}", ((tile_html(tile.code, sprite_url, "rtile--new" if tile.added else ""),) for tile in tiles)
    )


def set_html(diagram_set: DiagramSet, sprite_url: str) -> SafeString:
    return format_html(
        '<span class="{}" role="img" aria-label="{}">{}</span>',
        "rset rset--invalid" if diagram_set.wrong else "rset",
        describe_set(diagram_set),
        _tiles_html(diagram_set.tiles, sprite_url),
    )


def rack_html(rack: RackRow, sprite_url: str) -> SafeString:
    return format_html(
        '<div class="rummy-diagram__rack" role="img" aria-label="{}">{}</div>',
        describe_rack(rack),
        _tiles_html(rack.tiles, sprite_url),
    )


def _arrow_html() -> SafeString:
    return format_html(
        '<div class="rummy-diagram__then"><span class="rummy-diagram__arrow" aria-hidden="true">↓</span>'
        '<span class="visually-hidden">{}</span></div>',
        pgettext("between the rows of a Tile Rummy diagram before and after a move", "then:"),
    )


def render_diagram(notation: str) -> SafeString:
    """The ``<figure>`` of a diagram; raises :class:`DiagramError` on a bad notation."""
    diagram, problems = parse_diagram(notation)
    if problems:
        raise DiagramError(problems)
    sprite_url = static(SPRITE)
    parts = []
    for row in diagram.rows:
        if isinstance(row, Arrow):
            parts.append(_arrow_html())
        elif isinstance(row, RackRow):
            parts.append(rack_html(row, sprite_url))
        else:
            sets = format_html_join("", "{}", ((set_html(diagram_set, sprite_url),) for diagram_set in row))
            parts.append(format_html('<div class="rummy-diagram__row">{}</div>', sets))
    return format_html(
        '<figure class="rummy-diagram">{}</figure>', format_html_join("", "{}", ((part,) for part in parts))
    )


HOME_PICTURE = "R3 R4 R5 R6 | B7 K7 O7 J\nrack: K11 O2 B12"
"""The sets on the home page's card: a run, a group with its joker, and a few tiles of a rack."""


def home_picture() -> SafeString:
    """The home page card's picture of the game (``GameInfo.picture``), checked like any diagram."""
    return render_diagram(HOME_PICTURE)


# Mistakes: for the staff and the log.


def _message(number: int, first_line: int, problem: Problem) -> str:
    if problem.line:
        return gettext(
            "Rummy diagram %(number)s, line %(line)s (line %(text_line)s of the text): %(problem)s"
        ) % {
            "number": number,
            "line": problem.line,
            "text_line": first_line + problem.line - 1,
            "problem": problem.message,
        }
    return gettext("Rummy diagram %(number)s: %(problem)s") % {"number": number, "problem": problem.message}


def error_notice(messages: list[str]) -> SafeString:
    # Styled by .tile-diagram-error in the site's stylesheet (the CSP refuses style attributes).
    return format_html(
        '<div class="tile-diagram-error rummy-diagram-error" role="note">'
        "<p><strong>{}</strong></p><ul>{}</ul></div>",
        gettext("This Tile Rummy diagram cannot be drawn:"),
        format_html_join("", "<li>{}</li>", ((message,) for message in messages)),
    )


def diagram_figure(
    notation: str, *, show_errors: bool = False, number: int = 1, first_line: int = 1
) -> SafeString:
    """The drawing, or on a mistake a notice (``show_errors``) or nothing, with a warning in the log."""
    try:
        return render_diagram(notation)
    except DiagramError as error:
        with translation.override("en"):  # the log is for operators: English whatever the page's language
            english = "; ".join(problem.message for problem in diagram_problems(notation))
        logger.warning("rummy diagram %s (text line %s) not drawn: %s", number, first_line, english)
        if not show_errors:
            return mark_safe("")
        return error_notice([_message(number, first_line, problem) for problem in error.problems])


def _is_closed(markup: str, last_line: int, lines: list[str]) -> bool:
    if last_line >= len(lines):
        return False
    closing = lines[last_line].strip()
    return len(closing) >= len(markup) and closing == markup[0] * len(closing)


def diagram_errors(text: str) -> list[str]:
    """Every problem of the rummy diagrams in a page text, as messages for the staff (empty: all drawable)."""
    source = (text or "").replace("\r\n", "\n").replace("\r", "\n")
    lines = source.split("\n")
    messages = []
    number = 0
    for token in _PARSER.parse(source):
        info = token.info.strip().split(maxsplit=1)
        if token.type != "fence" or not info or info[0] != FENCE_NAME or token.map is None:
            continue
        start, end = token.map
        if end - 1 <= start or not _is_closed(token.markup, end - 1, lines):
            messages.append(
                gettext("Line %(line)s: the ```rummy block is never closed with a line ```.")
                % {"line": start + 1}
            )
            continue
        number += 1
        for problem in diagram_problems(token.content):
            messages.append(_message(number, start + 2, problem))
    return messages


SETS_FENCE = ContentFence(
    render=lambda notation, show_errors: diagram_figure(notation, show_errors=show_errors),
    errors=diagram_errors,
    help_text=DIAGRAM_HELP,
)
"""```` ```rummy ```` blocks in the page texts are set diagrams (registered with the game, apps.py)."""
