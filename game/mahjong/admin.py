from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from .models import Score


@admin.register(Score)
class ScoreAdmin(admin.ModelAdmin[Score]):
    list_display = (
        "name",
        "mode",
        "layout",
        "time_ms",
        "score",
        "level",
        "hints",
        "shuffles",
        "daily",
        "flagged",
        "approved",
        "hidden",
        "created",
    )
    list_filter = ("flagged", "approved", "hidden", "mode", "layout", "daily")
    search_fields = ("name", "code")
    date_hierarchy = "created"
    actions = ("approve", "hide", "unhide")
    # Every figure was recomputed by the server from the log: editing them here
    # would make the entry disagree with its own replay. Only moderation fields
    # (and the name, to clean up an offensive one) stay editable.
    readonly_fields = (
        "code",
        "layout",
        "mode",
        "level",
        "time_ms",
        "score",
        "duration_ms",
        "moves",
        "hints",
        "shuffles",
        "log",
        "token_digest",
        "created",
        "daily",
        "flagged",
    )
    fieldsets = (
        (None, {"fields": ("name", "approved", "hidden", "flagged")}),
        (
            _("Game"),
            {"fields": ("code", "layout", "mode", "daily", "level", "time_ms", "score", "duration_ms")},
        ),
        (pgettext_lazy("admin section", "Play"), {"fields": ("moves", "hints", "shuffles", "log")}),
        (_("Submission"), {"fields": ("token_digest", "created")}),
    )

    @admin.action(description=_("Approve: show on the leaderboards"))
    def approve(self, request: HttpRequest, queryset: QuerySet[Score]) -> None:
        count = queryset.update(approved=True)
        self.message_user(
            request,
            ngettext("%d entry approved.", "%d entries approved.", count) % count,
            messages.SUCCESS,
        )

    @admin.action(description=_("Hide from the leaderboards"))
    def hide(self, request: HttpRequest, queryset: QuerySet[Score]) -> None:
        count = queryset.update(hidden=True)
        self.message_user(
            request, ngettext("%d entry hidden.", "%d entries hidden.", count) % count, messages.SUCCESS
        )

    @admin.action(description=_("Show again (undo hide)"))
    def unhide(self, request: HttpRequest, queryset: QuerySet[Score]) -> None:
        count = queryset.update(hidden=False)
        self.message_user(
            request, ngettext("%d entry shown.", "%d entries shown.", count) % count, messages.SUCCESS
        )
