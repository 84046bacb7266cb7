"""``manage.py load_sample_content``: create or refresh the sample pages.

Idempotent: pages are matched by ``key``, so running it again updates the
texts instead of adding copies.
"""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from modeltranslation.utils import build_localized_fieldname

from rules.models import Page
from rules.sample_content import SAMPLE_PAGES


class Command(BaseCommand):
    help = "Create or update the sample pages (home, about) in every language."

    def handle(self, *args: Any, **options: Any) -> None:
        languages = [code for code, _name in settings.LANGUAGES]
        with transaction.atomic():
            for entry in SAMPLE_PAGES:
                defaults: dict[str, Any] = {"order": entry["order"], "published": True}
                for language in languages:
                    for field, value in entry["translations"][language].items():
                        defaults[build_localized_fieldname(field, language)] = value
                page, created = Page.objects.update_or_create(key=entry["key"], defaults=defaults)
                verb = "Created" if created else "Updated"
                self.stdout.write(f"{verb} page {page.key!r}.")
        self.stdout.write(self.style.SUCCESS(f"{len(SAMPLE_PAGES)} sample pages loaded."))
