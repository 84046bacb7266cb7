"""Tile Rummy's API tests: fresh throttle counts and generous rate limits for every test here."""

from tests.api_limits import _fresh_throttles

__all__ = ["_fresh_throttles"]
