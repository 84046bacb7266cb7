"""Create or refresh the pages and FAQ entries from :mod:`rules.content`.

Shared by the data migration (historical models, where modeltranslation's
descriptors do not exist, so the plain columns are filled with the English
text by hand) and by ``load_sample_content`` (the real models).
Idempotent: rows are matched by ``key``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import ENTRY_FIELDS, FAQ_ENTRIES, LANGUAGES, PAGE_FIELDS, PAGES


def _defaults(entry: dict[str, Any], fields: Iterable[str], *, plain_columns: bool) -> dict[str, Any]:
    values: dict[str, Any] = {"order": entry["order"], "published": True}
    for field in fields:
        for language in LANGUAGES:
            values[f"{field}_{language}"] = entry[language][field]
        if plain_columns:
            values[field] = entry["en"][field]
    return values


def load_content(page_model: Any, entry_model: Any, *, plain_columns: bool = False) -> list[tuple[str, bool]]:
    """Load every page and FAQ entry; returns ``(key, created)`` for each."""
    loaded = []
    for page in PAGES:
        defaults = _defaults(page, PAGE_FIELDS, plain_columns=plain_columns)
        defaults["in_menu"] = page.get("menu", True)
        _obj, created = page_model.objects.update_or_create(key=page["key"], defaults=defaults)
        loaded.append((page["key"], created))
    for entry in FAQ_ENTRIES:
        _obj, created = entry_model.objects.update_or_create(
            key=entry["key"], defaults=_defaults(entry, ENTRY_FIELDS, plain_columns=plain_columns)
        )
        loaded.append((f"faq:{entry['key']}", created))
    return loaded
