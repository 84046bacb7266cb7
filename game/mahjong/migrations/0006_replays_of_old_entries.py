"""Entries stored before their replays were get them now, once, so that a page view writes nothing.

The replay is what the submission would have stored, but for the dead end (up
to a second of search per game: none is marked), or a marker saying the log
does not replay (or breaks today's caps).  The work is the engine's of the
day this runs: a few milliseconds per game.
"""

from typing import Any

from django.db import migrations


def store_replays(apps: Any, schema_editor: Any) -> None:
    from game.mahjong.scoring import late_replay

    Score = apps.get_model("game", "Score")
    for entry in Score.objects.filter(replay__isnull=True).only("pk", "code", "mode", "log").iterator():
        Score.objects.filter(pk=entry.pk).update(replay=late_replay(entry))


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0005_review_client_and_active_play"),
    ]

    operations = [
        migrations.RunPython(store_replays, migrations.RunPython.noop, elidable=True),
    ]
