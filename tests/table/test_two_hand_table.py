"""What chemin de fer's and punto banco's tables share with banque's: the palette's game
commands, F1's help screen, ctrl+s, pausing the computers, the curtain and a seat's
private view, the road."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandPalette

from banque.core.record import load_record
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.punto_banco.game import PuntoGame
from banque.games.records import replay
from banque.table.app import BanqueApp
from banque.table.chemin_app import chemin_table_app
from banque.table.punto_app import punto_table_app
from banque.table.screens.curtain import CurtainScreen
from banque.table.screens.games_help import GameHelpScreen

pytestmark = pytest.mark.pilot

THREE = ["Ana", "Bruno", "Chloé"]  # seed 1: Ana holds the first bank by lot
# Punter 2+3 = 5 (a choice), banker 3+4 = 7; then a 9 and a K.
FIVE = ["2C", "3D", "3H", "4S", "9C", "KD", "QS", "JH", "TC", "9H"]


def chemin(humans: list[str], pace: float = 0) -> BanqueApp:
    game = CheminGame(THREE, seed=1, shoe=FIVE)
    computers = {n: "cautious" for n in THREE if n not in humans}
    app = chemin_table_app(game, humans, computers, pace=pace)
    app.animation_level = "none"
    return app


async def settle(pilot: Any, times: int = 6) -> None:
    for _ in range(times):
        await pilot.pause()


def shown(app: Any, ident: str) -> str:
    """What a widget of the table shows, as plain text."""
    return str(app.table._w(ident).render())


def titles(app: Any) -> list[str]:
    return [name for name, _help, _call in app.game_commands(app.screen)]


async def test_the_palette_offers_the_games_commands_and_plays_them() -> None:
    app = chemin(["Bruno", "Chloé"])
    async with app.run_test() as pilot:
        await settle(pilot)  # Ana (computer) announces 15: Bruno's turn to stake
        offered = titles(app)
        assert {"Banco", "Pass", "Help: rules and keys", "Save the record"} <= set(offered)
        assert "Draw" not in offered and "Deal the coup" not in offered  # not now
        assert {"View seat: Bruno", "View seat: Chloé"} <= set(offered)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert CommandPalette.is_open(app)
        await pilot.press(*"banco", "enter")
        await settle(pilot, 10)
        assert any(a.act == "banco" and a.who == "Bruno" for a in app.table.game.actions)


async def test_f1_opens_the_help_in_banques_look_and_closes_it() -> None:
    app = chemin(["Ana"])
    async with app.run_test() as pilot:
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, GameHelpScreen)
        assert app.screen.has_class("help-screen")
        assert app.screen.query_one("#help-dialog") is not None
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, GameHelpScreen)


async def test_ctrl_s_saves_a_record_that_replays_to_the_same_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = chemin(["Ana"])
    async with app.run_test() as pilot:
        await pilot.press("1", "5", "enter")  # Ana's bank of 15; the computers stake
        await settle(pilot, 10)
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved = sorted(tmp_path.glob("chemin-de-fer-*.json"))
        assert len(saved) == 1 and app.save_path == saved[0]
        played = list(app.table.game.actions)
        record = load_record(saved[0])
        assert record.game == "chemin-de-fer"
        assert replay(record).game.actions == played
        await pilot.press("ctrl+s")  # the same file, updated
        await settle(pilot)
        assert sorted(tmp_path.glob("chemin-de-fer-*.json")) == saved


async def test_space_pauses_the_computers_and_full_stop_plays_one_move() -> None:
    game = CheminGame(THREE, seed=4)
    app = chemin_table_app(game, [], {n: "bold" for n in THREE}, pace=0.05)
    async with app.run_test() as pilot:
        await pilot.press("space")
        await pilot.pause(0.2)
        assert app.paused
        acts = len(game.actions)
        await pilot.pause(0.3)
        assert len(game.actions) == acts  # nobody moves while paused
        await pilot.press("full_stop")
        await settle(pilot)
        assert len(game.actions) > acts  # one move
        acts = len(game.actions)
        await pilot.press("space")  # they go on
        for _ in range(100):
            if len(game.actions) > acts + 2:
                break
            await pilot.pause(0.05)
        assert not app.paused and len(game.actions) > acts + 2


async def test_space_pauses_punto_bancos_watch_mode() -> None:
    game = PuntoGame(["Ana", "Bob"], seed=7)
    app = punto_table_app(game, [], {"Ana": "cautious", "Bob": "bold"}, pace=0.05)
    async with app.run_test() as pilot:
        await pilot.press("space")
        await pilot.pause(0.1)
        coups = len(game.coups)
        await pilot.pause(0.3)
        assert len(game.coups) == coups
        await pilot.press("full_stop")
        await settle(pilot)
        assert len(game.coups) == coups + 1


async def test_the_curtain_is_banques_and_the_private_view_shows_the_holders_cards_only() -> None:
    app = chemin(["Bruno", "Chloé"])
    async with app.run_test() as pilot:
        await settle(pilot)  # Ana (computer) announces 15
        await pilot.press("1", "5", "enter")  # Bruno takes the whole bank
        await settle(pilot)  # Ana deals: Bruno holds 5, a choice
        assert isinstance(app.screen, CurtainScreen) and app.table.curtain_for == "Bruno"
        await pilot.press("escape")  # back to the public table: every card concealed
        await settle(pilot)
        assert not isinstance(app.screen, CurtainScreen)
        public = shown(app, "hands")
        assert public.count("▒▒▒") == 4 and "Pass the keyboard to Bruno" in shown(app, "prompt")
        assert app.table.key_on("move", (True,)) is False  # no decision before the look
        await pilot.press("enter")  # the curtain again, then the look
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        private = shown(app, "hands")
        assert app.table.viewer == "Bruno" and "2♣" in private and "3♥" in private
        assert private.count("▒▒▒") == 2  # the banker's two cards stay concealed


async def test_view_seat_from_the_palette_shows_that_seat_its_cards() -> None:
    app = chemin(["Bruno", "Chloé"])
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("1", "5", "enter")
        await settle(pilot)
        await pilot.press("escape")  # Bruno's curtain: back to the table
        await settle(pilot)
        view = dict((n, c) for n, _h, c in app.game_commands(app.screen))["View seat: Chloé"]
        view()
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        # Chloé holds neither hand: she sees no card (Bruno's curtain still awaits him)
        assert app.table.viewer == "Chloé" and shown(app, "hands").count("▒▒▒") == 4
        assert app.table.curtain_for == "Bruno"


async def test_chemin_de_fer_has_a_road_of_its_coups() -> None:
    app = chemin(["Ana"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("1", "5", "enter")  # a bank of 15
        await settle(pilot, 10)
        await pilot.press("enter")  # the banker deals
        await settle(pilot, 10)
        await pilot.press("s")
        await settle(pilot, 10)
        assert len(app.table.game.coups) == 1
        road = shown(app, "road")
        mark = {"banker": "B", "player": "P", "tie": "T"}[app.table.game.coups[0].result]
        assert road.lstrip().startswith(mark)
        assert "cards in the shoe" in str(app.table._w("road").border_subtitle)


async def test_f2_shows_the_two_hand_tables_suits_in_ascii() -> None:
    app = chemin(["Ana"])
    async with app.run_test() as pilot:
        await pilot.press("1", "5", "enter", "enter", "s")  # Ana's bank; a coup dealt
        await settle(pilot)
        assert any(s in shown(app, "hands") for s in "♠♥♦♣")
        await pilot.press("f2")
        await settle(pilot)
        assert app.ascii_suits
        assert not any(s in shown(app, "hands") + shown(app, "log") for s in "♠♥♦♣")
        assert "Toggle ASCII suits" in titles(app)


async def test_a_two_hand_journal_resumes_in_banques_app(tmp_path: Path) -> None:
    """``banque --resume`` of a punto banco game: banque's App opens its table (no second
    App), and says so."""
    from banque.session.two_hands import new_journal
    from banque.table.punto_app import PuntoTable

    game = PuntoGame(["Ana"], seed=7)
    journal = new_journal(game, {}, 0.0, tmp_path)
    game.bet("Ana", "banker", 5)
    game.deal()
    assert journal.sync(game.actions)
    journal.close()
    app = BanqueApp(resume=journal.path, toast_seconds=30)
    async with app.run_test(notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PuntoTable) and app.table is app.screen
        assert app.table.game.actions == game.actions
        assert any("Game resumed from" in n.message for n in app._notifications)
        await pilot.press("enter")  # a coup more, written to the same journal
        await settle(pilot)
        assert len(app.table.game.coups) == 2
        app.save()
    app.table.session.journal.close()
