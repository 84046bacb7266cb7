"""The content version in the database, and what the sample loader last wrote into each field.

``ContentVersion`` holds one stamp that every save or delete of a page or an
FAQ entry changes; the page caches of all server processes key on it (see
``rules.caching``). ``sample_digests`` lets ``manage.py load_sample_content``
tell a field it wrote (and may bring up to date) from one an editor changed
(which it leaves alone).

The data step is frozen like ``0005_initial_content``: it imports no live
code. It records a digest for each field that still holds the text the data
migrations ``0005`` and ``0006`` wrote (their own JSON files), so that those
fields count as sample text and not as an editor's; a field that differs was
edited and gets none. It also writes the version row.
"""

import hashlib
import json
import secrets
from pathlib import Path

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

DATA = Path(__file__).resolve().parent / "data"
FROZEN = ("0005_initial_content.json", "0006_rummy_content.json")
# The columns modeltranslation's languages replace: the loader writes the per-language ones.
PLAIN_COLUMNS = {"title", "slug", "summary", "body", "question", "answer"}


def digest(value: object) -> str:
    # rules.content.loading.sample_digest when this migration was written.
    return hashlib.sha256(json.dumps(value, ensure_ascii=False).encode("utf-8")).hexdigest()


def frozen_rows() -> dict[str, dict[str, dict[str, object]]]:
    rows: dict[str, dict[str, dict[str, object]]] = {"Page": {}, "FaqEntry": {}}
    for name in FROZEN:
        data = json.loads((DATA / name).read_text(encoding="utf-8"))
        for model_name, kind in (("Page", "pages"), ("FaqEntry", "faq_entries")):
            rows[model_name] |= {row["key"]: row["fields"] for row in data[kind]}
    return rows


def record_sample_texts(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    alias = schema_editor.connection.alias
    for model_name, rows in frozen_rows().items():
        model = apps.get_model("rules", model_name)
        for obj in model._default_manager.using(alias).filter(key__in=list(rows)):
            fields = rows[obj.key]
            obj.sample_digests = {
                name: digest(value)
                for name, value in fields.items()
                if name not in PLAIN_COLUMNS and getattr(obj, name) == value
            }
            obj.save(update_fields=["sample_digests"])
    version = apps.get_model("rules", "ContentVersion")
    version._default_manager.using(alias).update_or_create(pk=1, defaults={"stamp": secrets.token_hex(16)})


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0006_rummy_content"),
    ]

    operations = [
        migrations.CreateModel(
            name="ContentVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("stamp", models.CharField(max_length=32, verbose_name="stamp")),
            ],
            options={
                "verbose_name": "content version",
                "verbose_name_plural": "content versions",
                "default_permissions": (),
            },
        ),
        migrations.AddField(
            model_name="faqentry",
            name="sample_digests",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text=(
                    "For each field, a digest of the sample text last loaded into it, so that loading "
                    "the samples again can tell an editor's change from its own."
                ),
                verbose_name="sample digests",
            ),
        ),
        migrations.AddField(
            model_name="page",
            name="sample_digests",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text=(
                    "For each field, a digest of the sample text last loaded into it, so that loading "
                    "the samples again can tell an editor's change from its own."
                ),
                verbose_name="sample digests",
            ),
        ),
        migrations.RunPython(record_sample_texts, migrations.RunPython.noop),
    ]
