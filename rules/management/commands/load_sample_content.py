"""``manage.py load_sample_content``: add the sample pages and FAQ entries the database lacks.

Every ``make run`` runs it, so it must never undo an editor's work: it adds
missing pages and entries, fills empty translations, and brings up to date
only the fields that still hold the sample text it loaded before (see
:mod:`rules.content.loading`). Whatever an editor changed is left alone and
listed. To go back to the files' text of a page, delete the page in the admin
and run the command again.

A fresh database already has the texts as they were when the data migrations
were written (they carry frozen copies); this command brings in later changes
to the files. Besides rules/content/, each game may keep its own pages in a ``content/``
folder of its app (the same layout), read after the site's.
"""

from typing import Any

from django.core.management.base import BaseCommand

from rules.content.loading import LoadResult, content_roots, load_content
from rules.models import FaqEntry, Page


def _columns(columns: list[str]) -> str:
    return ", ".join(columns)


class Command(BaseCommand):
    help = (
        "Add the pages and FAQ entries of rules/content/ and of each game's content/ folder that the "
        "database lacks, and fill their "
        "missing translations; nothing an editor changed is overwritten."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        results = [result for root in content_roots() for result in load_content(Page, FaqEntry, root=root)]
        if options["verbosity"] >= 1:
            for result in results:
                self._describe(result)
            self.stdout.write(self.style.SUCCESS(self._summary(results)))

    def _describe(self, result: LoadResult) -> None:
        if result.added:
            self.stdout.write(f"Added {result.label}.")
        if result.filled:
            self.stdout.write(f"Filled the missing {_columns(result.filled)} of {result.label}.")
        if result.refreshed:
            self.stdout.write(
                f"Brought {_columns(result.refreshed)} of {result.label} up to date with the files "
                "(nobody had changed them since they were loaded)."
            )
        if result.kept:
            self.stdout.write(
                self.style.WARNING(
                    f"Left alone {_columns(result.kept)} of {result.label}: changed by an editor."
                )
            )
        if result.refused:
            self.stdout.write(
                self.style.WARNING(
                    f"Did not add {result.label}: another page already has its {_columns(result.blocked)}."
                )
            )
        elif result.blocked:
            self.stdout.write(
                self.style.WARNING(
                    f"Left alone {_columns(result.blocked)} of {result.label}: another page already has "
                    "that address in its language."
                )
            )

    @staticmethod
    def _summary(results: list[LoadResult]) -> str:
        added = sum(result.added for result in results)
        completed = sum(bool(result.filled or result.refreshed) for result in results)
        kept = sum(bool(result.kept or result.blocked) for result in results)
        as_in_files = sum(result.untouched and not (result.kept or result.blocked) for result in results)
        return (
            f"{len(results)} sample pages and FAQ entries: {added} added, {completed} completed or "
            f"brought up to date, {kept} with an editor's changes left alone, {as_in_files} already "
            "as in the files."
        )
