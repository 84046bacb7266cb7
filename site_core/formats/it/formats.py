"""Italian: "2 dicembre 2026", not Django's "02 Dicembre 2026" (no leading zero, the month in lowercase)."""

DATE_FORMAT = "j E Y"
DATETIME_FORMAT = "j E Y, H:i"
MONTH_DAY_FORMAT = "j E"
