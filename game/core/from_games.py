"""Settings the games contribute through their registry entries, looked up when read.

``site_core/settings.py`` is read before the apps are loaded, so it cannot list each game's
rate-limit scopes or schema enum names itself; these mappings stand in for them there and
ask the registry (:mod:`game.core.registry`) each time they are read, by which time the apps
are loaded. A test that sets a plain dict in their place (a rate of its own) still can.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping


class ThrottlePerMinute(Mapping[str, int]):
    """Requests per minute per client address, by rate-limit scope: the site's shared scopes, then
    every game's (``GameInfo.throttle_rates``)."""

    def __init__(self, shared: Mapping[str, int]) -> None:
        self.shared = dict(shared)

    def _rates(self) -> dict[str, int]:
        from .registry import throttle_rates

        # A game's scope named like a shared one is refused by manage.py check (game/core/checks.py).
        return {**self.shared, **throttle_rates()}

    def __getitem__(self, scope: str) -> int:
        return self._rates()[scope]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rates())

    def __len__(self) -> int:
        return len(self._rates())


class ThrottleRates(Mapping[str, str]):
    """DRF's ``DEFAULT_THROTTLE_RATES`` ("60/min") from the rates per minute, times ``scale``."""

    def __init__(self, per_minute: Mapping[str, int], scale: int) -> None:
        self.per_minute = per_minute
        self.scale = scale

    def __getitem__(self, scope: str) -> str:
        return f"{self.per_minute[scope] * self.scale}/min"

    def __iter__(self) -> Iterator[str]:
        return iter(self.per_minute)

    def __len__(self) -> int:
        return len(self.per_minute)


class EnumNames(Mapping[str, str]):
    """drf-spectacular's ``ENUM_NAME_OVERRIDES``: every game's ``GameInfo.api_enum_names``."""

    def _names(self) -> dict[str, str]:
        from .registry import api_enum_names

        return api_enum_names()

    def __getitem__(self, name: str) -> str:
        return self._names()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())
