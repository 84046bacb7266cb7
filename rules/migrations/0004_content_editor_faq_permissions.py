"""Give the "content editor" group the rights on FAQ entries too.

As in 0002, the permissions of the new model are created here first, since
Django only creates them after all migrations have run.
"""

from django.apps.registry import Apps
from django.contrib.auth.management import create_permissions
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

GROUP_NAME = "content editor"
ACTIONS = ("add", "change", "delete", "view")
MODEL_NAME = "faqentry"


def grant_faq_permissions(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    app_config = apps.get_app_config("rules")
    app_config.models_module = True  # type: ignore[assignment]  # only tested for truth; the usual idiom
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _created = Group.objects.get_or_create(name=GROUP_NAME)
    codenames = [f"{action}_{MODEL_NAME}" for action in ACTIONS]
    group.permissions.add(*Permission.objects.filter(content_type__app_label="rules", codename__in=codenames))


def revoke_faq_permissions(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    codenames = [f"{action}_{MODEL_NAME}" for action in ACTIONS]
    for group in Group.objects.filter(name=GROUP_NAME):
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label="rules", codename__in=codenames)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0003_faq_entries_and_menu"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(grant_faq_permissions, revoke_faq_permissions),
    ]
