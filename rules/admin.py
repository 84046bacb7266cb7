from django.contrib import admin
from modeltranslation import settings as mt_settings
from modeltranslation.admin import TranslationAdmin

from .models import Page


@admin.register(Page)
class PageAdmin(TranslationAdmin):
    list_display = ("key", "title", "slug", "published", "order", "updated")
    list_display_links = ("key", "title")
    list_editable = ("published", "order")
    list_filter = ("published",)
    search_fields = ("key", "title", "summary")
    readonly_fields = ("created", "updated")
    # TranslationAdmin expands this to slug_en <- title_en, slug_it <- title_it...
    prepopulated_fields = {"slug": ("title",)}
    fieldsets = (
        (None, {"fields": ("key", "title", "slug", "summary", "body")}),
        (None, {"fields": ("published", "order", "created", "updated")}),
    )

    class Media:
        # Tabbed translation fields, as in modeltranslation's docs; reuses the
        # admin's own jQuery and adds jQuery UI for the tabs.
        js = (
            "admin/js/jquery.init.js",
            "modeltranslation/js/force_jquery.js",
            mt_settings.JQUERY_UI_URL,
            "modeltranslation/js/tabbed_translation_fields.js",
        )
        css = {"screen": ("modeltranslation/css/tabbed_translation_fields.css",)}
