"""Words and numbers (issue #17): the rules say what the game does, numbers and dates read
as the page's language writes them, and the admin speaks Miaojong's languages correctly."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db.models import Model
from django.test import Client
from django.utils import formats, translation
from django.utils.translation import trans_real

from game.mahjong.engine.dealing import shuffle_tiles
from game.mahjong.engine.layout import get_layout, iter_bits
from game.mahjong.engine.tiles import Face
from game.mahjong.names import LAYOUT_NAMES, layout_name
from rules.content import CONTENT_DIR
from tests.mahjong.api.conftest import make_score
from tests.paths import mahjong_path

LANGUAGES = ["en", "it", "pl", "ru", "fr"]
OUR_APPS = ("game", "rummy", "rules")
INPUT_JS = Path(__file__).resolve().parents[1] / "game" / "mahjong" / "static" / "mahjong" / "js" / "input.js"


def rules_text(language: str) -> str:
    return (CONTENT_DIR / "how-to-play" / f"{language}.md").read_text(encoding="utf-8")


def section(text: str, heading_number: int) -> str:
    """The body of the page's ``heading_number``-th "## " section (0-based)."""
    return re.split(r"^## .*$", text, flags=re.M)[heading_number + 1]


class TestTheRules:
    @pytest.mark.parametrize("language", LANGUAGES)
    def test_they_give_every_layout_by_its_name_with_the_engines_tile_count(self, language: str) -> None:
        text = rules_text(language)
        with translation.override(language):
            for layout_id in LAYOUT_NAMES:
                name, count = layout_name(layout_id), len(get_layout(layout_id).positions)
                assert re.search(rf"^- \*\*{re.escape(name)}\*\* ?: {count} ", text, re.M), (layout_id, name)

    def test_some_layouts_really_have_fewer_than_144_tiles(self) -> None:
        # The list above would be pointless if every layout had the full set.
        counts = {len(get_layout(layout_id).positions) for layout_id in LAYOUT_NAMES}
        assert 144 in counts and min(counts) < 144

    def test_a_shuffle_deals_at_random_when_no_winnable_arrangement_exists_as_they_say(self) -> None:
        # The rules promise a winnable shuffle only where one exists: two tiles left one on
        # top of the other can never be taken, and the engine then merely permutes them.
        layout = get_layout("L00")
        top = next(i for i in range(len(layout)) if layout.below[i])
        beneath = next(iter_bits(layout.below[top]))
        tiles: list[Face | None] = [None] * len(layout)
        tiles[top] = tiles[beneath] = Face("1B")
        shuffled = shuffle_tiles("MJ1-L00-ABCDEFG", 1, 0, tiles)
        assert shuffled.plan is None
        assert sorted(i for i, face in enumerate(shuffled.tiles) if face) == sorted([top, beneath])

    @pytest.mark.parametrize("language", LANGUAGES)
    def test_their_keys_list_has_every_key_the_page_takes(self, language: str) -> None:
        source = INPUT_JS.read_text(encoding="utf-8")
        keys_object = re.search(r"export const KEYS = Object\.freeze\(\{(.*?)\}\)", source, re.S)
        assert keys_object is not None
        letters = re.findall(r"\b([a-z]): \"", keys_object.group(1))
        assert {"h", "u", "s", "t", "p", "n", "z"} <= set(letters)
        text = rules_text(language)
        # The keys list: from its first key to the empty line after it.
        listed = text[text.index("- **H**") :].split("\n\n", 1)[0].splitlines()
        for letter in letters:
            assert f"- **{letter.upper()}**" in "\n".join(listed), (language, letter)
        # Then the arrows (moving the focus ring) and Enter or Space (selecting in it).
        assert "ArrowLeft" in source and "Enter" in source
        assert len(listed) == len(letters) + 2
        arrows, select = listed[-2:]
        assert arrows.startswith("- **") and re.match(r"- \*\*[^*]+\*\* \w+ \*\*[^*]+\*\*", select), select

    @pytest.mark.parametrize("language", LANGUAGES)
    def test_they_no_longer_give_144_tiles_as_every_boards_size(self, language: str) -> None:
        home = (CONTENT_DIR / "home" / f"{language}.md").read_text(encoding="utf-8")
        goal = {
            "en": "Clear the board: all 144 tiles",
            "it": "Svuota il tavolo: tutte le 144 tessere",
            "pl": "Oczyść planszę ze wszystkich 144 kamieni",
            "ru": "Очистите поле: уберите все 144 фишки",
            "fr": "Videz le plateau : les 144 tuiles",
        }[language]
        assert goal not in rules_text(language)
        assert "12" in home or any(
            word in home for word in ("twelve", "dodici", "dwunastu", "двенадцати", "douze")
        )


class TestNumbersAndDates:
    # 16 900 as each language's pages write it (Django's formats, grouping forced).
    SCORE = {"en": "16,900", "it": "16.900", "pl": "16\xa0900", "ru": "16\xa0900", "fr": "16\xa0900"}

    @pytest.mark.django_db
    @pytest.mark.parametrize("language", LANGUAGES)
    def test_the_arcade_board_groups_a_score_as_its_language_does(
        self, client: Client, language: str
    ) -> None:
        make_score(mode="arcade", name="Ada", score=16_900, level=4)
        response = client.get(mahjong_path(language, "scores") + "?mode=arcade")
        html = response.content.decode()
        assert f'<td class="board-figure">{self.SCORE[language]}' in html
        others = set(self.SCORE.values()) - {self.SCORE[language]}
        assert not any(f">{other}" in html for other in others)

    @pytest.mark.django_db
    @pytest.mark.parametrize(
        ("language", "written"),
        [
            ("en", "November 2, 2025"),
            ("it", "2 novembre 2025"),
            ("pl", "2 listopada 2025"),
            ("ru", "2 ноября 2025"),
            ("fr", "2 novembre 2025"),
        ],
    )
    def test_the_daily_board_gives_its_day_in_the_pages_language(
        self, client: Client, language: str, written: str
    ) -> None:
        response = client.get(mahjong_path(language, "scores", "daily") + "?date=2025-11-02")
        assert response.status_code == 200
        assert f'<time datetime="2025-11-02">{written}' in response.content.decode()

    @pytest.mark.django_db
    @pytest.mark.parametrize("language", LANGUAGES)
    def test_a_replay_groups_its_score_and_its_moves(self, client: Client, language: str) -> None:
        entry = make_score(mode="arcade", name="Ada", score=16_900, level=15, moves=1_234, log=[])
        html = client.get(mahjong_path(language, "scores", entry.pk)).content.decode()
        moves = {"en": "1,234", "it": "1.234", "pl": "1\xa0234", "ru": "1\xa0234", "fr": "1\xa0234"}[language]
        assert f'<dd class="replay-figure">{self.SCORE[language]}' in html
        assert f"<dd>{moves}</dd>" in html

    def test_the_formats_agree_with_the_client_helper_on_grouping(self) -> None:
        # numbers.js forces grouping too: a four-digit Polish score is grouped on both sides.
        with translation.override("pl"):
            assert formats.number_format(5000, force_grouping=True) == "5\xa0000"
        with translation.override("en"):
            assert formats.date_format(dt.date(2026, 12, 2), "DATE_FORMAT") == "December 2, 2026"


def our_models() -> list[type[Model]]:
    return [model for model in apps.get_models() if model._meta.app_label in OUR_APPS]


class TestTheAdmin:
    def test_every_model_of_ours_names_its_plural_itself(self) -> None:
        # Django's default plural is the singular plus "s": "Wyniks", "Punteggios".
        for model in our_models():
            assert "verbose_name_plural" in model._meta.original_attrs, model

    @pytest.mark.parametrize("language", ["it", "pl", "ru", "fr"])
    def test_every_model_and_app_name_is_in_the_languages_catalogue(self, language: str) -> None:
        # In the catalogue, not just different from English: French "page" is French too.
        catalogue = trans_real.translation(language)._catalog  # type: ignore[attr-defined]
        keys = [key[0] if isinstance(key, tuple) else key for key, text in catalogue.items() if text]
        translated = {key.split("\x04")[-1] for key in keys}  # without a context ("model\x04score")
        for model in our_models():
            meta = model._meta
            with translation.override("en"):
                english = {str(meta.verbose_name), str(meta.verbose_name_plural)}
            assert english <= translated, (model, english - translated)
            with translation.override(language):
                singular, plural = str(meta.verbose_name), str(meta.verbose_name_plural)
            assert plural != singular, (model, plural)
        for label in OUR_APPS:
            with translation.override("en"):
                assert str(apps.get_app_config(label).verbose_name) in translated, label

    @pytest.fixture
    def boss(self, db: None) -> Client:
        client = Client()
        client.force_login(User.objects.create_superuser("boss", password="a long password for tests"))
        return client

    @pytest.mark.parametrize(
        ("language", "sections"),
        [
            ("pl", ["Zasady i strony", "Rummy z płytkami", "Wyniki", "Strony", "Pytania z FAQ"]),
            ("fr", ["Règles et pages", "Rummy à tuiles", "Scores", "Pages", "Questions fréquentes"]),
        ],
    )
    def test_the_index_is_branded_and_its_sections_are_translated(
        self, boss: Client, language: str, sections: list[str]
    ) -> None:
        html = boss.get("/admin/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "Miaojong" in re.search(r"<title>(.*?)</title>", html, re.S).group(1)  # type: ignore[union-attr]
        assert re.search(r'<div id="site-name"><a href="/admin/">[^<]*Miaojong', html)
        assert "Django" not in re.search(r'<div id="site-name">.*?</div>', html, re.S).group(0)  # type: ignore[union-attr]
        for name in sections:
            assert f">{name}<" in html, name
        assert "Wyniks" not in html and ">Game<" not in html and ">GAME<" not in html

    @pytest.mark.parametrize(
        ("language", "title"),
        [("pl", "Zmiana: strona"), ("ru", "Изменение: страница"), ("it", "Modifica pagina")],
    )
    def test_a_change_page_names_the_model_in_a_form_its_language_accepts(
        self, boss: Client, language: str, title: str
    ) -> None:
        from rules.models import Page

        page = Page.objects.first() or Page.objects.create(key="about")  # the data migration's, if any
        html = boss.get(
            f"/admin/rules/page/{page.pk}/change/", HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        assert f"| {title} |" in re.search(r"<title>(.*?)</title>", html, re.S).group(1)  # type: ignore[union-attr]
        assert f"<h2>{title}</h2>" in html or f">{title}<" in html
        assert "Zmień strona" not in html and "Изменить страница" not in html

    def test_the_polish_list_and_add_pages_avoid_the_nominative_too(self, boss: Client) -> None:
        html = boss.get("/admin/rules/page/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
        assert "Wybór do zmiany: strona" in html and "Dodaj: strona" in html
        html = boss.get("/admin/rules/page/add/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
        assert "<title>Dodawanie: strona |" in html


def catalogue_texts(language: str) -> list[str]:
    """Every translation in the language's .po files (ours: the root's and each game's)."""
    root = Path(__file__).resolve().parents[1]
    paths = [root / "locale" / language / "LC_MESSAGES" / "django.po"]
    paths += sorted((root / "game").glob(f"*/locale/{language}/LC_MESSAGES/*.po"))
    texts = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', text, re.M):
            texts.append("".join(re.findall(r'"(.*)"', block)))
    return [text for text in texts if text]


def content_texts(language: str) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(CONTENT_DIR.rglob(f"{language}.md"))]


class TestTheWording:
    # Slips found in #17, with the word each language uses instead.
    SLIPS = [
        ("ru", r"расклад(?!к|ок|ыв)", "a deal is a раздача; раскладка is a layout"),
        ("fr", r"(?i)rediffusion", "a replay is « revoir la partie », not a broadcast"),
        ("pl", r"Zagraj (to|dzisiejsze) rozdanie", "one plays a deal through: Rozegraj"),
        ("pl", r"Storczyk", "the rules call the flower orchidea"),
        ("it", r"lasceranno il tavolo", "tiles are taken off the table: verranno tolte"),
    ]

    @pytest.mark.parametrize(("language", "pattern", "why"), SLIPS)
    def test_a_slip_is_gone_from_the_catalogues_and_the_texts(
        self, language: str, pattern: str, why: str
    ) -> None:
        for text in catalogue_texts(language) + content_texts(language):
            assert not re.search(pattern, text), (why, re.search(pattern, text))

    @pytest.mark.parametrize("language", ["it", "pl", "ru", "fr"])
    def test_the_rules_name_the_flowers_and_seasons_as_the_game_does(self, language: str) -> None:
        from game.mahjong.names import face_name

        tiles = section(rules_text(language), 0).lower()
        with translation.override(language):
            names = [face_name(face).lower() for face in ("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4")]
        for name in names:
            assert name in tiles, (language, name)

    def test_the_replay_page_says_tile_style_in_english(self) -> None:
        template = Path(__file__).resolve().parents[1] / "game/mahjong/templates/mahjong/replay.html"
        assert "Tile style" in template.read_text(encoding="utf-8")
        assert "Tiles style" not in template.read_text(encoding="utf-8")
