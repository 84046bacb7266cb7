"""Contact sheets of the tile artwork: every face of every style at a phone's sizes, as PNGs.

Run it to look at the faces the way a phone shows them (the close-up's tiles are 52 CSS px
wide, a whole board's on a phone about 23 to 30)::

    .venv/bin/python tests/artwork/contact_sheet.py /tmp/contact            # English marks
    .venv/bin/python tests/artwork/contact_sheet.py /tmp/contact --language pl

Writes ``contact-<style>-<language>-<width>px.png`` (one row per group of faces, on the
board's felt) into the folder, drawn by headless Chromium (``/usr/bin/chromium``) at device
pixel ratio 3, as a phone would.  Not a test: a tool to judge the artwork by eye.
"""

from __future__ import annotations

import argparse
import base64
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.mahjong.artwork.build import STYLES, face_svg  # noqa: E402
from game.mahjong.artwork.marks import LANGUAGES  # noqa: E402
from game.mahjong.artwork.style import Labels  # noqa: E402
from game.mahjong.names import GROUPS  # noqa: E402

WIDTHS = (52, 30)
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu"]


def sheet_html(style: str, language: str, width: int) -> str:
    """A page with every face of ``style`` ``width`` CSS px wide, one row per group."""
    labels = Labels.of(language)
    rows = []
    for _key, _title, faces in GROUPS:
        cells = []
        for face in faces:
            data = base64.b64encode(face_svg(face, style, labels).encode()).decode()
            cells.append(
                f'<figure><img src="data:image/svg+xml;base64,{data}" width="{width}" '
                f'height="{width * 4 / 3:.2f}"><figcaption>{face}</figcaption></figure>'
            )
        rows.append(f'<div class="row">{"".join(cells)}</div>')
    return (
        "<!doctype html><meta charset=utf-8><style>"
        "body{margin:0;padding:8px;background:#2f6d4f;font:10px sans-serif;color:#e8f0ea;width:max-content}"
        ".row{display:flex;gap:4px;margin-bottom:6px}figure{margin:0;text-align:center}"
        "img{display:block;border-radius:12%;box-shadow:2px 2px 0 #8f7d5c}"
        f"</style><body>{''.join(rows)}</body>"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folder", type=Path, help="where to write the PNGs")
    parser.add_argument("--language", choices=LANGUAGES, default="en", help="whose corner marks (default en)")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(device_scale_factor=3, viewport={"width": 600, "height": 400})
        for style in STYLES:
            for width in WIDTHS:
                page.set_content(sheet_html(style, args.language, width))
                page.wait_for_function("() => [...document.images].every((i) => i.complete)")
                path = args.folder / f"contact-{style}-{args.language}-{width}px.png"
                page.locator("body").screenshot(path=str(path))
                print(path)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
