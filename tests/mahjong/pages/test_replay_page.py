"""The replay page: an accepted game with everything the browser needs to play it back."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import Permission, User
from django.contrib.staticfiles import finders
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from game.mahjong import replays, scoring
from game.mahjong.engine import Game, Status, deal, parse_log
from game.mahjong.engine import play as play_rules
from game.mahjong.engine.play import scoring_rules
from game.mahjong.models import Score
from game.mahjong.replay_pages import script_of
from tests.mahjong.api.conftest import _fresh_throttles, deal_long_ago, make_score, submit_ok
from tests.mahjong.api.test_layouts import engine_graph
from tests.paths import mahjong_path

__all__ = ["_fresh_throttles"]  # generous API rate limits for every test here

LANGUAGES = ["en", "it", "pl", "ru", "fr"]


def replay_script(code: str, mode: str, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The viewer's script of a log, from a replay worked out now (the page serves the stored one)."""
    return script_of(code, mode, log, replays.record(code, mode, parse_log(log)).stored)


CONTROLS = [
    "replay-start",
    "replay-back",
    "replay-play",
    "replay-forward",
    "replay-end",
    "replay-seek",
    "replay-counter",
    "replay-speed",
    "replay-style",
    "replay-canvas",
    "replay-event",
]
JS_FIXTURE = Path(__file__).resolve().parents[2] / "client" / "js" / "engine-games.json"
THROTTLED_TITLES = {
    "en": "Too many replays at once",
    "it": "Troppi replay in poco tempo",
    "pl": "Za dużo powtórek naraz",
    "ru": "Слишком много просмотров подряд",
    "fr": "Trop de parties à revoir d\u2019un coup",
}
HUMAN_STEPS_MS = (800, 1200, 950, 1400, 700)
"""The time between pairs of the games played here: uneven, as a person's (an even pace is held)."""


def config_of(html: str) -> dict[str, Any]:
    match = re.search(r'<script id="replay-config" type="application/json">(.*?)</script>', html, re.S)
    assert match, "no replay-config script"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def played_classic(code: str) -> Game:
    """A classic win with every kind of event: hint, undo, pause, resume, shuffle."""
    game = Game(code, "classic")
    assert game.plan is not None
    game.hint(1000)
    a, b = game.plan[0]
    game.match(a, b, 2000)
    game.undo(3000)
    game.pause(4000)
    game.resume(5000)
    game.shuffle(6000)
    t = 7000
    assert game.plan is not None, "the shuffle found a solvable arrangement"
    for k, (a, b) in enumerate(game.plan):
        game.match(a, b, t)
        t += HUMAN_STEPS_MS[k % len(HUMAN_STEPS_MS)]
    assert game.status is Status.CLEARED
    return game


def played_arcade(code: str) -> Game:
    """An arcade game that clears level 1, goes on to level 2 and stops after two pairs there."""
    game = Game(code, "arcade")
    t = 1000
    for level in (1, 2):
        assert game.plan is not None
        for k, (a, b) in enumerate(game.plan[: None if level == 1 else 2]):
            game.match(a, b, t)
            t += HUMAN_STEPS_MS[k % len(HUMAN_STEPS_MS)]
        if level == 1:
            game.next_level(t)
            t += 1000
    return game


def submitted(
    client: Client, monkeypatch: pytest.MonkeyPatch, mode: str, name: str = "Anna"
) -> tuple[int, Game]:
    """Deal through the API, play with the engine, submit the log: the entry's id and the game."""
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode=mode)
    game = played_classic(dealt["code"]) if mode == "classic" else played_arcade(dealt["code"])
    log = [event.to_json() for event in game.events]
    created = submit_ok(client, dealt["token"], log, name=name)
    return int(created["id"]), game


@pytest.mark.django_db
def test_the_page_shows_the_entry_and_links_to_its_deal(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk, game = submitted(client, monkeypatch, "classic", name="Zoë O'Brien")
    response = client.get(f"/en/mahjong/scores/{pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    entry = Score.objects.get(pk=pk)
    assert "Replay of <bdi>Zoë O&#x27;Brien</bdi>\u2019s game" in html, "the name isolated from the text"
    assert f'<code>{entry.code}</code> <a href="/en/mahjong/play/{entry.code}/">Play this deal</a>' in html
    # One hint (15 s) and one shuffle (30 s): the ranked time, then how it is made up.
    seconds, stopwatch = (game.result().ranked_ms or 0) // 1000, (game.time_ms or 0) // 1000
    assert seconds == stopwatch + 45
    assert f'<dd class="replay-figure">{seconds // 60}:{seconds % 60:02}.' in html
    assert f">{stopwatch // 60}:{stopwatch % 60:02}." in html
    assert " + 0:45 (1 hint, 1 shuffle)</small>" in html
    assert "<dd>Turtle</dd>" in html and "<dd>Classic</dd>" in html
    assert f"<dd>{entry.moves}</dd>" in html
    assert f'<time datetime="{entry.created.isoformat()}">' in html
    assert 'href="/en/mahjong/scores/">1</a>' in html, "its rank, linking to its board"
    for dom_id in CONTROLS:
        assert f'id="{dom_id}"' in html, dom_id
    assert 'type="module" src="/static/mahjong/js/replay.js"' in html
    assert '<script src="/en/jsi18n/"></script>' in html


@pytest.mark.django_db
def test_the_name_is_escaped(client: Client) -> None:
    entry = make_score(name="<script>x</script>", log=[])
    html = client.get(f"/en/mahjong/scores/{entry.pk}/").content.decode()
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


@pytest.mark.django_db
def test_the_script_rebuilds_every_board_the_engine_saw(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk, game = submitted(client, monkeypatch, "classic")
    script = config_of(client.get(f"/en/mahjong/scores/{pk}/").content.decode())["script"]
    entry = Score.objects.get(pk=pk)
    assert script["events"] == entry.log
    assert [e["type"] for e in script["events"][:6]] == [
        "hint",
        "match",
        "undo",
        "pause",
        "resume",
        "shuffle",
    ]
    first = deal(game.code, 1)
    assert script["deal"] == {
        "level": 1,
        "tiles": list(first.tiles),
        "plan": [list(p) for p in first.plan] if first.plan else None,
    }
    assert script["positions"] == [list(p) for p in first.layout.positions]
    assert script["graph"] == engine_graph(first.layout)
    outcomes = script["outcomes"]
    assert len(outcomes) == len(script["events"])
    assert first.plan is not None
    assert outcomes[0] == {"pair": list(first.plan[0])}, "the hint showed the plan's first pair"
    # The shuffle's arrangement is the engine's, on the positions still occupied.
    replayed = Game(game.code, "classic")
    for event in game.events[:5]:
        replayed.apply(event)
    occupied = [face is not None for face in replayed.board.tiles]
    replayed.apply(game.events[5])
    assert outcomes[5]["tiles"] == list(replayed.board.tiles)
    assert [face is not None for face in outcomes[5]["tiles"]] == occupied
    assert outcomes[5]["tiles"] != list(first.tiles), "the tiles moved"
    assert all(outcome is None for outcome in outcomes[6:]), "matches need nothing from the server"
    assert script["result"]["moves"] == entry.moves and script["result"]["time_ms"] == entry.time_ms


@pytest.mark.django_db
def test_an_arcade_replay_carries_the_next_levels_deal(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk, game = submitted(client, monkeypatch, "arcade", name="Arcadia")
    html = client.get(f"/fr/mahjong/classements/{pk}/").content.decode()
    entry = Score.objects.get(pk=pk)
    assert f'href="/fr/mahjong/jouer/{entry.code}/?mode=arcade"' in html
    script = config_of(html)["script"]
    index = next(k for k, e in enumerate(script["events"]) if e["type"] == "next_level")
    second = deal(game.code, 2)
    assert script["outcomes"][index] == {
        "level": 2,
        "tiles": list(second.tiles),
        "plan": [list(p) for p in second.plan] if second.plan else None,
    }
    assert script["result"]["score"] == entry.score and script["result"]["level"] == 2


def test_the_server_script_gives_what_the_node_tests_feed_the_player() -> None:
    """replay_player.test.mjs builds its scripts from engine-games.json; the server's must agree."""
    fixture = json.loads(JS_FIXTURE.read_text(encoding="utf-8"))
    for mode in ("classic", "arcade"):
        game = fixture[mode]
        script = replay_script(fixture["code"], mode, game["events"])
        assert script["deal"]["tiles"] == game["deal"]["tiles"]
        assert script["positions"] == game["deal"]["positions"]
        assert script["graph"] == game["deal"]["graph"]
        for step, outcome in zip(game["steps"], script["outcomes"], strict=True):
            if step["action"] == "shuffle":
                assert outcome == step["result"]
            elif step["action"] == "next_level":
                assert outcome == step["deal"]
            elif step["action"] == "hint":
                assert outcome == {"pair": step["pair"] or None}
            else:
                assert outcome is None


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["classic", "arcade"])
def test_the_config_carries_the_engines_graph_and_scoring(
    client: Client, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    pk, game = submitted(client, monkeypatch, mode)
    config = config_of(client.get(f"/en/mahjong/scores/{pk}/").content.decode())
    layout = game.deal.layout
    assert config["script"]["graph"] == engine_graph(layout)
    for name in ("above", "left", "right"):
        masks = [sum(1 << j for j in indices) for indices in config["script"]["graph"][name]]
        assert masks == list(getattr(layout, name)), name
    assert config["scoring"] == scoring_rules()
    assert config["scoring"]["arcade_shuffles"] == play_rules.ARCADE_SHUFFLES
    fixture = json.loads(JS_FIXTURE.read_text(encoding="utf-8"))
    assert config["scoring"] == fixture["scoring"], "the Node tests score with the engine's constants"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_replay_renders_in_every_language(client: Client, language: str) -> None:
    entry = make_score(name="Anna", log=[])
    with translation.override(language):
        url = reverse("mahjong:replay", args=[entry.pk])
    assert url == mahjong_path(language, "scores", entry.pk)
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert (
        f'<link rel="canonical" href="http://testserver{mahjong_path(language, "scores", entry.pk)}">' in html
    )
    links = dict(re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html))
    assert links == {
        **{code: f"http://testserver{mahjong_path(code, 'scores', entry.pk)}" for code in LANGUAGES},
        "x-default": f"http://testserver/en/mahjong/scores/{entry.pk}/",
    }
    config = config_of(html)
    assert config["language"] == language
    assert len(config["faceNames"]) == 42
    if language != "en":
        assert config["faceNames"]["5B"] != "5 of bamboo"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_id_is_a_translated_404(client: Client, language: str) -> None:
    titles = {
        "en": "Page not found",
        "it": "Pagina non trovata",
        "pl": "Nie znaleziono strony",
        "ru": "Страница не найдена",
        "fr": "Page introuvable",
    }
    response = client.get(mahjong_path(language, "scores", "987654"))
    assert response.status_code == 404
    html = response.content.decode()
    assert f"<h1>{titles[language]}</h1>" in html
    assert f'<html lang="{language}"' in html


OFF_THE_BOARDS = [
    {"hidden": True},
    {"flagged": True},
    {"flagged": True, "rejected": True, "hidden": True},
    {"flagged": True, "approved": True, "rejected": True},
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "status"),
    [*((fields, 404) for fields in OFF_THE_BOARDS), ({"flagged": True, "approved": True}, 200)],
)
def test_only_public_entries_can_be_watched(client: Client, fields: dict[str, bool], status: int) -> None:
    entry = make_score(**fields)
    assert client.get(f"/en/mahjong/scores/{entry.pk}/").status_code == status


@pytest.mark.django_db
@pytest.mark.parametrize("fields", OFF_THE_BOARDS)
def test_a_moderator_may_watch_an_entry_off_the_boards_and_is_told_so(
    client: Client, fields: dict[str, bool]
) -> None:
    entry = make_score(name="Held", **fields)
    moderator = User.objects.create_user("mod", password="a long password for tests", is_staff=True)
    moderator.user_permissions.add(Permission.objects.get(codename="view_score"))
    client.force_login(moderator)
    response = client.get(f"/en/mahjong/scores/{entry.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Only moderators can see this page." in html
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]
    assert "<dt>Rank</dt>" not in html, "no rank: it is on no board"


@pytest.mark.django_db
def test_a_staff_member_without_the_permission_to_view_scores_sees_what_the_public_sees(
    client: Client,
) -> None:
    entry = make_score(flagged=True)
    client.force_login(User.objects.create_user("editor", password="a long password", is_staff=True))
    assert client.get(f"/en/mahjong/scores/{entry.pk}/").status_code == 404


# -- the stored replay -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_submission_stores_the_replay_and_the_page_serves_it_without_replaying(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk, _game = submitted(client, monkeypatch, "classic")
    entry = Score.objects.get(pk=pk)
    assert entry.replay is not None and entry.replay["format"] == replays.FORMAT
    expected = config_of(client.get(f"/en/mahjong/scores/{pk}/").content.decode())["script"]
    assert expected == replay_script(entry.code, entry.mode, entry.log), "what a replay now would give"

    def no_replay(*args: Any) -> Any:
        raise AssertionError("the page replayed the log")

    monkeypatch.setattr(replays, "record", no_replay)
    again = config_of(client.get(f"/en/mahjong/scores/{pk}/").content.decode())["script"]
    assert again == expected


@pytest.mark.django_db
def test_an_entry_stored_without_a_replay_is_shown_from_one_worked_out_and_nothing_is_written(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk, _game = submitted(client, monkeypatch, "arcade")
    stored = Score.objects.get(pk=pk).replay
    assert stored is not None
    Score.objects.filter(pk=pk).update(replay=None)  # as entries stored before replays were
    with CaptureQueriesContext(connection) as queries:
        script = config_of(client.get(f"/en/mahjong/scores/{pk}/").content.decode())["script"]
    assert not [q["sql"] for q in queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert Score.objects.get(pk=pk).replay is None
    assert script["outcomes"] == stored["outcomes"] and script["deal"] == stored["deal"]


@pytest.mark.django_db
def test_the_migration_stores_the_replays_of_entries_stored_without_one(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk, _game = submitted(client, monkeypatch, "classic")
    stored = Score.objects.get(pk=pk).replay
    assert stored is not None
    Score.objects.filter(pk=pk).update(replay=None)
    broken = make_score(log=[{"t": 5, "type": "undo"}])
    migration = importlib.import_module("game.mahjong.migrations.0006_replays_of_old_entries")
    migration.store_replays(django_apps, None)
    again = Score.objects.get(pk=pk).replay
    assert again is not None and again["outcomes"] == stored["outcomes"] and again["dead_end"] is None
    marked = Score.objects.get(pk=broken.pk).replay
    assert marked is not None and not replays.is_stored_form(marked) and "undo" in marked["error"]


@pytest.mark.django_db
def test_an_old_entry_beyond_todays_caps_is_not_replayed_at_all(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry of 1,900 shuffles took 4.4 CPU-s a view; now it is refused before any shuffle."""
    log = [{"t": 1_000 + k, "type": "shuffle"} for k in range(1_900)]
    entry = make_score(log=log, shuffles=1_900)
    monkeypatch.setattr(scoring, "play_back", lambda *args: pytest.fail("replayed"))
    html = client.get(f"/en/mahjong/scores/{entry.pk}/").content.decode()
    assert "This game can no longer be replayed." in html
    assert "30 shuffles" in scoring.late_replay(entry)["error"]


# -- the rate limit --------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_beyond_the_replay_rate_a_friendly_translated_429_answers_at_once(
    client: Client, settings: Any, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "replays": "3/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    entry = make_score(log=[])
    url = mahjong_path(language, "scores", entry.pk)
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    with monkeypatch.context() as patch:
        patch.setattr(Score.objects, "filter", lambda *a, **k: pytest.fail("read the database"))
        response = client.get(url)
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert f"<h1>{THROTTLED_TITLES[language]}</h1>" in html
    other = Client(REMOTE_ADDR="203.0.113.9")
    assert other.get(url).status_code == 200, "another address has a count of its own"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/en/mahjong/scores/99999999999999999999999/", "/en/mahjong/scores/0/", "/en/mahjong/scores/-1/"]
)
def test_ids_that_cannot_exist_are_not_found(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.django_db
def test_an_entry_whose_log_no_longer_replays_is_still_shown(client: Client) -> None:
    entry = make_score(log=[{"t": 5, "type": "undo"}])
    response = client.get(f"/en/mahjong/scores/{entry.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "This game can no longer be replayed." in html
    assert "replay-config" not in html


def test_the_viewer_modules_are_static_files() -> None:
    for name in ("js/replay.js", "js/replay_player.js", "css/replay.css"):
        assert finders.find(f"mahjong/{name}"), name
