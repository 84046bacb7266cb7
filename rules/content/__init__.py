"""The site's texts in every language, one module per page.

Each page module defines ``PAGE``: the page's ``key``, ``order`` and, per
language code, its ``title``, ``slug``, ``summary`` and ``body``. ``faq``
also defines ``ENTRIES``, the questions of the FAQ page. The data migration
``0005_initial_content`` and ``manage.py load_sample_content`` both load
them through :func:`rules.content.loading.load_content`.

Bodies use the format described in :mod:`rules.markup`; tile diagrams are
fenced ``tiles`` blocks whose captions live in the paragraph around them.
French texts use a no-break space before ``:``, ``;``, ``!`` and ``?``.
"""

from __future__ import annotations

from typing import Any

from . import about, faq, history, home, how_to_play, strategy

LANGUAGES = ("en", "it", "pl", "ru", "fr")
PAGE_FIELDS = ("title", "slug", "summary", "body")
ENTRY_FIELDS = ("question", "answer")

PAGES: list[dict[str, Any]] = [
    home.PAGE,
    how_to_play.PAGE,
    strategy.PAGE,
    history.PAGE,
    faq.PAGE,
    about.PAGE,
]
FAQ_ENTRIES: list[dict[str, Any]] = faq.ENTRIES
