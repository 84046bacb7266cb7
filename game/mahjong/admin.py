"""The Score admin: moderation of the leaderboards, the review queue first.

Entries the server held for review (implausible, not impossible: see
``game.mahjong.api.submissions``) wait under the "Review" filter's "Awaiting
review".  Each entry's page shows in words why it was held, its timing
statistics and a link to its replay (which moderators may watch while the
entry is held); "Approve" ranks the chosen entries, "Reject" keeps them off
the boards for good.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import formats
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .leaderboard import format_time
from .models import Score, ScoreQuerySet


class ReviewFilter(admin.SimpleListFilter):
    """Where an entry stands in moderation: the review queue is "Awaiting review"."""

    title = _("review")
    parameter_name = "review"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            ("awaiting", _("Awaiting review")),
            ("approved", _("Approved")),
            ("rejected", _("Rejected")),
            ("ranked", _("Ranked at once")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Score]) -> QuerySet[Score]:
        value = self.value()
        if value == "awaiting":
            return queryset.filter(flagged=True, approved=False, rejected=False)
        if value == "approved":
            return queryset.filter(flagged=True, approved=True, rejected=False)
        if value == "rejected":
            return queryset.filter(rejected=True)
        if value == "ranked":
            return queryset.filter(flagged=False, rejected=False)
        return queryset


EMPTY = "-"


def _ms(value: Any) -> str:
    if not isinstance(value, int):
        return EMPTY
    return gettext("%(ms)s ms") % {"ms": formats.number_format(value, force_grouping=True)}


def _number(value: Any) -> str:
    return EMPTY if value is None else formats.number_format(value, force_grouping=True)


def reason_text(reason: dict[str, Any], mode: str) -> SafeString:
    """In words, one reason the server stored for holding an entry (submissions.review_reasons).

    The figures are escaped; the links to other entries are the only markup.
    """
    code = reason.get("code")
    if code == "regular_cadence":
        return _filled(
            gettext(
                "Too regular for a person: the intervals between matches vary by %(cv)s of their mean "
                "(held under %(limit)s). A person searching the board for every pair varies far more."
            ),
            cv=_number(reason.get("cv")),
            limit=_number(reason.get("limit")),
        )
    if code == "pace":
        return _filled(
            gettext(
                "Faster than a person plausibly plays: %(pace)s a pair over the whole game "
                "(held under %(limit)s)."
            ),
            pace=_ms(reason.get("ms_per_pair")),
            limit=_ms(reason.get("limit")),
        )
    if code == "quick_resumes":
        return _filled(
            gettext(
                "%(count)s matches came within a second of a resume, while the board had been hidden "
                "(held from %(limit)s on)."
            ),
            count=_number(reason.get("count")),
            limit=_number(reason.get("limit")),
        )
    if code == "far_ahead":

        def shown(value: Any) -> str:
            return format_time(value) if mode == "classic" and isinstance(value, int) else _number(value)

        if "reference" not in reason:  # held before the reference was the layout's approved best
            return _filled(
                gettext(
                    "Far ahead of the board: %(figure)s against a best of %(best)s "
                    "(held beyond %(factor)s times better)."
                ),
                figure=shown(reason.get("figure")),
                best=shown(reason.get("best")),
                factor=_number(reason.get("factor")),
            )
        return _filled(
            gettext(
                "Would take first place far ahead of the layout: %(figure)s against %(reference)s, the "
                "best a moderator approved there, or a game at a person's fastest pace before any (held "
                "beyond %(factor)s times better)."
            ),
            figure=shown(reason.get("figure")),
            reference=shown(reason.get("reference")),
            factor=_number(reason.get("factor")),
        )
    if code == "near_copy":
        return _filled(
            gettext(
                "Nearly the same game as entry %(entry)s of the same deal: %(share)s of the tiles taken "
                "at the same point of the game (held from %(limit)s on). Compare the two replays."
            ),
            entry=_entry_link(reason.get("of")),
            share=_percent(reason.get("likeness")),
            limit=_percent(reason.get("limit")),
        )
    if code == "at_once":
        others = reason.get("with")
        links = [_entry_link(pk) for pk in others] if isinstance(others, list) else []
        return _filled(
            gettext(
                "Played at the same time as %(entries)s, sent from the same address: %(overlap)s at "
                "once. Nobody plays two games at the same time."
            ),
            entries=format_html_join(", ", "{}", ((link,) for link in links)) if links else EMPTY,
            overlap=_ms(reason.get("overlap_ms")),
        )
    return _filled("%(reason)s", reason=str(reason))


def _filled(text: str, **values: Any) -> SafeString:
    """``text`` (ours, translated) with ``values`` put in, escaped unless already safe."""
    return mark_safe(text % {key: conditional_escape(value) for key, value in values.items()})


def _entry_link(pk: Any) -> SafeString | str:
    """An entry's number, linked to its page in the admin."""
    if not isinstance(pk, int):
        return EMPTY
    return format_html('<a href="{}">#{}</a>', reverse("admin:game_score_change", args=[pk]), pk)


def _percent(value: Any) -> str:
    if not isinstance(value, int | float):
        return EMPTY
    return formats.number_format(round(100 * value), force_grouping=True) + " %"


REASON_NAMES = {
    "regular_cadence": _("regular cadence"),
    "pace": _("pace"),
    "quick_resumes": _("quick resumes"),
    "far_ahead": _("far ahead"),
    "near_copy": _("near copy"),
    "at_once": _("games at once"),
}
"""A word for each reason code of ``submissions.review_reasons``, for the queue's list."""


TIMING_LABELS = (
    ("matches", _("Matches"), _number),
    ("intervals", _("Intervals between matches"), _number),
    ("interval_min_ms", _("Shortest interval"), _ms),
    ("interval_p10_ms", _("Interval, 10th percentile"), _ms),
    ("interval_median_ms", _("Interval, median"), _ms),
    ("interval_cv", _("Coefficient of variation of the intervals"), _number),
    ("pauses", _("Pauses"), _number),
    ("matches_after_resume", _("Matches within a second of a resume"), _number),
    ("bursts", _("Bursts (4 matches within 1.2 s)"), _number),
    ("active_ms", _("Active time (pauses left out)"), _ms),
)


@admin.register(Score)
class ScoreAdmin(admin.ModelAdmin[Score]):
    list_display = (
        "name",
        "mode",
        "layout",
        "time_ms",
        "ranked_ms",
        "score",
        "level",
        "hints",
        "shuffles",
        "daily",
        "random_deal",
        "review_state",
        "held_for",
        "replay_link",
        "hidden",
        "created",
    )
    list_filter = (
        ReviewFilter,
        "flagged",
        "approved",
        "rejected",
        "hidden",
        "mode",
        "layout",
        "random_deal",
        "daily",
    )
    search_fields = ("name", "code")
    date_hierarchy = "created"
    actions = ("approve", "reject", "hide", "unhide")
    # Every figure was recomputed by the server from the log: editing them here
    # would make the entry disagree with its own replay. Only moderation fields
    # (and the name, to clean up an offensive one) stay editable; a rejection is
    # final, so it is made by its action only.
    readonly_fields = (
        "code",
        "layout",
        "mode",
        "level",
        "time_ms",
        "ranked_ms",
        "random_deal",
        "score",
        "duration_ms",
        "moves",
        "hints",
        "shuffles",
        "log",
        "token_digest",
        "moves_digest",
        "created",
        "daily",
        "flagged",
        "rejected",
        "review_state",
        "reasons",
        "timing_table",
        "replay_link",
        "played_from",
        "played_until",
    )
    fieldsets = (
        (None, {"fields": ("name", "approved", "hidden")}),
        (
            _("Review"),
            {"fields": ("review_state", "flagged", "rejected", "reasons", "timing_table", "replay_link")},
        ),
        (
            _("Game"),
            {
                "fields": (
                    "code",
                    "layout",
                    "mode",
                    "daily",
                    "random_deal",
                    "level",
                    "time_ms",
                    "ranked_ms",
                    "score",
                    "duration_ms",
                )
            },
        ),
        (pgettext_lazy("admin section", "Play"), {"fields": ("moves", "hints", "shuffles", "log")}),
        (
            _("Submission"),
            {"fields": ("token_digest", "moves_digest", "played_from", "played_until", "created")},
        ),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Score]:
        # The stored replay is large and shown nowhere here.
        return super().get_queryset(request).defer("replay")

    @admin.display(description=_("review"))
    def review_state(self, entry: Score) -> str:
        if entry.rejected:
            return gettext("rejected")
        if entry.flagged:
            return gettext("approved") if entry.approved else gettext("awaiting review")
        return gettext("ranked at once")

    @admin.display(description=_("held for"))
    def held_for(self, entry: Score) -> str:
        """The reasons in a word each, for the queue's list (the entry's page has them in full)."""
        codes = [reason.get("code") for reason in entry.review_reasons if isinstance(reason, dict)]
        return ", ".join(str(REASON_NAMES.get(str(code), code)) for code in codes) or EMPTY

    @admin.display(description=_("why it was held"))
    def reasons(self, entry: Score) -> SafeString | str:
        texts = []
        for reason in entry.review_reasons if isinstance(entry.review_reasons, list) else []:
            texts.append((reason_text(reason, entry.mode) if isinstance(reason, dict) else str(reason),))
        if not texts:
            return gettext("Nothing: the entry was ranked at once.")
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{}</li>", texts))

    @admin.display(description=_("timing statistics"))
    def timing_table(self, entry: Score) -> SafeString | str:
        timing = entry.timing if isinstance(entry.timing, dict) else {}
        if not timing:
            return gettext("None stored (the entry is older than the statistics).")
        rows = [(label, show(timing.get(key))) for key, label, show in TIMING_LABELS]
        return format_html("<table>{}</table>", format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", rows))

    @admin.display(description=_("replay"))
    def replay_link(self, entry: Score) -> SafeString | str:
        if entry.pk is None:
            return EMPTY
        url = reverse("mahjong:replay", args=[entry.pk])
        return format_html(
            '<a href="{}" target="_blank" rel="noopener">{}</a>', url, gettext("Watch the game")
        )

    @admin.action(description=_("Approve: show on the leaderboards"))
    def approve(self, request: HttpRequest, queryset: QuerySet[Score]) -> None:
        count = cast(ScoreQuerySet, queryset).approve()
        self.message_user(
            request,
            ngettext("%d entry approved.", "%d entries approved.", count) % count,
            messages.SUCCESS,
        )
        refused = queryset.filter(rejected=True).count()
        if refused:
            self.message_user(
                request,
                ngettext(
                    "%d entry was rejected before: a rejection is final.",
                    "%d entries were rejected before: a rejection is final.",
                    refused,
                )
                % refused,
                messages.WARNING,
            )

    @admin.action(description=_("Reject: keep off the leaderboards for good"))
    def reject(self, request: HttpRequest, queryset: QuerySet[Score]) -> None:
        count = cast(ScoreQuerySet, queryset).reject()
        self.message_user(
            request, ngettext("%d entry rejected.", "%d entries rejected.", count) % count, messages.SUCCESS
        )

    @admin.action(description=_("Hide from the leaderboards"))
    def hide(self, request: HttpRequest, queryset: QuerySet[Score]) -> None:
        count = queryset.update(hidden=True)
        self.message_user(
            request, ngettext("%d entry hidden.", "%d entries hidden.", count) % count, messages.SUCCESS
        )

    @admin.action(description=_("Show again (undo hide)"))
    def unhide(self, request: HttpRequest, queryset: QuerySet[Score]) -> None:
        # A rejected entry stays hidden: its rejection is final.
        count = queryset.filter(rejected=False).update(hidden=False)
        self.message_user(
            request, ngettext("%d entry shown.", "%d entries shown.", count) % count, messages.SUCCESS
        )
