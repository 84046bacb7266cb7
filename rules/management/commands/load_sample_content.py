"""``manage.py load_sample_content``: create or refresh the site's pages.

Idempotent: pages and FAQ entries are matched by ``key``, so running it
again restores the texts of :mod:`rules.content` instead of adding copies.
A fresh database already has them: the data migration loads the same texts.
"""

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from rules.content.loading import load_content
from rules.models import FaqEntry, Page


class Command(BaseCommand):
    help = "Create or update every page and FAQ entry, in every language, from rules.content."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            loaded = load_content(Page, FaqEntry)
        for key, created in loaded:
            verb = "Created" if created else "Updated"
            self.stdout.write(f"{verb} {key!r}.")
        self.stdout.write(self.style.SUCCESS(f"{len(loaded)} pages and FAQ entries loaded."))
