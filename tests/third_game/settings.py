"""The site's settings with a third game installed (tests/third_game/triplets): nothing else changes.

The game's package is found on ``sys.path`` (tests/test_third_game.py puts this folder there).
"""

from site_core.settings import *  # noqa: F403
from site_core.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "triplets.apps.TripletsConfig"]
