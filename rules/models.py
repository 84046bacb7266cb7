"""Content pages (home, how to play, strategy, history, FAQ, about) and FAQ entries.

Translated fields (a page's title, slug, summary and body; an entry's
question and answer) get one column per language through
django-modeltranslation (see ``translation.py``): ``title_en``,
``title_it``... Reading ``page.title`` gives the active language's value,
falling back to English.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname, get_language

HOME_KEY = "home"
FAQ_KEY = "faq"
HOW_TO_PLAY_KEY = "how-to-play"

BODY_HELP = _("Empty lines separate paragraphs; headings, lists and diagrams work too.")


class PageQuerySet(models.QuerySet["Page"]):
    def published(self) -> PageQuerySet:
        return self.filter(published=True)

    def with_slug(self, slug: str, language: str | None = None) -> PageQuerySet:
        """Pages whose slug in ``language`` (default: the active one) is ``slug``.

        A page not translated into that language is found by its English
        slug, matching what ``get_absolute_url`` links to through fallback.
        """
        field = build_localized_fieldname("slug", language or get_language())
        fallback = build_localized_fieldname("slug", settings.MODELTRANSLATION_DEFAULT_LANGUAGE)
        untranslated = Q(**{f"{field}__isnull": True}) | Q(**{field: ""})
        return self.filter(Q(**{field: slug}) | (untranslated & Q(**{fallback: slug})))


class Page(models.Model):
    key = models.SlugField(
        _("key"),
        max_length=50,
        unique=True,
        help_text=_("A fixed name used by the code, the same in every language, e.g. “about”."),
    )
    title = models.CharField(_("title"), max_length=200)
    slug = models.SlugField(
        _("slug"),
        max_length=200,
        help_text=_("The last part of the page's address in this language."),
    )
    summary = models.CharField(
        _("summary"),
        max_length=300,
        blank=True,
        help_text=_("One sentence, shown under the title and to search engines."),
    )
    body = models.TextField(
        _("body"),
        blank=True,
        help_text=BODY_HELP,
    )
    published = models.BooleanField(_("published"), default=False)
    in_menu = models.BooleanField(
        _("in the main menu"),
        default=True,
        help_text=_("Untick to link the page from the footer instead of the main menu."),
    )
    order = models.PositiveIntegerField(
        _("order"), default=0, help_text=_("Pages with a lower number come first.")
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    objects = models.Manager.from_queryset(PageQuerySet)()

    class Meta:
        ordering = ["order", "key"]
        # One constraint per language column (slug_en, slug_it...), added by
        # modeltranslation. Not ``unique=True`` on the field: modeltranslation
        # also writes the active language's slug into the plain ``slug``
        # column, where values of different languages could collide.
        constraints = [
            models.UniqueConstraint(fields=[f"slug_{code}"], name=f"rules_page_unique_slug_{code}")
            for code, _name in settings.LANGUAGES
        ]
        verbose_name = _("page")
        verbose_name_plural = _("pages")

    def __str__(self) -> str:
        return self.title or self.key

    def get_absolute_url(self) -> str:
        """The page's address in the active language."""
        if self.key == HOME_KEY:
            return reverse("rules:home")
        return reverse("rules:page", kwargs={"slug": self.slug})


class FaqEntryQuerySet(models.QuerySet["FaqEntry"]):
    def published(self) -> FaqEntryQuerySet:
        return self.filter(published=True)


class FaqEntry(models.Model):
    """One question and its answer on the FAQ page."""

    key = models.SlugField(
        _("key"),
        max_length=50,
        unique=True,
        help_text=_("A fixed name, the same in every language; the question's anchor."),
    )
    question = models.CharField(_("question"), max_length=300)
    answer = models.TextField(_("answer"), help_text=BODY_HELP)
    published = models.BooleanField(_("published"), default=True)
    order = models.PositiveIntegerField(
        _("order"), default=0, help_text=_("Questions with a lower number come first.")
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    objects = models.Manager.from_queryset(FaqEntryQuerySet)()

    class Meta:
        ordering = ["order", "key"]
        verbose_name = _("FAQ entry")
        verbose_name_plural = _("FAQ entries")

    def __str__(self) -> str:
        return self.question or self.key

    def get_absolute_url(self) -> str:
        """The question's place on the FAQ page in the active language (or the page itself)."""
        page = Page.objects.filter(key=FAQ_KEY).first()
        base = page.get_absolute_url() if page else reverse("rules:home")
        return f"{base}#{self.key}"
