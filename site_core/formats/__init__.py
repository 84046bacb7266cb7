"""Dates as each language writes them, where Django's own formats read wrong or clumsy.

``FORMAT_MODULE_PATH`` points here; each language's ``formats.py`` overrides
only what it must, everything else stays Django's.  The long date agrees with
the client's ``formatDate`` (core/js/numbers.js, ``Intl`` with ``dateStyle:
"long"``), so a day reads the same on every page: "December 2, 2026",
"2 dicembre 2026", "2 grudnia 2026", "2 décembre 2026" (and in Russian, the genitive
month and the abbreviation of "year" after it).

The day-of-month formats use ``E``, the month's name as it stands inside a
date (the genitive in Polish and Russian).  Django's Italian and French give it
capitalised ("2 Dicembre"); our site catalogue (locale/) gives the lowercase
forms those languages write.  The names are listed here so that makemessages
keeps them in the catalogue.
"""

from django.utils.translation import pgettext_lazy

MONTHS_IN_A_DATE = (
    pgettext_lazy("alt. month", "January"),
    pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"),
    pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"),
    pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"),
    pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"),
    pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"),
    pgettext_lazy("alt. month", "December"),
)
"""The msgids of Django's ``E`` (django.utils.dates.MONTHS_ALT), to keep our translations of them."""
