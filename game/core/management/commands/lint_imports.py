"""``manage.py lint_imports``: import-linter's contracts for the games installed, read from the registry.

Each game's registry entry names its package (the app) and its pure rules package
(``GameInfo.engine``); from those the contracts are written out and checked, so a new game is
held to them without anyone listing it: its engine is pure (no Django, DRF, Channels, nor any
of the site's own packages), the games are independent of each other, and the shared core and
the content site name no game. ``make lint`` runs it (a development tool: import-linter is one
of the ``dev`` extras).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from configparser import ConfigParser
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from game.core.registry import GameAppConfig

SHARED = ("game.core", "game.common", "rules")
"""What every game may use and no game may be named by."""
SITE = ("game.core", "rules", "site_core")
IMPURE = ("django", "rest_framework", "drf_spectacular", "modeltranslation", "channels")
"""What an engine may not import, directly or through another module, besides the site's own packages."""


def game_packages() -> list[str]:
    return [config.name for config in apps.get_app_configs() if isinstance(config, GameAppConfig)]


def engines() -> list[str]:
    configs = [config for config in apps.get_app_configs() if isinstance(config, GameAppConfig)]
    return [config.game.engine for config in configs if config.game.engine]


def contracts() -> ConfigParser:
    """import-linter's configuration (its INI form) for the games installed now."""
    games = game_packages()
    roots = list(dict.fromkeys(["game", "rules", "site_core", *(name.split(".")[0] for name in games)]))
    config = ConfigParser()

    def lines(names: list[str] | tuple[str, ...]) -> str:
        return "\n" + "\n".join(names)

    config["importlinter"] = {"root_packages": lines(roots), "include_external_packages": "True"}
    config["importlinter:contract:engines-are-pure"] = {
        "name": "Engines are pure: no Django, no DRF, no site package",
        "type": "forbidden",
        "source_modules": lines(["game.common", *engines()]),
        "forbidden_modules": lines([*IMPURE, *SITE]),
    }
    if len(games) > 1:
        config["importlinter:contract:games-are-independent"] = {
            "name": "Games are independent of each other",
            "type": "independence",
            "modules": lines(games),
        }
    if games:
        config["importlinter:contract:shared-names-no-game"] = {
            "name": "The shared core and the content site name no game",
            "type": "forbidden",
            "source_modules": lines(SHARED),
            "forbidden_modules": lines(games),
        }
    return config


class Command(BaseCommand):
    help = "Check the import contracts (pure engines, independent games, a core naming no game)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--show", action="store_true", help="Print the contracts' configuration instead.")

    def handle(self, *args: Any, **options: Any) -> None:
        config = contracts()
        if options["show"]:
            config.write(self.stdout)
            return
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "importlinter.ini"
            with path.open("w", encoding="utf-8") as file:
                config.write(file)
            # In a process of its own: import-linter, run inside this one with the site loaded,
            # trips over what the loaded packages left in sys.modules.
            linter = Path(sys.executable).with_name("lint-imports")
            result = subprocess.run(
                [str(linter), "--config", str(path), "--no-cache"],
                capture_output=True,
                text=True,
                check=False,
                cwd=settings.BASE_DIR,
                env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
            )
        self.stdout.write(result.stdout)
        if result.returncode != 0:
            self.stderr.write(result.stderr)
            raise CommandError("an import contract is broken (see above)")
