"""The admin's own words: Miaojong's name in its header and titles, and the titles
Django builds from a model's name, which Polish and Russian need worded differently.

Django writes "Change %s" with the model's verbose name in the nominative ("Zmień
strona", "Добавить страница"), where those languages want another case. Rather
than a verbose name per case, our catalogue (``locale/``, which ``LOCALE_PATHS``
puts before Django's) translates those few msgids of Django's as "Zmiana: strona",
"Добавление: страница": the name stays in the nominative after a colon, which is
correct whatever the model. They are marked here so that ``makemessages`` keeps them
in our catalogue.
"""

from __future__ import annotations

from django.contrib.admin import AdminSite
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

# Translators: these are Django admin's own titles; in a language whose grammar needs the
# model's name in another case, put it after a colon ("Zmiana: %s"), else copy Django's.
DJANGO_TITLES = (
    gettext_noop("Add %s"),
    gettext_noop("Change %s"),
    gettext_noop("View %s"),
    gettext_noop("Select %s to change"),
    gettext_noop("Select %s to view"),
    gettext_noop("Add %(name)s"),
)


def brand(site: AdminSite) -> None:
    """Name the admin after the site instead of Django, in the visitor's language."""
    site.site_header = _("Miaojong administration")
    site.site_title = _("Miaojong admin")
    site.index_title = _("Site administration")
