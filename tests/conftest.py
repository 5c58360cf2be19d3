"""Shared test settings: no test ever writes into the real user's data directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from banque import i18n


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Journals and rescue records go to a temporary folder of each test's own; a test
    that speaks another language leaves English behind it."""
    folder = tmp_path_factory.mktemp("banque-data")
    monkeypatch.setenv("BANQUE_DATA_DIR", str(folder))
    # the language: English unless a test asks for another (whatever the machine's locale)
    monkeypatch.setenv("BANQUE_LANG", "en")
    yield folder
    if i18n.current_language() != "en":
        i18n.install("en")
