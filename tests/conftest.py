"""Shared test settings: no test ever writes into the real user's data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Journals and rescue records go to a temporary folder of each test's own."""
    folder = tmp_path_factory.mktemp("banque-data")
    monkeypatch.setenv("BANQUE_DATA_DIR", str(folder))
    # catalogues compiled from a .po newer than its .mo: not into the user's cache either
    monkeypatch.setenv("BANQUE_CACHE_DIR", str(folder / "cache"))
    # the language: English unless a test asks for another (whatever the machine's locale)
    monkeypatch.setenv("BANQUE_LANG", "en")
    return folder
