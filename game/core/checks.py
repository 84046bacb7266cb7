"""System checks of the registry: what two games declare must not collide (``manage.py check``).

Each error code, rate-limit scope and schema enum name is written once, in one game's entry (or
in the shared lists of ``game.core.api.errors.CODES`` and ``settings.THROTTLE_PER_MINUTE``); a
second game that declared one again would silently take it over, so the check refuses it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.checks import CheckMessage, Error

from .registry import GameInfo, games


def _clashes(
    kind: str, shared: Iterable[str], declared: list[tuple[str, Iterable[str]]], hint: str
) -> list[Error]:
    owner = dict.fromkeys(shared, "the shared core")
    errors = []
    for slug, names in declared:
        for name in names:
            if name in owner:
                errors.append(
                    Error(
                        f"{kind} {name!r} of the game {slug!r} is {owner[name]}'s already",
                        hint=hint,
                        id="games.E001",
                    )
                )
            else:
                owner[name] = f"the game {slug!r}"
    return errors


def registry_errors(
    entries: list[GameInfo], shared_codes: Iterable[str], shared_scopes: Iterable[str]
) -> list[Error]:
    slugs = [entry.slug for entry in entries]
    errors = [
        Error(f"two games have the slug {slug!r}", id="games.E002")
        for slug in sorted(set(slugs))
        if slugs.count(slug) > 1
    ]
    errors += _clashes(
        "the API error code",
        shared_codes,
        [(entry.slug, entry.api_error_codes) for entry in entries],
        "name the code after what it refuses, in words no other game uses",
    )
    errors += _clashes(
        "the rate-limit scope",
        shared_scopes,
        [(entry.slug, entry.throttle_rates) for entry in entries],
        "prefix the scope with the game's slug",
    )
    errors += _clashes(
        "the schema enum name",
        (),
        [(entry.slug, entry.api_enum_names) for entry in entries],
        "prefix the name with the game's",
    )
    return errors


def check_registry(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    from django.conf import settings

    from .api.errors import CODES

    return list(registry_errors(games(), CODES, getattr(settings.THROTTLE_PER_MINUTE, "shared", ())))
