"""Russian: Django's full dates are right (the genitive month, "year" abbreviated after it); a day
and month alone needs the genitive month too, where Django writes the nominative."""

MONTH_DAY_FORMAT = "j E"
