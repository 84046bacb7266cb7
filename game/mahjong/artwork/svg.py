"""Small helpers for writing SVG by hand: numbers, a canvas and shared definitions.

Every style draws a face onto a :class:`Canvas`: plain markup plus the names
of the shared definitions (``<symbol>``, ``<path>`` in ``<defs>``) it uses
through ``<use>``.  Ids are written with the placeholder ``@@`` in front
(``id="@@k-head"``, ``href="#@@k-head"``); :func:`finish_ids` replaces it
with a prefix when the markup is written out, so that artwork inlined twice
in one HTML page (two diagrams, say) never mixes definitions of two styles.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

ID = "@@"


def num(value: float, decimals: int = 2) -> str:
    """A coordinate with at most ``decimals`` decimals and no trailing zeros."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**values: float | str | None) -> str:
    """``key="value"`` pairs; underscores become dashes, ``None`` is left out."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        text = num(value) if isinstance(value, float | int) else value
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{text}"')
    return " ".join(parts)


@dataclass
class Definition:
    """One shared definition: its markup (``id="@@name"``) and the definitions it uses."""

    markup: str
    needs: tuple[str, ...] = ()


@dataclass
class Library:
    """The shared definitions of one style, by name."""

    definitions: dict[str, Definition] = field(default_factory=dict)

    def add(self, name: str, markup: str, needs: Iterable[str] = ()) -> None:
        if name in self.definitions:
            raise ValueError(f"definition {name!r} given twice")
        self.definitions[name] = Definition(markup, tuple(needs))

    def closure(self, names: Iterable[str]) -> list[str]:
        """``names`` and everything they need, dependencies first, in a stable order."""
        order: list[str] = []
        seen: set[str] = set()

        def visit(name: str) -> None:
            if name in seen:
                return
            seen.add(name)
            for need in self.definitions[name].needs:
                visit(need)
            order.append(name)

        for name in sorted(names):
            visit(name)
        return order

    def defs(self, names: Iterable[str]) -> str:
        """The ``<defs>`` element for these definitions (empty string for none)."""
        order = self.closure(names)
        if not order:
            return ""
        return "<defs>" + "".join(self.definitions[name].markup for name in order) + "</defs>"


class Canvas:
    """Markup of one drawing and the shared definitions it refers to."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.used: set[str] = set()

    def add(self, markup: str) -> None:
        self.parts.append(markup)

    def need(self, name: str) -> str:
        """Record that the drawing uses definition ``name``; returns its ``href``."""
        self.used.add(name)
        return f"#{ID}{name}"

    def use(
        self,
        name: str,
        x: float,
        y: float,
        width: float | None = None,
        height: float | None = None,
        **extra: float | str | None,
    ) -> None:
        """``<use>`` of a symbol placed in the box (x, y, width, height)."""
        href = self.need(name)
        self.add(f'<use href="{href}" {attrs(x=x, y=y, width=width, height=height, **extra)}/>')

    def markup(self) -> str:
        return "".join(self.parts)


def finish_ids(markup: str, prefix: str) -> str:
    """Replace the id placeholder by ``prefix``."""
    return markup.replace(ID, prefix)
