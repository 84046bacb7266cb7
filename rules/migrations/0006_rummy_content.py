"""Add the Tile Rummy pages and FAQ entries, and the home text that now names both games.

Frozen like ``0005_initial_content``: this migration carries its own copy
of the new rows as they were when it was written
(``data/0006_rummy_content.json``: the rules and strategy pages of Tile
Rummy, five FAQ entries, and the home page, whose text now mentions both
games; the plain columns hold the English text, since historical models know
nothing of modeltranslation) and imports no live code. Rows that exist
already (matched by key) are updated; the other pages and entries are left
alone. ``manage.py load_sample_content`` loads the texts as they are today.
"""

import contextlib
import json
import time
from pathlib import Path

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

DATA = Path(__file__).resolve().parent / "data" / "0006_rummy_content.json"
# rules.caching.VERSION_KEY when this migration was written.
CONTENT_VERSION_KEY = "rules:content-version"


def load(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    alias = schema_editor.connection.alias
    for model_name, rows in (("Page", data["pages"]), ("FaqEntry", data["faq_entries"])):
        model = apps.get_model("rules", model_name)
        for row in rows:
            model._default_manager.using(alias).update_or_create(key=row["key"], defaults=row["fields"])
    # Drop cached pages; a cache outage must not stop the migration.
    with contextlib.suppress(Exception):
        from django.core.cache import cache

        cache.set(CONTENT_VERSION_KEY, str(time.time_ns()), None)


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0005_initial_content"),
    ]

    operations = [
        migrations.RunPython(load, migrations.RunPython.noop),
    ]
