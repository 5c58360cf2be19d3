"""The theme chosen is kept for the next start (banque/table/settings.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from banque.table.app import BanqueApp
from banque.table.screens import SetupScreen
from banque.table.settings import config_dir, kept_theme, settings_path
from banque.table.testing import table_app

pytestmark = pytest.mark.pilot


def test_the_settings_live_in_the_folder_the_tests_give() -> None:
    assert config_dir() == Path(os.environ["BANQUE_CONFIG_DIR"])
    assert kept_theme() is None  # nothing kept yet: Textual's default theme


async def test_a_theme_chosen_is_the_theme_at_the_next_start() -> None:
    app = table_app(seed=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        default = app.theme
        chosen = "nord" if default != "nord" else "gruvbox"
        app.theme = chosen
        await pilot.pause()
        assert not app._notifications
    assert json.loads(settings_path().read_text())["theme"] == chosen
    again = table_app(seed=2)
    async with again.run_test(size=(80, 24)) as pilot:
        assert isinstance(again.screen, SetupScreen)
        assert again.theme == chosen
        # drawn in it from the first screen: the theme's own background
        background = again.current_theme.background
        assert background is not None
        assert again.screen.styles.background.hex.lower() == background.lower()


async def test_a_theme_that_cannot_be_kept_is_said_and_still_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder\n")
    monkeypatch.setenv("BANQUE_CONFIG_DIR", str(blocked / "banque"))
    app = table_app(seed=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.theme = "nord"
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert app.theme == "nord"
        assert any(m.startswith("The theme could not be kept for next time (") for m in said), said


def test_a_settings_file_not_understood_is_the_defaults() -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{not json")
    assert kept_theme() is None
    settings_path().write_text(json.dumps({"theme": "no-such-theme"}))
    app = BanqueApp()
    assert app.theme != "no-such-theme"
