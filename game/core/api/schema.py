"""The API schema's description of the games, from the registry (a drf-spectacular postprocessing hook)."""

from __future__ import annotations

from typing import Any

from game.core.registry import games


def describe_games(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Append one line per game with an API: its name, what it offers and where its paths are."""
    lines = []
    for game in games():
        if game.api_urls is None:
            continue
        where = f"under /api/{game.mounted_api_prefix}" if game.mounted_api_prefix else "at the root of /api/"
        offers = f"{game.api_summary}: " if game.api_summary else ""
        lines.append(f"- {game.name} ({offers}its paths {where})")
    info = result.setdefault("info", {})
    info["description"] = "\n".join([info.get("description", ""), "", *lines]).strip()
    return result
