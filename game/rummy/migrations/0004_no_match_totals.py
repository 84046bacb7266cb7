"""Each hand stands alone (no cumulative score): the match keeps no running totals."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("rummy", "0003_room_connections"),
    ]

    operations = [
        migrations.RemoveField(model_name="match", name="total0"),
        migrations.RemoveField(model_name="match", name="total1"),
    ]
