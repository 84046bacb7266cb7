"""Production static files: our own scripts and stylesheets minified before they are hashed and
compressed (``collectstatic``).

Each file is minified on its own with esbuild (no bundle: the clients stay the ES modules they
are, each fetched and cached by itself), in place in ``STATIC_ROOT``, before the manifest
storage hashes it and WhiteNoise compresses it: the unhashed copies (which the modules' relative
imports ask for, static ones and the ``import()`` of a module fetched when first needed alike,
since no storage rewrites them) and the hashed ones are the same minified text. Third-party
files (the admin's, Swagger UI's) are shipped as their authors made them and left alone. esbuild
comes with the npm tools (``npm ci``, which ``make setup`` runs); without it ``collectstatic``
stops and says so, so that a production server never serves the unminified files without anyone
knowing.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import FileSystemStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIED = (".js", ".mjs", ".css")


def esbuild() -> Path:
    return Path(settings.BASE_DIR) / "node_modules" / ".bin" / "esbuild"


def is_ours(storage: Any) -> bool:
    """Whether the file comes from the project's own folders (not an installed package's)."""
    if not isinstance(storage, FileSystemStorage):
        return False
    location = Path(storage.location).resolve()
    base = Path(settings.BASE_DIR).resolve()
    return location.is_relative_to(base) and not any(
        location.is_relative_to(base / folder) for folder in (".venv", "node_modules")
    )


def minify(root: Path, names: list[str]) -> None:
    """Minify ``names`` (paths under ``root``) in place, each on its own."""
    if not names:
        return
    tool = esbuild()
    if not tool.exists():
        raise ImproperlyConfigured(
            f"collectstatic minifies the site's scripts and stylesheets with {tool}: run `npm ci` "
            "(or `make setup`) first"
        )
    subprocess.run(
        [
            str(tool),
            *names,
            "--minify",
            "--charset=utf8",
            # No tsconfig: esbuild would read one above STATIC_ROOT and add "use strict" to modules.
            "--tsconfig-raw={}",
            "--log-level=warning",
            f"--outdir={root}",
            f"--outbase={root}",
            "--allow-overwrite",
        ],
        cwd=root,
        check=True,
    )


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # untyped base
    def post_process(
        self, paths: dict[str, tuple[Any, str]], *args: Any, **options: Any
    ) -> Iterator[tuple[str, str, Any]]:
        dry_run = options.get("dry_run") or (args[0] if args else False)
        if not dry_run:
            ours = sorted(
                name for name, (storage, _) in paths.items() if name.endswith(MINIFIED) and is_ours(storage)
            )
            minify(Path(self.location), ours)
            # Hashed from the minified copies, not from the apps' sources.
            paths = {**paths, **{name: (self, name) for name in ours}}
        yield from super().post_process(paths, *args, **options)
