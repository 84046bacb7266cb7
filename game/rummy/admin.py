from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from .models import Hand, Match


class HandInline(admin.TabularInline[Hand, Match]):
    model = Hand
    extra = 0
    can_delete = False
    fields = ("number", "code", "starting_seat", "actions", "finished", "updated", "log")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Match | None = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
    """Matches for operators to look at: the server alone writes them (a hand is its log)."""

    list_display = ("public_id", "mode", "level", "created", "updated")
    list_filter = ("mode", "level")
    search_fields = ("public_id", "hands__code")
    date_hierarchy = "updated"
    inlines = (HandInline,)
    # Changing a log or a total here would make a match disagree with its own replay.
    readonly_fields = ("public_id", "mode", "level", "created", "updated")
    exclude = ("seat0_digest", "seat1_digest")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Match | None = None) -> bool:
        return False
