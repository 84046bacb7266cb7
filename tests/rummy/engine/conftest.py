"""Rummy engine tests: the engine needs no Django, only the project root on the path.

The root is added here in case nothing else put it there (pytest-django does
when it finds manage.py).  The ``slow`` marker (the big exactness cross-check)
is registered here too (pyproject registers it as well; a second registration
is harmless), so ``--strict-markers`` accepts it under any configuration.
``pytest -m "not slow"`` leaves the big cross-check out, ``-m slow`` runs it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: long-running tests (the big exactness cross-check)")
