"""Create or refresh the pages and FAQ entries from the files of :mod:`rules.content`.

Used by ``manage.py load_sample_content`` with the real models (the data
migration has its own frozen copy of the texts and loader). Idempotent:
rows are matched by ``key``. The files are read on every call, so an edit
to them is loaded without restarting anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .files import CONTENT_DIR, LANGUAGES, read_faq_entries, read_pages


def _translated(texts: dict[str, dict[str, str]], fields: tuple[str, ...]) -> dict[str, str]:
    return {f"{field}_{language}": texts[language][field] for field in fields for language in LANGUAGES}


def load_content(page_model: Any, entry_model: Any, *, root: Path = CONTENT_DIR) -> list[tuple[str, bool]]:
    """Load every page and FAQ entry; returns ``(key, created)`` for each."""
    loaded = []
    for page in read_pages(root):
        defaults: dict[str, Any] = {"order": page.order, "published": True, "in_menu": page.in_menu}
        defaults |= _translated(page.texts, ("title", "slug", "summary", "body"))
        _obj, created = page_model.objects.update_or_create(key=page.key, defaults=defaults)
        loaded.append((page.key, created))
    for entry in read_faq_entries(root):
        defaults = {"order": entry.order, "published": True}
        defaults |= _translated(entry.texts, ("question", "answer"))
        _obj, created = entry_model.objects.update_or_create(key=entry.key, defaults=defaults)
        loaded.append((f"faq:{entry.key}", created))
    return loaded
