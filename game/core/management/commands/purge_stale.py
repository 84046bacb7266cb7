"""``manage.py purge_stale``: delete rows nobody needs any more, in small batches.

What is stale:

* expired sessions (what ``clearsessions`` does, but in batches);
* leaderboard entries an admin hid, once older than ``--hidden-days``
  (default 90; 0 keeps them forever).

Deal tokens leave nothing to purge: they are signed, stateless and expire by
themselves; the only trace of a used one is its entry's ``token_digest``,
which must stay as long as the entry does (it is what refuses a second
submission). Flagged entries wait for an admin's decision and are kept.

Made for cron on every app server at once: each batch is its own short
transaction (locks are held for one batch only), a row is deleted only if it
is still stale when the batch runs, and on PostgreSQL concurrent runs skip
the rows another run has locked instead of waiting for them. Running it
again, or twice at the same time, deletes nothing twice and fails on nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from game.core.registry import StaleRows, games


def delete_in_batches(stale: StaleRows, batch_size: int) -> int:
    """Delete what ``stale()`` selects, ``batch_size`` rows per transaction; the number deleted."""
    deleted = 0
    while True:
        with transaction.atomic():
            # skip_locked: rows another run is deleting right now are its job
            # (ignored where the database has no row locks, as on SQLite,
            # whose writers take turns anyway).
            keys = list(stale().select_for_update(skip_locked=True).values_list("pk", flat=True)[:batch_size])
            if not keys:
                return deleted
            # The condition again, not just the keys: a session renewed since
            # it was selected is no longer stale.
            query = stale().filter(pk__in=keys)
            _, per_model = query.delete()
        # The rows themselves, not what went with them (a match's hands).
        deleted += per_model.get(query.model._meta.label, 0)


class Command(BaseCommand):
    help = (
        "Delete expired sessions and long-hidden leaderboard entries, in batches. "
        "Safe to run from cron on every app server at the same time."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dry-run", action="store_true", help="Count what would be deleted; delete nothing."
        )
        parser.add_argument(
            "--batch-size", type=int, default=500, help="Rows deleted per transaction (default 500)."
        )
        parser.add_argument(
            "--hidden-days",
            type=int,
            default=90,
            help="Delete hidden leaderboard entries older than this many days (default 90; 0 keeps them).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        batch_size: int = options["batch_size"]
        hidden_days: int = options["hidden_days"]
        if batch_size < 1:
            raise CommandError("--batch-size must be at least 1")
        if hidden_days < 0:
            raise CommandError("--hidden-days must be 0 (keep them) or more")

        now = timezone.now()
        kinds: dict[str, StaleRows] = {
            "expired sessions": lambda: Session.objects.filter(expire_date__lt=now),
        }
        for game in games():
            if game.stale_rows is not None:
                kinds.update(game.stale_rows(now, hidden_days))

        for label, stale in kinds.items():
            if options["dry_run"]:
                self.stdout.write(f"{label}: {stale().count()} would be deleted")
            else:
                self.stdout.write(f"{label}: {delete_in_batches(stale, batch_size)} deleted")
