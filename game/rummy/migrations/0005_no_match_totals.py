"""Each hand stands alone (no cumulative score): the match keeps no running totals."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("rummy", "0004_hand_code_of_a_server_deal"),
    ]

    operations = [
        migrations.RemoveField(model_name="match", name="total0"),
        migrations.RemoveField(model_name="match", name="total1"),
    ]
