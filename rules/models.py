"""Content pages (home, how to play, strategy, history, FAQ, about) and FAQ entries.

Translated fields (a page's title, slug, summary and body; an entry's
question and answer) get one column per language through
django-modeltranslation (see ``translation.py``): ``title_en``,
``title_it``... Reading ``page.title`` gives the active language's value,
falling back to English.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from modeltranslation.utils import build_localized_fieldname, get_language

HOME_KEY = "home"
FAQ_KEY = "faq"

BODY_HELP = _("Empty lines separate paragraphs; headings, lists and diagrams work too.")
SAMPLE_DIGESTS_HELP = _(
    "For each field, a digest of the sample text last loaded into it, so that loading the samples "
    "again can tell an editor's change from its own."
)


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
    sample_digests = models.JSONField(
        _("sample digests"), default=dict, blank=True, editable=False, help_text=SAMPLE_DIGESTS_HELP
    )

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
    sample_digests = models.JSONField(
        _("sample digests"), default=dict, blank=True, editable=False, help_text=SAMPLE_DIGESTS_HELP
    )

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


def new_content_stamp() -> str:
    """A stamp never used before: random, so that a rolled-back or flushed one cannot come back."""
    return secrets.token_hex(16)


class ContentVersion(models.Model):
    """One row whose stamp changes whenever a page or an FAQ entry is saved or deleted.

    Each server process caches whole pages in its own memory under keys that
    include the stamp (``rules.caching``). Keeping the stamp in the database,
    read once per page request by its primary key, is what makes an edit show
    at once on every process, with or without a shared cache.
    """

    ROW = 1

    stamp = models.CharField(_("stamp"), max_length=32)

    class Meta:
        # Nobody edits this row: no permissions, so the content editor group stays as it is.
        default_permissions = ()
        verbose_name = _("content version")
        verbose_name_plural = _("content versions")

    def __str__(self) -> str:
        return self.stamp

    @classmethod
    def current(cls) -> str:
        """The stamp now in the database (one query; the row is made if missing)."""
        stamp = cls.objects.filter(pk=cls.ROW).values_list("stamp", flat=True).first()
        if stamp is None:
            # Only a database emptied after its migrations (a flushed test database) lacks the row.
            row, _created = cls.objects.get_or_create(pk=cls.ROW, defaults={"stamp": new_content_stamp()})
            stamp = row.stamp
        return stamp

    @classmethod
    def bump(cls, using: str = DEFAULT_DB_ALIAS) -> None:
        """Give the content a new stamp, in one statement (part of the caller's transaction).

        Inside a transaction this also holds the row until it ends, which is
        what orders concurrent writers of pages (see ``rules.caching``).
        """
        rows = cls.objects.using(using)
        if not rows.filter(pk=cls.ROW).update(stamp=new_content_stamp()):
            rows.get_or_create(pk=cls.ROW, defaults={"stamp": new_content_stamp()})

    @classmethod
    def lock(cls, using: str = DEFAULT_DB_ALIAS) -> None:
        """Wait for the row, then hold it to the end of the transaction, without changing it."""
        list(cls.objects.using(using).select_for_update().filter(pk=cls.ROW))
