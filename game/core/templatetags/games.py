"""Template helpers fed by the registry of games."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.module_loading import import_string

from game.core.registry import games, home_stylesheets, nav_links

register = template.Library()


@register.simple_tag
def game_nav() -> list[dict[str, Any]]:
    """``{% game_nav as links %}``: each game's navigation entries, as ``url`` and ``label``."""
    return [{"url": reverse(link.url_name), "label": link.label} for link in nav_links()]


@register.simple_tag
def game_cards() -> list[dict[str, Any]]:
    """``{% game_cards as cards %}``: each game's name, tagline, picture, buttons and rules page key."""
    return [
        {
            "slug": game.slug,
            "name": game.name,
            "tagline": game.tagline,
            "actions": [{"url": reverse(link.url_name), "label": link.label} for link in game.play],
            "rules_page": game.rules_page,
            "picture": import_string(game.picture)() if game.picture else "",
        }
        for game in games()
        if game.play
    ]


@register.simple_tag
def game_home_stylesheets() -> list[str]:
    """``{% game_home_stylesheets as sheets %}``: the static paths the games' parts of the home page need."""
    return home_stylesheets()


@register.simple_tag
def game_home_templates() -> list[str]:
    """``{% game_home_templates as sides %}``: what each game shows beside the home page's text."""
    return [game.home_template for game in games() if game.home_template]
