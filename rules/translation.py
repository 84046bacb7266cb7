"""Fields of the rules models that are stored once per language."""

from modeltranslation.translator import TranslationOptions, register

from .models import FaqEntry, Page


@register(Page)
class PageTranslationOptions(TranslationOptions):
    fields = ("title", "slug", "summary", "body")
    # The default language must be complete; the others may be left empty
    # and fall back to English.
    required_languages = ("en",)
    # An empty slug is stored as NULL so that untranslated pages do not
    # collide on the unique constraint of each slug column.
    empty_values = {"slug": None}


@register(FaqEntry)
class FaqEntryTranslationOptions(TranslationOptions):
    fields = ("question", "answer")
    required_languages = ("en",)
