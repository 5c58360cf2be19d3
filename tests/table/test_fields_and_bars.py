"""The light widgets of the first screen: the text field, the title bar and the key bar."""

from __future__ import annotations

from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from banque.table.app import css_path
from banque.table.widgets.bars import KeyBar, TitleBar
from banque.table.widgets.field import TextField

pytestmark = pytest.mark.pilot


class FieldApp(App[None]):
    CSS_PATH = css_path()  # the widgets' styles (screens.tcss)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "ring", "Ring", id="t.ring"),
        Binding("question_mark", "help_key", "Help", priority=True, id="t.help"),
    ]
    TITLE = "banque"
    SUB_TITLE = "tests"

    def __init__(self) -> None:
        super().__init__()
        self.rung = 0
        self.helped = 0
        self.changes: list[str] = []

    def compose(self) -> ComposeResult:
        yield TitleBar(icon="♠")
        yield TextField("Ana", placeholder="(empty)", max_length=6, refuse="?", id="name")
        yield TextField("", restrict=r"[0-9.]*", max_length=5, id="pace")
        yield KeyBar()

    def action_ring(self) -> None:
        self.rung += 1

    def action_help_key(self) -> None:
        self.helped += 1

    def on_text_field_changed(self, event: TextField.Changed) -> None:
        self.changes.append(event.value)


def field(app: FieldApp, ident: str) -> TextField:
    return app.query_one(f"#{ident}", TextField)


async def test_typing_replaces_the_value_selected_on_focus() -> None:
    app = FieldApp()
    async with app.run_test() as pilot:
        name = field(app, "name")
        assert app.focused is name and name.selection == (0, 3)
        await pilot.press(*"Zoé")
        assert name.value == "Zoé" and name.cursor == 3
        await pilot.press("left", "left", "backspace", "X")
        assert name.value == "Xoé"
        await pilot.press("end", "backspace", "home", "delete")
        assert name.value == "o"
        await pilot.pause()
        assert app.changes[-1] == "o"


async def test_limits_and_allowed_characters_refuse_with_a_bell() -> None:
    app = FieldApp()
    async with app.run_test() as pilot:
        name = field(app, "name")
        await pilot.press(*"Abcdefgh")  # six at most
        assert name.value == "Abcdef"
        pace = field(app, "pace")
        pace.focus()
        await pilot.pause()
        await pilot.press(*"0.6x")
        assert pace.value == "0.6"
        await pilot.press("?")  # not refused here: but not allowed by the pattern
        assert pace.value == "0.6"


async def test_a_refused_character_goes_on_to_the_keys_of_the_app() -> None:
    app = FieldApp()
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        assert app.helped == 1 and field(app, "name").value == "Ana"


async def test_line_editing_keys() -> None:
    app = FieldApp()
    async with app.run_test() as pilot:
        name = field(app, "name")
        name.value = "Eve Li"
        await pilot.press("ctrl+w")
        assert name.value == "Eve "
        await pilot.press("home", "ctrl+k")
        assert name.value == ""
        name.value = "ab cd"
        await pilot.press("left", "left", "ctrl+u")
        assert name.value == "cd" and name.cursor == 0
        await pilot.press("shift+right", "X")
        assert name.value == "Xd"


async def test_paste_takes_the_first_line_and_click_moves_the_cursor() -> None:
    from textual import events

    app = FieldApp()
    async with app.run_test() as pilot:
        name = field(app, "name")
        name.post_message(events.Paste("Léa\nsecond line"))
        await pilot.pause()
        assert name.value == "Léa"
        await pilot.click(name, offset=(1, 0))
        assert name.cursor == 1 and name.selection == (1, 1)


async def test_the_key_bar_shows_the_keys_and_a_click_presses_one() -> None:
    app = FieldApp()
    async with app.run_test(size=(60, 10)) as pilot:
        bar = app.query_one(KeyBar)
        line = str(bar.render())
        assert "^g Ring" in line and line.rstrip().endswith("^p palette")
        assert "Help" in line
        start = line.index("^g")
        await pilot.click(bar, offset=(start, 0))
        assert app.rung == 1


async def test_the_title_bar_follows_the_screens_subtitle() -> None:
    app = FieldApp()
    async with app.run_test(size=(60, 10)) as pilot:
        bar = app.query_one(TitleBar)
        assert "banque — tests" in str(bar.render())
        app.screen.sub_title = "Bank 2"
        await pilot.pause()
        assert "banque — Bank 2" in str(bar.render())
