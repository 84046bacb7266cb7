"""Polish: Django's long date is right ("2 grudnia 2026"); the short one takes dots, not dashes."""

SHORT_DATE_FORMAT = "d.m.Y"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
