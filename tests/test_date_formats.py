"""Dates as each language writes them (site_core/formats): on the server's pages and in the client alike."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess

import pytest
from django.test import Client
from django.utils import formats, timezone, translation

from tests.mahjong.api.conftest import make_score
from tests.paths import mahjong_path

DAY = dt.date(2026, 12, 2)
FIRST = dt.date(2026, 3, 1)

# language: (2 December 2026 in full, the same day short, 1 March 2026 in full)
WRITTEN = {
    "en": ("December 2, 2026", "12/02/2026", "March 1, 2026"),
    "it": ("2 dicembre 2026", "02/12/2026", "1 marzo 2026"),
    "pl": ("2 grudnia 2026", "02.12.2026", "1 marca 2026"),
    "ru": ("2 декабря 2026 г.", "02.12.2026", "1 марта 2026 г."),  # noqa: RUF001 (Russian letters)
    "fr": ("2 décembre 2026", "02/12/2026", "1 mars 2026"),
}
LANGUAGES = list(WRITTEN)


@pytest.mark.parametrize("language", LANGUAGES)
class TestTheFormats:
    def test_a_day_in_full_has_no_leading_zero_and_the_month_as_a_date_writes_it(self, language: str) -> None:
        with translation.override(language):
            assert formats.date_format(DAY, "DATE_FORMAT") == WRITTEN[language][0]
            assert formats.date_format(FIRST, "DATE_FORMAT") == WRITTEN[language][2]

    def test_a_short_day_is_all_digits(self, language: str) -> None:
        with translation.override(language):
            assert formats.date_format(DAY, "SHORT_DATE_FORMAT") == WRITTEN[language][1]

    def test_a_moment_starts_with_its_day_in_full(self, language: str) -> None:
        moment = dt.datetime(2026, 12, 2, 14, 30, tzinfo=dt.UTC)
        with translation.override(language):
            written = formats.date_format(moment, "DATETIME_FORMAT")
        assert written.startswith(WRITTEN[language][0].removesuffix(" г."))  # noqa: RUF001
        assert "14:30" in written or "2:30" in written

    def test_the_client_writes_the_same_day_in_full(self, language: str) -> None:
        node = shutil.which("node")
        if node is None:
            pytest.skip("no node")
        script = (
            'import("./game/core/static/core/js/numbers.js").then((m) => console.log(JSON.stringify('
            f'[m.formatDate("2026-12-02", "{language}", {{timeZone: "UTC"}}),'
            f' m.formatDate("2026-03-01", "{language}", {{timeZone: "UTC"}})])))'
        )
        found = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True, timeout=30)
        assert json.loads(found.stdout) == [WRITTEN[language][0], WRITTEN[language][2]]


def test_italian_months_are_lowercase_inside_a_date_only() -> None:
    with translation.override("it"):
        assert formats.date_format(DAY, "DATE_FORMAT") == "2 dicembre 2026"
        # A month standing alone (a calendar's heading) keeps Django's capital.
        assert formats.date_format(DAY, "YEAR_MONTH_FORMAT") == "Dicembre 2026"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_show_a_day_as_their_language_writes_it(client: Client, language: str) -> None:
    created = dt.datetime(2026, 12, 2, 12, 0, tzinfo=dt.UTC)
    entry = make_score(name="Ada", created=created)
    full, short, _ = WRITTEN[language]
    board = client.get(mahjong_path(language, "scores")).content.decode()
    assert (
        f'<span class="board-date-long">{full}</span><span class="board-date-short">{short}</span>' in board
    )
    replay = client.get(mahjong_path(language, "scores", entry.pk)).content.decode()
    assert f">{full}</time>" in replay
    if timezone.now().date() >= DAY:
        daily = client.get(mahjong_path(language, "scores", "daily") + "?date=2026-12-02").content.decode()
        assert f'<time datetime="2026-12-02">{full}</time>' in daily
