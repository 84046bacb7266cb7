"""The texts as files (rules/content/) and the frozen copy of the data migration."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from rules.content import CONTENT_DIR, ContentError, read_faq_entries, read_pages
from rules.content.files import parse_document, parse_settings
from rules.content.loading import load_content, sample_digest
from rules.models import FaqEntry, Page

from .conftest import FAQ_ENTRIES, LANGUAGES, PAGES

MIGRATIONS = Path(__file__).resolve().parents[2] / "rules" / "migrations"
FROZEN = MIGRATIONS / "data" / "0005_initial_content.json"
# The data migrations in the order they run; a later one's rows replace an earlier one's (by key).
DATA_MIGRATIONS = ["0005_initial_content", "0006_rummy_content"]
# Records which fields still hold the texts of the two above (sample_digests).
SAMPLE_DIGESTS_MIGRATION = "0007_content_version_and_sample_digests"
FIRST_PAGE_KEYS = {"home", "how-to-play", "strategy", "history", "faq", "about"}
RUMMY_PAGE_KEYS = {"rummy-rules", "rummy-strategy"}
PAGE_KEYS = FIRST_PAGE_KEYS | RUMMY_PAGE_KEYS
PAGE_TEXTS = ("title", "slug", "summary", "body")
ENTRY_TEXTS = ("question", "answer")


def test_every_page_has_a_markdown_file_in_every_language_with_every_field_filled() -> None:
    folders = {path.parent.name for path in CONTENT_DIR.glob("*/page.txt")}
    assert folders == PAGE_KEYS
    for key in PAGE_KEYS:
        for language in LANGUAGES:
            path = CONTENT_DIR / key / f"{language}.md"
            assert path.is_file(), path
            header, body = parse_document(path.read_text(encoding="utf-8"), ("title", "slug", "summary"))
            assert all(header.values()) and body, path
    for page in PAGES:
        assert set(page.texts) == set(LANGUAGES)
        for language in LANGUAGES:
            assert all(page.texts[language][field] for field in ("title", "slug", "summary", "body"))


def test_every_faq_entry_has_a_markdown_file_in_every_language_with_a_question_and_an_answer() -> None:
    assert len(FAQ_ENTRIES) >= 6
    for entry in FAQ_ENTRIES:
        folder = CONTENT_DIR / "faq" / "entries" / f"{entry.order}-{entry.key}"
        for language in LANGUAGES:
            assert (folder / f"{language}.md").is_file()
            assert entry.texts[language]["question"] and entry.texts[language]["answer"]


def test_slugs_are_unique_in_each_language() -> None:
    for language in LANGUAGES:
        slugs = [page.texts[language]["slug"] for page in PAGES]
        assert len(slugs) == len(set(slugs)) == len(PAGE_KEYS), language


def test_pages_and_entries_come_in_their_order_with_their_menu_flag() -> None:
    assert [page.key for page in PAGES] == [
        "home",
        "how-to-play",
        "strategy",
        "history",
        "rummy-rules",
        "rummy-strategy",
        "faq",
        "about",
    ]
    # The footer links the about page and Tile Rummy's strategy (the menu has no room for it on a phone).
    footer = {"about", "rummy-strategy"}
    assert {page.key for page in PAGES if not page.in_menu} == footer
    orders = [entry.order for entry in FAQ_ENTRIES]
    assert orders == sorted(orders) and orders[0] == 10


def test_the_french_files_are_written_with_plain_spaces_and_get_no_break_spaces_when_read() -> None:
    raw = (CONTENT_DIR / "faq" / "entries" / "10-free" / "fr.md").read_text(encoding="utf-8")
    assert "gratuit ?" in raw and "\u00a0" not in raw
    entry = next(entry for entry in FAQ_ENTRIES if entry.key == "free")
    assert entry.texts["fr"]["question"].endswith("gratuit\u00a0?")
    assert entry.texts["en"]["question"] == "Is Miaojong free?"


def test_a_document_is_a_header_between_dashes_then_the_body() -> None:
    header, body = parse_document(
        "---\ntitle: A: b\n# a comment\nslug: a-b\n---\n\n## Body\n\nText.\n", ("title", "slug")
    )
    assert header == {"title": "A: b", "slug": "a-b"}
    assert body == "## Body\n\nText."


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("title: x\n---\nbody", "must start"),
        ("---\ntitle: x\nbody", "not closed"),
        ("---\ntitle: x\ncolour: red\n---\n", "unknown name 'colour'"),
        ("---\ntitle: x\ntitle: y\n---\n", "given twice"),
        ("---\ntitle:\n---\n", "'title' is empty"),
        ("---\n---\nbody", "lacks title"),
        ("---\njust words\n---\n", "expected 'name: value'"),
    ],
)
def test_a_broken_document_is_refused_with_the_file_and_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ContentError, match=problem) as error:
        parse_document(text, ("title",), path="somewhere/en.md")
    assert "somewhere/en.md" in str(error.value)


def test_page_settings_are_an_order_and_a_menu_flag() -> None:
    assert parse_settings("order: 20\nmenu: no\n") == (20, False)
    assert parse_settings("# comment\norder: 5\n") == (5, True)
    with pytest.raises(ContentError, match="whole number"):
        parse_settings("order: first\n")
    with pytest.raises(ContentError, match="'yes' or 'no'"):
        parse_settings("order: 1\nmenu: maybe\n")


def _write_page(root: Path, key: str, slug: str, *, skip: str = "") -> None:
    folder = root / key
    folder.mkdir(parents=True)
    (folder / "page.txt").write_text("order: 1\n", encoding="utf-8")
    for language in LANGUAGES:
        if language != skip:
            text = f"---\ntitle: {key} {language}\nslug: {slug}\nsummary: s\n---\nBody {language}.\n"
            (folder / f"{language}.md").write_text(text, encoding="utf-8")


def test_a_missing_language_file_or_a_repeated_slug_is_refused(tmp_path: Path) -> None:
    _write_page(tmp_path / "one", "alpha", "same", skip="pl")
    with pytest.raises(ContentError, match=r"pl\.md: missing"):
        read_pages(tmp_path / "one")
    _write_page(tmp_path / "two", "alpha", "same")
    _write_page(tmp_path / "two", "beta", "same")
    with pytest.raises(ContentError, match="more than one page has the en slug same"):
        read_pages(tmp_path / "two")


def test_an_entry_folder_must_be_named_by_order_and_key(tmp_path: Path) -> None:
    (tmp_path / "faq" / "entries" / "free").mkdir(parents=True)
    with pytest.raises(ContentError, match="'<order>-<key>'"):
        read_faq_entries(tmp_path)


@pytest.mark.django_db
def test_load_content_reads_the_files_again_on_each_call(tmp_path: Path) -> None:
    _write_page(tmp_path, "alpha", "alpha")
    (first,) = load_content(Page, FaqEntry, root=tmp_path)
    assert first.added
    assert Page.objects.get(key="alpha").body_ru == "Body ru."  # type: ignore[attr-defined]  # a modeltranslation column
    text = (tmp_path / "alpha" / "ru.md").read_text(encoding="utf-8")
    (tmp_path / "alpha" / "ru.md").write_text(text.replace("Body ru.", "Новый текст."), encoding="utf-8")
    (second,) = load_content(Page, FaqEntry, root=tmp_path)
    # Nobody had edited the Russian body since it was loaded: it follows the file.
    assert (second.added, second.refreshed, second.kept) == (False, ["body_ru"], [])
    assert Page.objects.get(key="alpha").body_ru == "Новый текст."  # type: ignore[attr-defined]  # a modeltranslation column


@pytest.mark.django_db
def test_a_field_an_editor_changed_no_longer_follows_the_files(tmp_path: Path) -> None:
    _write_page(tmp_path, "alpha", "alpha")
    load_content(Page, FaqEntry, root=tmp_path)
    page = Page.objects.get(key="alpha")
    page.body_ru = "Текст редактора."  # type: ignore[attr-defined]  # a modeltranslation column
    page.save()
    for language in ("ru", "it"):
        path = tmp_path / "alpha" / f"{language}.md"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(f"Body {language}.", f"New {language}."), encoding="utf-8")
    (result,) = load_content(Page, FaqEntry, root=tmp_path)
    assert (result.refreshed, result.kept) == (["body_it"], ["body_ru"])
    page.refresh_from_db()
    assert (page.body_ru, page.body_it) == ("Текст редактора.", "New it.")  # type: ignore[attr-defined]  # modeltranslation columns


@pytest.mark.parametrize("name", [*DATA_MIGRATIONS, SAMPLE_DIGESTS_MIGRATION])
def test_the_data_migrations_import_no_live_code(name: str) -> None:
    tree = ast.parse((MIGRATIONS / f"{name}.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    assert imported, "no imports found: the test reads the wrong file"
    allowed = {"contextlib", "json", "time", "pathlib", "hashlib", "secrets", "django"}
    assert all(name.split(".")[0] in allowed for name in imported)


def frozen(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((MIGRATIONS / "data" / f"{name}.json").read_text(encoding="utf-8"))
    return data


def frozen_rows() -> dict[str, dict[str, dict[str, Any]]]:
    """What a fresh database holds after every data migration: fields by model and key."""
    rows: dict[str, dict[str, dict[str, Any]]] = {"pages": {}, "faq_entries": {}}
    for name in DATA_MIGRATIONS:
        data = frozen(name)
        for kind in rows:
            rows[kind] |= {row["key"]: row["fields"] for row in data[kind]}
    return rows


def test_the_frozen_data_has_every_page_and_entry_in_every_language_with_english_plain_columns() -> None:
    data = json.loads(FROZEN.read_text(encoding="utf-8"))
    assert {row["key"] for row in data["pages"]} == FIRST_PAGE_KEYS
    assert len(data["faq_entries"]) >= 6
    rummy = frozen("0006_rummy_content")
    assert {row["key"] for row in rummy["pages"]} == RUMMY_PAGE_KEYS | {"home"}  # home now names both games
    assert all(row["key"].startswith("rummy-") for row in rummy["faq_entries"]) and rummy["faq_entries"]
    for rows, fields in (
        (data["pages"] + rummy["pages"], PAGE_TEXTS),
        (data["faq_entries"] + rummy["faq_entries"], ENTRY_TEXTS),
    ):
        for row in rows:
            values = row["fields"]
            assert values["published"] is True
            for field in fields:
                assert values[field] == values[f"{field}_en"]
                assert all(values[f"{field}_{language}"] for language in LANGUAGES), (row["key"], field)


def test_the_data_migrations_together_hold_every_page_and_entry_of_the_files() -> None:
    rows = frozen_rows()
    assert set(rows["pages"]) == {page.key for page in PAGES}
    assert set(rows["faq_entries"]) == {entry.key for entry in FAQ_ENTRIES}


def test_the_frozen_rummy_rows_have_the_fields_load_sample_content_writes() -> None:
    for row in frozen("0006_rummy_content")["pages"]:
        page = next(page for page in PAGES if page.key == row["key"])
        assert row["fields"]["order"] == page.order and row["fields"]["in_menu"] == page.in_menu
        assert set(row["fields"]) == {"order", "published", "in_menu"} | {
            f"{field}{suffix}" for field in PAGE_TEXTS for suffix in ["", *(f"_{code}" for code in LANGUAGES)]
        }
    for row in frozen("0006_rummy_content")["faq_entries"]:
        entry = next(entry for entry in FAQ_ENTRIES if entry.key == row["key"])
        assert row["fields"]["order"] == entry.order


@pytest.mark.django_db
def test_a_fresh_database_has_the_frozen_texts_of_the_migrations() -> None:
    rows = frozen_rows()
    for model, kind in ((Page, "pages"), (FaqEntry, "faq_entries")):
        assert model.objects.count() == len(rows[kind])
        for key, fields in rows[kind].items():
            obj = model.objects.get(key=key)
            for name, value in fields.items():
                if name not in PAGE_TEXTS + ENTRY_TEXTS:  # the active language's, through modeltranslation
                    assert getattr(obj, name) == value, (key, name)


@pytest.mark.django_db
def test_a_fresh_database_counts_what_the_data_migrations_wrote_as_sample_text() -> None:
    rows = frozen_rows()
    for model, kind in ((Page, "pages"), (FaqEntry, "faq_entries")):
        for key, fields in rows[kind].items():
            expected = {
                name: sample_digest(value)
                for name, value in fields.items()
                if name not in PAGE_TEXTS + ENTRY_TEXTS
            }
            assert model.objects.get(key=key).sample_digests == expected, key


@pytest.mark.parametrize("value", ["", "Jak grać", "« À propos »", 40, True, None])
def test_the_frozen_digest_of_the_migration_is_the_loaders(value: object) -> None:
    migration = importlib.import_module(f"rules.migrations.{SAMPLE_DIGESTS_MIGRATION}")
    assert migration.digest(value) == sample_digest(value)
    assert len(sample_digest(value)) == 64
