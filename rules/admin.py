"""Admin for the content: every language of a page side by side, in tabs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib import admin
from django.db import models
from django.forms import Field
from django.http import HttpRequest
from django.utils import translation
from django.utils.functional import Promise
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin
from modeltranslation.utils import build_localized_fieldname

from .markdown import fence_errors, registered_fences
from .models import FaqEntry, Page

LANGUAGES = [code for code, _name in settings.LANGUAGES]

TEXT_FORMAT_HELP = _(
    "Leave an empty line between paragraphs. A line starting with “## ” is a heading "
    "(“### ” a subheading), lines starting with “- ” make a list, **two stars** make text bold."
)


def fence_help() -> str:
    """The help of the registered fences (the tile diagram notation), for the text fields."""
    return " ".join(str(fence.help_text) for fence in registered_fences() if fence.help_text)


def diagram_problems(text: str) -> list[str]:
    """What the registered fence checkers say about ``text`` (nothing if none is registered)."""
    return fence_errors(text) if text else []


def has_checker() -> bool:
    return any(fence.errors is not None for fence in registered_fences())


if TYPE_CHECKING:  # generic in the stubs only: not subscriptable at run time
    _TranslationAdmin = TranslationAdmin[Any]
else:
    _TranslationAdmin = TranslationAdmin


class TabbedTranslationAdmin(_TranslationAdmin):
    class Media:
        # One tab per language over the translated fields. modeltranslation's
        # own tabs load jQuery UI from a CDN, which our CSP refuses.
        js = ("rules/admin_language_tabs.js",)
        css = {"screen": ("rules/admin_language_tabs.css",)}

    text_field = "body"

    def formfield_for_dbfield(
        self, db_field: models.Field[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> Field | None:
        """The text fields explain the format, tile diagrams included."""
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if field is not None and db_field.name.startswith(f"{self.text_field}_"):
            field.help_text = " ".join(part for part in (str(TEXT_FORMAT_HELP), fence_help()) if part)
        return field

    @admin.display(description=_("diagram check"))
    def diagram_check(self, obj: models.Model) -> SafeString | str | Promise:
        if not has_checker():
            return _("The diagram checker is not installed yet.")
        if obj.pk is None:
            return "-"
        rows: list[tuple[str, str]] = []
        for code in LANGUAGES:
            text = getattr(obj, build_localized_fieldname(self.text_field, code)) or ""
            rows.extend((code, problem) for problem in diagram_problems(text))
        if not rows:
            return _("No problems found in the diagrams.")
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{}: {}</li>", rows))


@admin.register(Page)
class PageAdmin(TabbedTranslationAdmin):
    list_display = ("key", "title", "slug", "published", "in_menu", "order", "updated")
    list_display_links = ("key", "title")
    list_editable = ("published", "in_menu", "order")
    list_filter = ("published", "in_menu")
    search_fields = ("key", "title", "summary")
    readonly_fields = ("created", "updated", "preview_links", "diagram_check")
    # TranslationAdmin expands this to slug_en <- title_en, slug_it <- title_it...
    prepopulated_fields = {"slug": ("title",)}
    fieldsets = (
        (None, {"fields": ("key", "title", "slug", "summary", "body")}),
        (_("Check before publishing"), {"fields": ("preview_links", "diagram_check")}),
        (None, {"fields": ("published", "in_menu", "order", "created", "updated")}),
    )

    @admin.display(description=_("preview"))
    def preview_links(self, obj: Page) -> SafeString | str | Promise:
        """The page as visitors will see it, in each language (unpublished too)."""
        if obj.pk is None:
            return _("Save the page first.")
        links = []
        for code in LANGUAGES:
            with translation.override(code):
                links.append((f"{obj.get_absolute_url()}?preview=1", code, code.upper()))
        return format_html_join(" · ", '<a href="{}" hreflang="{}" target="_blank">{}</a>', links)


@admin.register(FaqEntry)
class FaqEntryAdmin(TabbedTranslationAdmin):
    list_display = ("question", "key", "published", "order", "updated")
    list_display_links = ("question",)
    list_editable = ("published", "order")
    list_filter = ("published",)
    search_fields = ("key", "question", "answer")
    readonly_fields = ("created", "updated", "diagram_check")
    fields = ("key", "question", "answer", "diagram_check", "published", "order", "created", "updated")
    text_field = "answer"
