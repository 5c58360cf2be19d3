"""The table draws again only what changed: the same board drawn twice sets nothing.

Textual lays out and renders a widget each time its content or border title is set,
even to the same thing; the table is drawn after every act and key. So each widget
keeps the key of what it shows (``banque.table.widgets.drawn``) and is set only when
that key changed; a language switch forgets the keys and draws everything again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Static

from banque import i18n
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.punto_banco.game import PuntoGame
from banque.table.chemin_app import chemin_table_app
from banque.table.punto_app import punto_table_app
from banque.table.screens import TableScreen
from banque.table.testing import READY_10, THREE, make_record, screen_text, table_app, typed

#: Right 9♠ K♥ is a natural 9; left 2♣ 4♣ = 6; bank 3♦ 2♥ = 5.
NATURAL = ["9S", "2C", "3D", "KH", "4C", "2H"]


@contextmanager
def refreshes(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """The widgets asked to draw again (``Widget.refresh``) while the block runs."""
    asked: Counter[str] = Counter()
    refresh = Widget.refresh

    def counted(self: Widget, *regions: Any, **options: Any) -> Widget:
        asked[f"{type(self).__name__}#{self.id}"] += 1
        return refresh(self, *regions, **options)

    with monkeypatch.context() as patch:
        patch.setattr(Widget, "refresh", counted)
        yield asked


@contextmanager
def updates(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """The texts set (``Static.update``), by widget (its id, or its first class)."""
    made: Counter[str] = Counter()
    update = Static.update

    def counted(self: Static, *content: Any, **options: Any) -> None:
        made[self.id or sorted(self.classes)[0]] += 1
        update(self, *content, **options)

    with monkeypatch.context() as patch:
        patch.setattr(Static, "update", counted)
        yield made


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    i18n.install("en")
    yield
    i18n.install("en")


@pytest.mark.pilot
async def test_the_same_board_drawn_again_sets_no_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=NATURAL))
    async with app.run_test(size=(80, 24)) as pilot:
        await typed(pilot, "5")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        with refreshes(monkeypatch) as asked:
            screen.refresh_table()
            await pilot.pause()
        assert not asked, asked
        # A stake sets again only what shows it (the seats, the prompt, the hint), never
        # the banker's line or the road.
        await typed(pilot, "3")
        with updates(monkeypatch) as made:
            await pilot.press("enter")
            await pilot.pause()
        assert made["seats"] and made["prompt"] and made["hint"]
        assert not made["banker"] and not made["road"] and not made["shoe"], made


@pytest.mark.pilot
async def test_a_language_switch_draws_everything_again_the_cards_too() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=NATURAL))
    async with app.run_test(size=(80, 24)) as pilot:
        await typed(pilot, "5")
        await pilot.press("enter")
        await typed(pilot, "3")
        await pilot.press("enter", "enter")  # the deal: a natural, every hand shown
        await pilot.pause()
        text = screen_text(app)
        assert "│K♥ │" in text and "Bank 1" in text and "Coup 1" in text
        await app.switch_language("fr")
        await pilot.pause()
        text = screen_text(app)
        assert "│R♥ │" in text and "│K♥ │" not in text  # the king, in French
        assert "Banque 1" in text and "Bank 1" not in text
        await app.switch_language("en")
        await pilot.pause()
        text = screen_text(app)
        assert "│K♥ │" in text and "Bank 1" in text and "Banque 1" not in text


@pytest.mark.pilot
@pytest.mark.parametrize("game", ["chemin", "punto"])
async def test_a_two_hand_table_drawn_again_sets_nothing(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if game == "chemin":
        app = chemin_table_app(CheminGame(["Ana", "Bob"], seed=3), ["Ana"], {"Bob": "bold"})
    else:
        app = punto_table_app(PuntoGame(["Ana", "Bob"], seed=7), ["Ana"], {"Bob": "bold"})
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None
        table.refresh_table()
        await pilot.pause()
        with refreshes(monkeypatch) as asked:
            table.refresh_table()
            await pilot.pause()
        assert not asked, asked
