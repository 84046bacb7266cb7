"""Engine tests run without Django (``pytest tests/mahjong/engine -p no:django``).

With the pytest-django plugin off nothing puts the project root on the Python
path (the plugin does it when it finds manage.py, an editable install does it
too), so it is added here; with either of those in place this changes nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
