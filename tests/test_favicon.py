"""The site's icon draws its letter as a shape, so it looks the same whatever fonts a device has."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

ICON = Path(__file__).resolve().parent.parent / "rules" / "static" / "rules" / "favicon.svg"

SVG = "{http://www.w3.org/2000/svg}"


def test_the_icon_holds_no_text_that_a_missing_font_would_change() -> None:
    icon = ElementTree.parse(ICON).getroot()
    assert icon.find(f".//{SVG}text") is None
    assert icon.find(f".//{SVG}path") is not None
