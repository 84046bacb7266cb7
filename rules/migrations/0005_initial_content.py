"""Load the site's pages and FAQ entries in every language.

A fresh database (``make run``, a new server) shows the complete site
straight after ``migrate``. The texts live in :mod:`rules.content`, which
``manage.py load_sample_content`` also loads, so running it later restores
them. Rows that exist already (matched by key) are updated.
"""

import contextlib

from django.db import migrations


def load(apps, schema_editor):
    from rules.caching import content_changed
    from rules.content.loading import load_content

    # Historical models know nothing of modeltranslation: fill the plain
    # columns with the English text ourselves.
    load_content(apps.get_model("rules", "Page"), apps.get_model("rules", "FaqEntry"), plain_columns=True)
    # Drop cached pages; a cache outage must not stop the migration.
    with contextlib.suppress(Exception):
        content_changed()


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0004_content_editor_faq_permissions"),
    ]

    operations = [
        migrations.RunPython(load, migrations.RunPython.noop),
    ]
