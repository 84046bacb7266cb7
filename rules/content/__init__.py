"""The site's texts in every language, as Markdown files in this folder.

See ``README.md`` here for the format and :mod:`rules.content.files` for
the reader. ``manage.py load_sample_content`` loads them into the database
through :func:`rules.content.loading.load_content`. (A fresh database gets
them from the data migration ``0005_initial_content``, which carries its own
frozen copy of the texts as they were when it was written.)

Bodies and answers are Markdown (see :mod:`rules.markdown`); tile diagrams
are fenced ``tiles`` blocks whose captions live in the paragraph around them.
French texts get a no-break space before ``:``, ``;``, ``!`` and ``?``.
"""

from __future__ import annotations

from .files import (
    CONTENT_DIR,
    ENTRY_FIELDS,
    LANGUAGES,
    PAGE_FIELDS,
    ContentError,
    EntrySource,
    PageSource,
    read_faq_entries,
    read_pages,
)

__all__ = [
    "CONTENT_DIR",
    "ENTRY_FIELDS",
    "FAQ_ENTRIES",
    "LANGUAGES",
    "PAGES",
    "PAGE_FIELDS",
    "ContentError",
    "EntrySource",
    "PageSource",
    "read_faq_entries",
    "read_pages",
]

PAGES: list[PageSource] = read_pages()
FAQ_ENTRIES: list[EntrySource] = read_faq_entries()
