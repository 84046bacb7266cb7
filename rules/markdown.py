"""Page bodies and FAQ answers: Markdown turned into safe HTML.

The format is CommonMark (rendered with markdown-it-py), with these rules:

* HTML written in a text is never passed through: it shows as typed;
* links may only lead to ``http:``/``https:`` addresses, ``mailto:`` or
  relative addresses (``/fr/regles/``, ``#pairs``); anything else
  (``javascript:``, ``data:``...) is left as plain text; images are off;
* every heading gets an ``id`` made from its text (unique in the text), and
  :attr:`RenderedBody.contents` lists the second-level ones for a table of
  contents;
* a line break inside a paragraph is a space, as in the old format;
* a fenced block whose info string names a registered fence (```` ```tiles ````)
  is drawn by the renderer registered for it; any other fenced block is shown
  as code.

Other apps register their fences at start-up, e.g. in ``AppConfig.ready()``::

    register_fence("tiles", render, errors=check, help_text=HELP)

``render(content, show_errors)`` returns the block's safe HTML: on a mistake
it shows a notice when ``show_errors`` is true (staff previews) and otherwise
nothing (public pages), logging a warning itself. ``errors(text)`` lists
every problem of that kind of block in a whole text, for the admin's check
(:func:`fence_errors`); ``help_text`` is added to the admin's help for the
text fields. A fence that is never closed is shown as code, with a warning in
the log, rather than swallowing the rest of the text.

The checkers find their blocks with :func:`fenced_blocks`: the very parser that
renders the text, so a block is checked exactly when it is drawn.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

logger = logging.getLogger("rules.markdown")

FenceRenderer = Callable[[str, bool], SafeString]
"""``render(content, show_errors)``: the safe HTML of one fenced block."""
FenceChecker = Callable[[str], Sequence[str]]
"""``errors(text)``: messages for the staff about every block of that fence in a text."""


@dataclass(frozen=True)
class Fence:
    name: str
    render: FenceRenderer
    errors: FenceChecker | None = None
    help_text: Any = None  # a str or a lazy translation


_FENCES: dict[str, Fence] = {}


def register_fence(
    name: str, render: FenceRenderer, *, errors: FenceChecker | None = None, help_text: Any = None
) -> None:
    """Draw fenced blocks ```` ```name ```` with ``render`` (registering a name again replaces it)."""
    if not re.fullmatch(r"[A-Za-z][\w-]*", name):
        raise ValueError(f"not a fence name: {name!r}")
    _FENCES[name] = Fence(name, render, errors, help_text)


def unregister_fence(name: str) -> None:
    """Forget a fence (its blocks are shown as code again); for tests mostly."""
    _FENCES.pop(name, None)


def registered_fences() -> list[Fence]:
    return list(_FENCES.values())


def fence_errors(source: str) -> list[str]:
    """What the registered checkers say about the fenced blocks of ``source``.

    A checker that fails is reported as a problem: it must never break the admin.
    """
    messages: list[str] = []
    if not source:
        return messages
    for fence in registered_fences():
        if fence.errors is None:
            continue
        try:
            messages.extend(str(message) for message in fence.errors(source) or ())
        except Exception as error:  # a checker must never break the admin
            logger.exception("the checker of the %r fence failed", fence.name)
            messages.append(f"{fence.name}: {error}")
    return messages


@dataclass
class Heading:
    level: int
    text: str
    anchor: str


@dataclass
class RenderedBody:
    html: SafeString
    headings: list[Heading] = field(default_factory=list)

    @property
    def contents(self) -> list[Heading]:
        """The second-level headings, for a table of contents."""
        return [heading for heading in self.headings if heading.level == 2]


_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})


class _SafeMarkdown(MarkdownIt):
    def validateLink(self, url: str) -> bool:  # markdown-it's name
        """Only web and mail addresses, or relative ones (no ``javascript:``, ``data:``...)."""
        scheme = _SCHEME.match(url.strip())
        return scheme is None or scheme.group(1).lower() in ALLOWED_SCHEMES


def _plain(inline: Token) -> str:
    """The text of a heading without its markup."""
    return "".join(
        " " if child.type in ("softbreak", "hardbreak") else child.content
        for child in inline.children or []
        if child.type in ("text", "code_inline", "softbreak", "hardbreak")
    ).strip()


def _heading_anchors(state: StateCore) -> None:
    """Give every heading an ``id`` and note it in ``env["headings"]``."""
    headings: list[Heading] = state.env.setdefault("headings", [])
    taken = {heading.anchor for heading in headings}
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        text = _plain(tokens[index + 1])
        base = slugify(text, allow_unicode=True) or "section"
        anchor, number = base, 2
        while anchor in taken:
            anchor, number = f"{base}-{number}", number + 1
        taken.add(anchor)
        token.attrSet("id", anchor)
        headings.append(Heading(int(token.tag[1:]), text, anchor))


def _is_closed(token: Token, lines: list[str]) -> bool:
    """Whether a fence ends with its closing line (an unclosed one runs to the end of the text)."""
    if token.map is None:
        return True
    last = token.map[1] - 1
    if last <= token.map[0] or last >= len(lines):
        return False
    closing = lines[last].strip()
    marker = token.markup[0]
    return len(closing) >= len(token.markup) and closing == marker * len(closing)


@dataclass(frozen=True)
class FencedBlock:
    """A fenced block of a text, as the renderer reads it."""

    content: str
    opening_line: int
    """The line of its opening fence in the text (counted from 1)."""
    closed: bool
    """Whether a closing fence ends it (an unclosed block is shown as code, never drawn)."""

    @property
    def first_line(self) -> int:
        """The line of the text where its content begins."""
        return self.opening_line + 1


def fenced_blocks(source: str, name: str) -> list[FencedBlock]:
    """The fenced blocks of ``source`` whose info string names ``name``, in order."""
    text = (source or "").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    blocks = []
    for token in _MARKDOWN.parse(text, {"show_errors": False, "lines": lines, "headings": []}):
        if token.type != "fence" or _fence_name(token) != name or token.map is None:
            continue
        blocks.append(FencedBlock(token.content, token.map[0] + 1, _is_closed(token, lines)))
    return blocks


def _fence_name(token: Token) -> str:
    info = token.info.strip()
    return info.split(maxsplit=1)[0] if info else ""


def _render_fence(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    token = tokens[idx]
    name = _fence_name(token)
    fence = _FENCES.get(name)
    if fence is None:
        return RendererHTML.fence(self, tokens, idx, options, env)
    line = (token.map[0] + 1) if token.map else 0
    if not _is_closed(token, env["lines"]):
        logger.warning("page text: the ```%s block on line %s is never closed", name, line)
        return RendererHTML.fence(self, tokens, idx, options, env)
    show_errors = bool(env.get("show_errors"))
    try:
        html = str(fence.render(token.content, show_errors))
    except Exception:  # a broken block never breaks a page
        logger.exception("page text: the ```%s block on line %s could not be drawn", name, line)
        return RendererHTML.fence(self, tokens, idx, options, env) if show_errors else ""
    return f"{html}\n" if html else ""


def _softbreak(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return " "


def _build() -> MarkdownIt:
    md = _SafeMarkdown("commonmark", {"html": False, "xhtmlOut": False, "typographer": False})
    md.disable("image")
    md.core.ruler.push("heading_anchors", _heading_anchors)
    md.add_render_rule("fence", _render_fence)
    md.add_render_rule("softbreak", _softbreak)
    return md


_MARKDOWN = _build()


def render_body(source: str, *, show_errors: bool = False) -> RenderedBody:
    """Render a body or an answer; also returns its headings.

    ``show_errors`` (staff previews) lets a fence's renderer show a notice
    for a broken block instead of leaving it out.
    """
    text = (source or "").replace("\r\n", "\n").replace("\r", "\n")
    env: dict[str, Any] = {"show_errors": show_errors, "lines": text.split("\n"), "headings": []}
    html = _MARKDOWN.render(text, env).strip()
    # Safe: the source's HTML is escaped (html is off), link targets are
    # checked, and registered fences return SafeString.
    return RenderedBody(mark_safe(html), list(env["headings"]))


def render_html(source: str, *, show_errors: bool = False) -> SafeString:
    """Just the HTML of :func:`render_body`."""
    return render_body(source, show_errors=show_errors).html


__all__ = [
    "ALLOWED_SCHEMES",
    "Fence",
    "FenceChecker",
    "FenceRenderer",
    "FencedBlock",
    "Heading",
    "RenderedBody",
    "fence_errors",
    "fenced_blocks",
    "register_fence",
    "registered_fences",
    "render_body",
    "render_html",
    "unregister_fence",
]
