"""Reading the site's texts from the Markdown files of this folder.

The format is described in ``README.md`` beside this module:

* ``<page-key>/page.txt``: ``order`` and ``menu``, the same in every language;
* ``<page-key>/<language>.md``: a header with ``title``, ``slug`` and
  ``summary``, then the page's body in Markdown;
* ``faq/entries/<order>-<entry-key>/<language>.md``: a header with
  ``question``, then the answer in Markdown.

A header is a block of ``name: value`` lines between two ``---`` lines at
the top of the file. French texts get their no-break spaces here (see
:func:`rules.content.typography.french`), so the files are written with
ordinary spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .typography import french

CONTENT_DIR = Path(__file__).resolve().parent
LANGUAGES = ("en", "it", "pl", "ru", "fr")
PAGE_FIELDS = ("title", "slug", "summary", "body")
ENTRY_FIELDS = ("question", "answer")

PAGE_HEADER = ("title", "slug", "summary")
ENTRY_HEADER = ("question",)
PAGE_SETTINGS = ("order", "menu")
ENTRIES_DIR = Path("faq") / "entries"

_DELIMITER = "---"
_HEADER_LINE = re.compile(r"([a-z_]+):(.*)")
_ENTRY_FOLDER = re.compile(r"(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)")
_PAGE_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_YES_NO = {"yes": True, "no": False}


class ContentError(ValueError):
    """A content file that cannot be read; the message names the file."""


@dataclass(frozen=True)
class PageSource:
    """A page in every language: ``texts[language]`` has ``title``, ``slug``, ``summary``, ``body``."""

    key: str
    order: int
    in_menu: bool
    texts: dict[str, dict[str, str]]


@dataclass(frozen=True)
class EntrySource:
    """An FAQ entry in every language: ``texts[language]`` has ``question`` and ``answer``."""

    key: str
    order: int
    texts: dict[str, dict[str, str]]


def parse_document(
    text: str, fields: tuple[str, ...], *, path: Path | str = "<text>"
) -> tuple[dict[str, str], str]:
    """The header's values (exactly ``fields``, none empty) and the body of one ``.md`` file."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not lines or lines[0].strip() != _DELIMITER:
        raise ContentError(f"{path}: the file must start with a line '---' and the header")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == _DELIMITER)
    except StopIteration:
        raise ContentError(f"{path}: the header is not closed by a line '---'") from None
    header: dict[str, str] = {}
    for number, line in enumerate(lines[1:end], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _HEADER_LINE.fullmatch(line.strip())
        if match is None:
            raise ContentError(f"{path}, line {number}: expected 'name: value', found {line!r}")
        name, value = match.group(1), match.group(2).strip()
        if name not in fields:
            raise ContentError(f"{path}, line {number}: unknown name {name!r} (expected {', '.join(fields)})")
        if name in header:
            raise ContentError(f"{path}, line {number}: {name!r} is given twice")
        if not value:
            raise ContentError(f"{path}, line {number}: {name!r} is empty")
        header[name] = value
    missing = [name for name in fields if name not in header]
    if missing:
        raise ContentError(f"{path}: the header lacks {', '.join(missing)}")
    return header, "\n".join(lines[end + 1 :]).strip()


def parse_settings(text: str, *, path: Path | str = "page.txt") -> tuple[int, bool]:
    """``order`` (a number) and ``menu`` (``yes`` or ``no``) of a ``page.txt``."""
    values: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _HEADER_LINE.fullmatch(line.strip())
        if match is None or match.group(1) not in PAGE_SETTINGS or match.group(1) in values:
            raise ContentError(f"{path}, line {number}: expected 'order: <number>' or 'menu: yes|no'")
        values[match.group(1)] = match.group(2).strip()
    order = values.get("order", "")
    menu = values.get("menu", "yes")
    if not order.isdigit():
        raise ContentError(f"{path}: 'order' must be a whole number, found {order!r}")
    if menu not in _YES_NO:
        raise ContentError(f"{path}: 'menu' must be 'yes' or 'no', found {menu!r}")
    return int(order), _YES_NO[menu]


def _texts(folder: Path, header_fields: tuple[str, ...], body_field: str) -> dict[str, dict[str, str]]:
    texts: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        path = folder / f"{language}.md"
        if not path.is_file():
            raise ContentError(f"{path}: missing (every language needs its file)")
        header, body = parse_document(path.read_text(encoding="utf-8"), header_fields, path=path)
        fields = {**header, body_field: body}
        texts[language] = french(fields) if language == "fr" else fields
    return texts


def read_pages(root: Path = CONTENT_DIR) -> list[PageSource]:
    """Every page (a folder with a ``page.txt``), by ``order`` then key."""
    pages = []
    for settings_file in sorted(root.glob("*/page.txt")):
        folder = settings_file.parent
        if not _PAGE_KEY.fullmatch(folder.name):
            raise ContentError(f"{folder}: a page's folder is named by its key, e.g. 'how-to-play'")
        order, in_menu = parse_settings(settings_file.read_text(encoding="utf-8"), path=settings_file)
        pages.append(PageSource(folder.name, order, in_menu, _texts(folder, PAGE_HEADER, "body")))
    for language in LANGUAGES:
        slugs = [page.texts[language]["slug"] for page in pages]
        taken = sorted({slug for slug in slugs if slugs.count(slug) > 1})
        if taken:
            raise ContentError(f"{root}: more than one page has the {language} slug {', '.join(taken)}")
    return sorted(pages, key=lambda page: (page.order, page.key))


def read_faq_entries(root: Path = CONTENT_DIR) -> list[EntrySource]:
    """Every FAQ entry (a folder ``<order>-<key>`` in ``faq/entries``), by order then key."""
    entries = []
    folders = sorted(path for path in (root / ENTRIES_DIR).glob("*") if path.is_dir())
    for folder in folders:
        match = _ENTRY_FOLDER.fullmatch(folder.name)
        if match is None:
            raise ContentError(f"{folder}: an entry's folder is named '<order>-<key>', e.g. '10-free'")
        order, key = int(match.group(1)), match.group(2)
        entries.append(EntrySource(key, order, _texts(folder, ENTRY_HEADER, "answer")))
    keys = [entry.key for entry in entries]
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    if duplicates:
        raise ContentError(f"{root / ENTRIES_DIR}: more than one entry has the key {', '.join(duplicates)}")
    return sorted(entries, key=lambda entry: (entry.order, entry.key))
