"""The site works in Chromium under its Content-Security-Policy: no violation, no page error.

Every violation fires a ``securitypolicyviolation`` event in the page; an init
script (run before any of the page's own scripts) records them in
``window.__cspViolations``. Chromium also reports each one as a console error,
which the ``problems`` fixture (tests/browser/conftest.py) turns into a
failure, together with uncaught errors and our requests that failed.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tests.browser.helpers import PageProblems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  const what = event.blockedURI || "inline";
  window.__cspViolations.push(`${event.violatedDirective} refused ${what} (${where})`);
});
"""

WAIT_MS = 15_000
FIRST_BOARD = "() => performance.getEntriesByName('miaojong:first-board').length > 0"
POLICY_START = "default-src 'self'; script-src 'self'; style-src 'self'"


@pytest.fixture
def csp_page(page: Page, live_server: Any, problems: PageProblems) -> Page:
    page.set_default_timeout(WAIT_MS)
    page.add_init_script(RECORD_VIOLATIONS)
    return page


def open_page(page: Page, url: str) -> None:
    response = page.goto(url)
    assert response is not None and response.ok, url
    assert response.headers["content-security-policy"].startswith(POLICY_START)


def assert_no_violations(page: Page) -> None:
    # Reports are delivered as tasks after the offending load: let those queued so far run first.
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")
    violations = page.evaluate("() => window.__cspViolations")
    assert violations == [], violations


def test_the_home_page_and_a_rules_page_with_tile_diagrams(
    csp_page: Page, live_server: Any, sample_pages: None
) -> None:
    open_page(csp_page, f"{live_server.url}/en/")
    expect(csp_page.locator("main h1")).to_be_visible()
    assert_no_violations(csp_page)
    open_page(csp_page, f"{live_server.url}/en/rules/")
    expect(csp_page.locator("figure.tile-diagram svg").first).to_be_visible()
    assert_no_violations(csp_page)


def test_the_play_page_draws_its_board(csp_page: Page, live_server: Any) -> None:
    open_page(csp_page, f"{live_server.url}/en/mahjong/play/")
    csp_page.wait_for_function(FIRST_BOARD)
    assert_no_violations(csp_page)


def test_the_api_docs_show_every_endpoint(csp_page: Page, live_server: Any) -> None:
    open_page(csp_page, f"{live_server.url}/api/docs/")
    # Swagger UI ran (its bundle, the start-up script) and fetched the schema.
    expect(csp_page.locator(".swagger-ui .info .title")).to_contain_text("Miaojong API")
    expect(csp_page.locator(".opblock-summary-path", has_text="/api/scores/").first).to_be_visible()
    assert_no_violations(csp_page)


def test_the_admin_login_and_change_lists(csp_page: Page, live_server: Any) -> None:
    get_user_model().objects.create_superuser("boss", "boss@example.com", "a long passphrase 42")
    open_page(csp_page, f"{live_server.url}/admin/login/")
    assert_no_violations(csp_page)
    csp_page.fill("input[name=username]", "boss")
    csp_page.fill("input[name=password]", "a long passphrase 42")
    csp_page.click("input[type=submit]")
    expect(csp_page.locator("#user-tools")).to_contain_text("boss")
    for path in ("/admin/game/score/", "/admin/auth/user/"):
        open_page(csp_page, f"{live_server.url}{path}")
        expect(csp_page.locator("#changelist")).to_be_visible()
        assert_no_violations(csp_page)
    # The actions bar and its "select all" checkbox are the admin's own scripts at work.
    csp_page.locator("#action-toggle").check()
    expect(csp_page.locator(".action-counter")).to_contain_text("1 of 1 selected")
    assert_no_violations(csp_page)


def test_the_page_editor_with_its_language_tabs(csp_page: Page, live_server: Any) -> None:
    call_command("load_sample_content", verbosity=0)
    get_user_model().objects.create_superuser("editor", "editor@example.com", "a long passphrase 42")
    open_page(csp_page, f"{live_server.url}/admin/login/?next=/admin/rules/page/")
    csp_page.fill("input[name=username]", "editor")
    csp_page.fill("input[name=password]", "a long passphrase 42")
    csp_page.click("input[type=submit]")
    expect(csp_page.locator("#changelist")).to_be_visible()
    csp_page.locator("#result_list tbody th a").first.click()
    expect(csp_page.locator("#content-main form")).to_be_visible()
    tabs = csp_page.locator(".language-tabs [role=tab]")
    expect(tabs).to_have_text(["EN", "IT", "PL", "RU", "FR"])
    expect(csp_page.locator(".field-title_en")).to_be_visible()
    expect(csp_page.locator(".field-title_it")).to_be_hidden()
    tabs.filter(has_text="IT").click()
    expect(csp_page.locator(".field-title_it")).to_be_visible()
    expect(csp_page.locator(".field-title_en")).to_be_hidden()
    # Fields without translations (the page key, say) stay visible on every tab.
    expect(csp_page.locator(".field-key")).to_be_visible()
    assert_no_violations(csp_page)


def test_the_rummy_tables_lay_a_set_without_a_violation(csp_page: Page, live_server: Any) -> None:
    for path in ("/en/rummy/play/", "/en/rummy/pass-and-play/"):
        open_page(csp_page, f"{live_server.url}{path}")
        csp_page.wait_for_function("() => window.miaojong && window.miaojong.state()?.phase === 'play'")
        # Tiles from the sprite, a set laid: its marks and places come from script, never a style attribute.
        for tile in csp_page.locator("#rummy-rack .rtile").all()[:2]:
            tile.click()
        csp_page.locator("#rummy button[data-action=group]").click()
        expect(csp_page.locator("#rummy-table .rset--invalid .rset-mark")).to_be_visible()
        assert_no_violations(csp_page)
