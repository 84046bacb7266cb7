"""Fill the database's pages and FAQ entries from the files of :mod:`rules.content`, never
overwriting an editor's work.

Used by ``manage.py load_sample_content`` (every ``make run``) with the real
models. Rows are matched by ``key``. For each field the files set (the texts
in every language, a page's order and menu place, ``published``):

* a page or an entry the database lacks is added, whole;
* an empty field (a translation nobody wrote) is filled;
* a field that still holds the sample text this loader (or a data migration)
  once wrote is brought up to date with the files: nobody edited it;
* any other value is an editor's and is left alone.

Telling the last two apart is what ``sample_digests`` is for: each row keeps a
digest of the value last loaded into each field (:func:`sample_digest`). A
field an editor emptied after it was loaded counts as edited, not as missing.
The files are read on every call, so an edit to them is loaded without
restarting anything.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from rules.models import ContentVersion

from .files import CONTENT_DIR, ENTRY_FIELDS, LANGUAGES, PAGE_FIELDS, read_faq_entries, read_pages

SLUG = "slug"


def sample_digest(value: object) -> str:
    """The digest kept for a loaded value (the data migration ``0007`` has a frozen copy)."""
    return hashlib.sha256(json.dumps(value, ensure_ascii=False).encode("utf-8")).hexdigest()


@dataclass
class LoadResult:
    """What loading did to one page or entry; the field lists name database columns (``title_pl``)."""

    kind: str
    key: str
    added: bool = False
    refused: bool = False
    """Missing, but not added: a slug of it is another page's (see ``blocked``)."""
    filled: list[str] = field(default_factory=list)
    """Empty before: a missing translation."""
    refreshed: list[str] = field(default_factory=list)
    """Still the sample text loaded earlier, now the files' newer text."""
    kept: list[str] = field(default_factory=list)
    """Changed by an editor: left alone."""
    blocked: list[str] = field(default_factory=list)
    """Slugs the files give but another page already uses in that language: left alone."""

    @property
    def label(self) -> str:
        return f"{self.kind} {self.key!r}"

    @property
    def untouched(self) -> bool:
        return not (self.added or self.filled or self.refreshed)


def _translated(texts: dict[str, dict[str, str]], fields: tuple[str, ...]) -> dict[str, Any]:
    return {f"{name}_{language}": texts[language][name] for name in fields for language in LANGUAGES}


def _is_empty(value: object) -> bool:
    return value is None or value == ""


def _slug_owner(model: Any, column: str, slug: str, exclude_pk: int | None) -> str | None:
    """The key of another row whose ``column`` is ``slug`` (slugs are unique per language)."""
    others = model.objects.filter(**{column: slug})
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    owner = others.values_list("key", flat=True).first()
    return None if owner is None else str(owner)


def _load_row(model: Any, kind: str, key: str, wanted: dict[str, Any]) -> LoadResult:
    result = LoadResult(kind, key)
    obj = model.objects.filter(key=key).first()
    if obj is None:
        taken = [
            column
            for column, value in wanted.items()
            if column.startswith(f"{SLUG}_") and _slug_owner(model, column, value, None)
        ]
        if taken:
            result.refused, result.blocked = True, taken
            return result
        model.objects.create(
            key=key,
            **wanted,
            sample_digests={column: sample_digest(value) for column, value in wanted.items()},
        )
        result.added = True
        return result

    digests: dict[str, str] = dict(obj.sample_digests or {})
    for column, value in wanted.items():
        current = getattr(obj, column)
        if current == value:
            digests[column] = sample_digest(value)
            continue
        loaded = digests.get(column)
        if loaded is not None and sample_digest(current) == loaded:
            change = result.refreshed
        elif loaded is None and _is_empty(current):
            change = result.filled
        else:
            result.kept.append(column)
            continue
        if column.startswith(f"{SLUG}_") and _slug_owner(model, column, value, obj.pk):
            result.blocked.append(column)
            continue
        setattr(obj, column, value)
        digests[column] = sample_digest(value)
        change.append(column)

    if not result.untouched:
        obj.sample_digests = digests
        obj.save()  # through the signals: the cached pages are dropped
    elif digests != obj.sample_digests:
        # Nothing visible changed: record the digests without touching the pages' cache.
        model.objects.filter(pk=obj.pk).update(sample_digests=digests)
    return result


def content_roots() -> list[Path]:
    """Where the sample texts are: this folder, then each game's own ``content/`` folder (its rules
    and guides, in the same layout), found beside the game's app in ``INSTALLED_APPS`` order."""
    from game.core.registry import game_folders

    return [CONTENT_DIR, *(folder / "content" for folder in game_folders() if (folder / "content").is_dir())]


def load_content(page_model: Any, entry_model: Any, *, root: Path = CONTENT_DIR) -> list[LoadResult]:
    """Add what is missing from every page and FAQ entry of the files; see the module's docstring.

    One transaction holding the content version's row from the start: an
    editor's save waits for it (and then wins), so no row changes between
    being compared and written, and nobody waits in a circle.
    """
    pages, entries = read_pages(root), read_faq_entries(root)
    results = []
    with transaction.atomic():
        ContentVersion.lock()
        for page in pages:
            wanted: dict[str, Any] = {"order": page.order, "published": True, "in_menu": page.in_menu}
            wanted |= _translated(page.texts, PAGE_FIELDS)
            results.append(_load_row(page_model, "page", page.key, wanted))
        for entry in entries:
            wanted = {"order": entry.order, "published": True} | _translated(entry.texts, ENTRY_FIELDS)
            results.append(_load_row(entry_model, "FAQ entry", entry.key, wanted))
    return results
