"""Which Chromium the browser tests and the browser benchmark launch, and how.

The system's Chromium (Debian's package): Playwright cannot download a browser
here. The flags keep it off the network, which this machine's closed network
would otherwise refuse many times per start.
"""

from __future__ import annotations

import os
import shutil

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def find_chromium() -> str | None:
    for path in CHROMIUM_CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium")
