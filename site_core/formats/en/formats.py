"""English: the month written out ("December 2, 2026"), not Django's "Dec. 2, 2026"."""

DATE_FORMAT = "F j, Y"
DATETIME_FORMAT = "F j, Y, P"
