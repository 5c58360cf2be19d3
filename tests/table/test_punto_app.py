"""The punto banco table: keys, refusals in words, snapshots at 80×24 and 120×40."""

from __future__ import annotations

from typing import Any

import pytest

from banque.games.punto_banco.game import PuntoGame
from banque.table.app import BanqueApp
from banque.table.games_base import road_text
from banque.table.punto_app import punto_table_app
from banque.table.screens.standings import StandingsScreen

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
# Player 2+3 = 5 draws an 8 (3); banker 4+K stands against an 8: the banker wins 4 to 3.
SHOE = ["2C", "4H", "3D", "KS", "8S", "9C", "7D", "KH", "QC"]


def app_for(computers: dict[str, str] | None = None, limit: int = 100) -> BanqueApp:
    names = ["Ana", *(computers or {})]
    game = PuntoGame(names, seed=7, shoe=SHOE, limit=limit)
    app = punto_table_app(game, ["Ana"], computers)
    app.animation_level = "none"
    return app


@pytest.mark.pilot
async def test_bets_wait_until_the_deal_and_become_acts() -> None:
    app = app_for({"Bob": "bold"})
    async with app.run_test() as pilot:
        await pilot.press("b", "plus", "b", "p")  # 1 + 5 on the banker, 5 on the player
        assert app.table.pending == {"Ana": {"banker": 6, "player": 5}}
        assert app.table.game.actions == []  # nothing is played before the deal
        await pilot.press("enter")
        game = app.table.game
        assert [a.act for a in game.actions][-1] == "deal"
        coup = game.coups[0]
        assert coup.result == "banker" and coup.hands.player == ["2C", "3D", "8S"]
        assert game.balances["Ana"] == 100 - 5 + 6  # 6 won on the banker, 6/20 due
        assert game.due["Ana"] == 6
        assert any(b["who"] == "Bob" for b in coup.bets)
        assert game.total_chips() == 200


@pytest.mark.pilot
async def test_a_bet_beyond_the_limit_is_refused_in_words() -> None:
    app = app_for(limit=10)
    async with app.run_test() as pilot:
        await pilot.press("plus", "plus", "p", "p")  # two chips of 10
        assert app.table.pending == {"Ana": {"player": 10}}
        assert "house limit is 10" in app.table.message
        await pilot.press("backspace")
        assert app.table.pending == {}


@pytest.mark.pilot
async def test_l_asks_the_house_to_raise_its_limit() -> None:
    game = PuntoGame(["Ana"], seed=7, shoe=SHOE, limit=10, raise_limit=25)
    app = punto_table_app(game, ["Ana"])
    app.animation_level = "none"
    async with app.run_test() as pilot:
        await pilot.press("l")  # twice the limit
        assert game.limit == 20 and "raises it from 10 to 20" in app.table.message
        await pilot.press("l")  # up to the most the house grants
        assert game.limit == 25
        assert not app.table.key_on("ask_limit", ())  # nothing left to ask: the key is off
        await pilot.press("l")
        assert game.limit == 25 and [a.act for a in game.actions] == ["ask_limit", "ask_limit"]
        await pilot.press("plus", "plus", "p", "p", "p")  # 10 + 10 on the player, 20 in all
        assert app.table.pending == {"Ana": {"player": 20}}


@pytest.mark.pilot
async def test_without_the_option_l_does_nothing() -> None:
    app = app_for()
    async with app.run_test() as pilot:
        assert not app.table.key_on("ask_limit", ())
        await pilot.press("l")
        assert app.table.game.limit == 100 and app.table.game.actions == []


@pytest.mark.pilot
async def test_dealing_without_bets_plays_the_coup() -> None:
    app = app_for()
    async with app.run_test() as pilot:
        await pilot.press("enter")
        assert len(app.table.game.coups) == 1 and app.table.game.balances["Ana"] == 100
        assert "No bets of yours" in app.table.message


def test_road_text() -> None:
    text = road_text([["B", "BT"], ["P"]], rows=2, width=5).plain
    assert text.splitlines() == ["B P ", "B*· "]


@pytest.mark.pilot
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_start(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for({"Bob": "cautious"}), terminal_size=size)


@pytest.mark.pilot
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_bets_placed(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(), press=["b", "plus", "8", "p"], terminal_size=size)


@pytest.mark.pilot
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_after_coups(snap_compare: Any, size: tuple[int, int]) -> None:
    keys = ["plus", "plus", "b", "enter", "p", "enter"]
    assert snap_compare(app_for({"Bob": "bold"}), press=keys, terminal_size=size)


@pytest.mark.pilot
async def test_the_journal_keeps_every_coup_and_the_game_resumes(tmp_path: Any) -> None:
    from banque.games.records import list_games
    from banque.session.two_hands import new_journal, resume

    game = PuntoGame(["Ana", "Bob"], seed=7, shoe=SHOE)
    journal = new_journal(game, {"Bob": "cautious"}, 0.0, folder=tmp_path)
    app = punto_table_app(game, ["Ana"], {"Bob": "cautious"}, journal=journal)
    async with app.run_test() as pilot:
        await pilot.press("b", "enter", "p", "enter")
    journal.close()
    again, pace = resume(journal.path)
    assert again.journal is not None
    again.journal.close()
    assert again.game.report() == game.report() and again.styles == {"Bob": "cautious"}
    assert pace == 0.0
    (entry,) = list_games(tmp_path)  # banque games lists it
    assert entry.participants == ["Ana", "Bob"] and entry.coup == 2 and entry.state == "unfinished"


@pytest.mark.pilot
async def test_the_help_shows_the_games_rules_and_keys() -> None:
    from banque.table.screens.games_help import GameHelpScreen, game_help

    assert "natural 8" in game_help("Punto banco") and "banco suivi" not in game_help("Punto banco")
    assert "banco suivi" in game_help("Chemin de fer")
    app = app_for()
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, GameHelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, GameHelpScreen)


@pytest.mark.pilot
async def test_a_table_of_computers_deals_by_itself() -> None:
    game = PuntoGame(["Bob", "Eve"], seed=3)
    app = punto_table_app(game, [], {"Bob": "bold", "Eve": "cautious"}, pace=0.1)
    async with app.run_test() as pilot:
        for _ in range(200):  # up to 10 s on a busy machine
            if len(game.coups) >= 2:
                break
            await pilot.pause(0.05)
        assert app.table.watching and len(game.coups) >= 2
        assert game.total_chips() == 200
        # nobody's bets shown as the watcher's own: the spots and what they pay
        assert app.table._w("spots").border_title == "The spots"
        assert "Bob: chip" not in str(app.table._w("spots").render())


@pytest.mark.pilot
async def test_e_ends_the_game_with_the_standings_and_the_journal_finished(tmp_path: Any) -> None:
    from banque.games.records import list_games
    from banque.session.two_hands import farewell, new_journal

    game = PuntoGame(["Ana", "Bob"], seed=7, shoe=SHOE)
    journal = new_journal(game, {"Bob": "cautious"}, 0.0, folder=tmp_path)
    app = punto_table_app(game, ["Ana"], {"Bob": "cautious"}, journal=journal)
    async with app.run_test() as pilot:
        assert "e End" in str(app.table._w("keys").render())
        await pilot.press("plus", "b", "enter")  # 5 on the banker: it wins, 5/20 due
        await pilot.press("b", "e")  # a bet not yet dealt goes back
        assert game.phase == "ended" and [a.act for a in game.actions][-1] == "retire"
        await pilot.pause()
        # banque's standings screen, over the table
        assert isinstance(app.screen, StandingsScreen) and app.screen.two_hand is app.table
        shown = str(app.screen.query_one("#standings-title").render())
        ana = game.balances["Ana"]
        assert ana == 105  # 5 won; its commission (a quarter of a chip) waits in the box
        assert "The game is over after 1 coup." in shown and "+5" in shown
        assert f"The house: {game.house:+d}" in shown and "Ana 1/4 of a chip" in shown
        bar = str(app.table._w("keys").render())
        assert bar.split() == ["F1", "Help", "▏^p", "palette"]  # no key of the game
        await pilot.press("p", "enter")  # nothing more is played
        assert len(game.coups) == 1
    journal.close()
    (entry,) = list_games(tmp_path)
    assert entry.state == "finished"
    assert "the game is over" in farewell(app.table.session)


@pytest.mark.pilot
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_standings(snap_compare: Any, size: tuple[int, int]) -> None:
    async def end(pilot: Any) -> None:
        await pilot.press("plus", "b", "enter", "p", "enter", "e")

    assert snap_compare(app_for({"Bob": "bold"}), run_before=end, terminal_size=size)


def bar_of(app: BanqueApp) -> str:
    return str(app.table._w("keys").render())


@pytest.mark.pilot
async def test_the_key_bar_shows_the_keys_and_f1_help() -> None:
    from banque.table.screens.games_help import GameHelpScreen

    game = PuntoGame(["Ana", "Bob"], seed=7, shoe=SHOE)
    app = punto_table_app(game, ["Ana", "Bob"], {})
    async with app.run_test(size=(80, 24)) as pilot:
        bar = bar_of(app)
        assert "p b 8 9 Bet +/- Chip r Again ⏎ Deal ⇥ Next seat e End F1 Help" in bar
        assert "Undo" not in bar  # no bet to take back yet
        await pilot.press("b")
        assert app.table.pending["Ana"] == {"banker": 1} and "⌫ Undo" in bar_of(app)
        await pilot.press("backspace")
        assert not app.table.pending.get("Ana") and "Undo" not in bar_of(app)
        await pilot.press("tab")  # Tab: the next player bets
        assert app.table.seat == "Bob"
        await pilot.press("f1")
        assert isinstance(app.screen, GameHelpScreen)


@pytest.mark.pilot
@pytest.mark.parametrize("language", ["en", "fr", "es"])
async def test_the_key_bar_fits_80_columns(language: str) -> None:
    from banque.i18n import _, install

    install(language)
    try:
        game = PuntoGame(["Ana", "Bob"], seed=7, shoe=SHOE)
        app = punto_table_app(game, ["Ana", "Bob"], {})
        async with app.run_test(size=(80, 24)) as pilot:
            for keys in ([], ["p"]):
                await pilot.press(*keys)
                bar = str(app.table._w("keys").render()).rstrip()
                assert bar.endswith("palette" if language != "es" else "paleta")
                assert "F1" in bar and "…" not in bar
                assert bar.split("▏")[0].rstrip().endswith("F1 " + _("Help")), bar
    finally:
        install("en")


@pytest.mark.pilot
async def test_r_places_the_last_coups_bets_again() -> None:
    app = app_for({"Bob": "cautious"})
    game = app.table.game
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")  # no coup yet: said, nothing placed
        assert "no bets on the last coup" in app.table.message and not app.table.pending.get("Ana")
        await pilot.press("plus", "b", "minus", "p", "p", "enter")  # 5 on banker, 2 on player
        assert len(game.coups) == 1
        assert "r Again" in bar_of(app) and "Undo" not in bar_of(app)
        await pilot.press("r")
        assert app.table.pending["Ana"] == {"banker": 5, "player": 2}
        assert "bets again, 7 in all" in app.table.message
        assert "⌫ Undo" in bar_of(app) and "Again" not in bar_of(app)
        await pilot.press("backspace")
        game.balances["Ana"] = 6  # (fewer chips than the last bets)
        await pilot.press("r")
        assert not app.table.pending.get("Ana")
        assert "The last coup's bets come to 7: Ana has only 6 chips." in app.table.message


@pytest.mark.pilot
async def test_the_log_says_which_hand_won_with_which_cards_when_wide() -> None:
    from banque.table.testing import screen_text

    app = app_for({"Bob": "cautious"})
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("b", "enter")
        await pilot.pause(0.1)
        assert "Coup 1: Banker wins; player 2♣ 3♦ 8♠ = 3, banker 4♥ K♠ = 4" in screen_text(app)
        await pilot.resize_terminal(80, 24)  # narrow: the short form, whole
        await pilot.pause(0.1)
        assert "  1 Banker 2♣ 3♦ 8♠ =3 · 4♥ K♠ =4" in screen_text(app)


@pytest.mark.pilot
async def test_a_players_bank_is_played_on_chemin_de_fers_table() -> None:
    from banque.table.chemin_app import CheminTable
    from banque.table.punto_app import opening

    opened = opening(
        names=["Ana", "Bob"],
        computers={"Bob": "bold"},
        seed=3,
        bank="players",
        journal=False,
        pace=0,
    )
    assert isinstance(opened.table, CheminTable)
    app = BanqueApp(two_hand=opened, pace=0)
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        title = str(app.table._w("title").render())
        assert "Punto banco, players' bank" in title


@pytest.mark.pilot
async def test_the_table_is_drawn_from_the_seats_view() -> None:
    """The local table reads the seat's view through its session's port, as a joined
    seat reads the host's (one screen, fed one way)."""
    app = app_for({"Bob": "bold"})
    async with app.run_test() as pilot:
        session = app.table.session
        asked: list[str | None] = []
        view = session.seat_view

        def seat_view(seat: str | None) -> Any:
            asked.append(seat)
            return view(seat)

        session.seat_view = seat_view  # type: ignore[method-assign]
        await pilot.press("b", "enter")
        assert asked and set(asked) == {"Ana"}
