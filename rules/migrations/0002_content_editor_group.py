"""The "content editor" group: may add, change, view and delete rules pages.

Permissions are normally created after all migrations have run (on
post_migrate), so they are created here first for a fresh database.
"""

from django.apps.registry import Apps
from django.contrib.auth.management import create_permissions
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

GROUP_NAME = "content editor"
ACTIONS = ("add", "change", "delete", "view")


def create_content_editor_group(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    app_config = apps.get_app_config("rules")
    # create_permissions() skips app configs without a models module, which
    # the historical app registry never has.
    app_config.models_module = True  # type: ignore[assignment]  # only tested for truth; the usual idiom
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    codenames = [
        f"{action}_{model._meta.model_name}" for model in app_config.get_models() for action in ACTIONS
    ]
    group, _created = Group.objects.get_or_create(name=GROUP_NAME)
    group.permissions.set(Permission.objects.filter(content_type__app_label="rules", codename__in=codenames))


def remove_content_editor_group(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    apps.get_model("auth", "Group").objects.filter(name=GROUP_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(create_content_editor_group, remove_content_editor_group),
    ]
