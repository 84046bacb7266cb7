"""Load the site's pages and FAQ entries in every language.

A fresh database (``make run``, a new server) shows the complete site
straight after ``migrate``. The migration is frozen: it carries its own copy
of the texts as they were when it was written
(``data/0005_initial_content.json``: each row's key and its column values,
the plain columns holding the English text, since historical models know
nothing of modeltranslation) and imports no live code. The texts as they are
today live in ``rules/content/``; ``manage.py load_sample_content`` loads
those. Rows that exist already (matched by key) are updated.
"""

import contextlib
import json
import time
from pathlib import Path

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

DATA = Path(__file__).resolve().parent / "data" / "0005_initial_content.json"
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
        ("rules", "0004_content_editor_faq_permissions"),
    ]

    operations = [
        migrations.RunPython(load, migrations.RunPython.noop),
    ]
