"""``manage.py load_sample_content``: create or refresh the site's pages.

Idempotent: pages and FAQ entries are matched by ``key``, so running it
again restores the texts of the Markdown files in ``rules/content/`` (see
its README) instead of adding copies. A fresh database already has the
texts as they were when the data migration ``0005_initial_content`` was
written (it carries a frozen copy); this command brings in later edits.
"""

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from rules.content.loading import load_content
from rules.models import FaqEntry, Page


class Command(BaseCommand):
    help = "Create or update every page and FAQ entry, in every language, from rules/content/*.md."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            loaded = load_content(Page, FaqEntry)
        for key, created in loaded:
            verb = "Created" if created else "Updated"
            self.stdout.write(f"{verb} {key!r}.")
        self.stdout.write(self.style.SUCCESS(f"{len(loaded)} pages and FAQ entries loaded."))
