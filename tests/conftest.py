"""Shared fixtures. Settings come from site_core.settings with DJANGO_DEBUG=1
set by pytest-env (see [tool.pytest.ini_options] env in pyproject.toml)."""

import pytest
from django.core.management import call_command


@pytest.fixture
def sample_pages(db):
    """The home and about pages in every language, as `make run` loads them."""
    call_command("load_sample_content", verbosity=0)
